/**
 * The customer pages' Content-Security-Policy follows the company's tag manager (docs/
 * decisions/022): without one the strict policy, with one its origin let in for scripts,
 * images and calls — and only on the web app's pages; every other answer keeps the strict
 * policy. A change through the admin's PUT /company, or by plain SQL, holds from the next page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, type CompanyDetails } from '@huolto/domain';
import { createTestApp, json, type TestApp } from '#test/helpers.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';
import { TAG_MANAGER_SOURCES, pagePolicies, securityHeaders } from './security-headers.ts';

const STRICT =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https:;frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';connect-src 'self'";
const WITH_TAG_MANAGER =
  "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https:;frame-ancestors 'none';" +
  "img-src 'self' data: https://www.googletagmanager.com;object-src 'none';script-src 'self' https://www.googletagmanager.com;" +
  "script-src-attr 'none';style-src 'self';connect-src 'self' https://www.googletagmanager.com https://www.google.com";

const dist = mkdtempSync(join(tmpdir(), 'huolto-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ajanvaraus</title>');
writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');

let t: TestApp;
let admin: StaffClient;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const csp = (res: LightMyRequestResponse) => res.headers['content-security-policy'];
const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The CSP of the web app's pages, of an asset and of API answers, in that order. */
async function policies() {
  const pages = await Promise.all(['/', '/etusivu', '/huolto/ajoneuvo', '/huolto/omat-tiedot', '/tietosuojaseloste'].map(get));
  for (const p of pages) expect(p.headers['content-type']).toMatch(/^text\/html/);
  const others = await Promise.all([get('/assets/app-1a2b3c.js'), get(`${API_BASE}/settings`), get(`${API_BASE}/no-such-call`), get('/health')]);
  return { pages: [...new Set(pages.map(csp))], others: [...new Set(others.map(csp))] };
}

async function setTagManager(tagManagerId: string) {
  const current = json<CompanyDetails>(await admin.get('/company'));
  // The demo's stored service break has no message, which the form (and PUT) asks for.
  const serviceBreak = current.serviceBreak && { ...current.serviceBreak, message: current.serviceBreak.message || 'Huoltokatko' };
  const res = await admin.put('/company', { ...current, serviceBreak, tagManagerId });
  expect(res.statusCode, res.body).toBe(200);
  expect(json<CompanyDetails>(res).tagManagerId).toBe(tagManagerId);
}

describe("the pages' Content-Security-Policy", () => {
  it('is worked out once per case: the strict policy as always, and the same with the tag manager\'s sources added', () => {
    const p = pagePolicies();
    expect(p.strict).toBe(STRICT);
    expect(p.strict).toBe(securityHeaders()['content-security-policy']);
    expect(p.tagManager).toBe(WITH_TAG_MANAGER);
    expect(p.strict).not.toContain('googletagmanager');
    for (const [directive, sources] of Object.entries(TAG_MANAGER_SOURCES)) {
      const line = p.tagManager.split(';').find((d) => d.startsWith(`${directive} `))!;
      for (const source of sources) expect(line.split(' ')).toContain(source);
    }
    // Nothing inline or evaluated, whatever the tag manager would like.
    expect(p.tagManager).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
  });

  it('is the strict one for a company without a tag manager', async () => {
    const stored = await t.db.selectFrom('setting').select('value').where('key', '=', 'tagManagerId').executeTakeFirst();
    expect(stored?.value ?? '').toBe('');
    expect(await policies()).toEqual({ pages: [STRICT], others: [STRICT] });
  });

  it('lets the tag manager in on the pages once an admin sets one, and no more once it is removed', async () => {
    await setTagManager('GTM-ABC1234');
    expect(await policies()).toEqual({ pages: [WITH_TAG_MANAGER], others: [STRICT] });
    await setTagManager('');
    expect(await policies()).toEqual({ pages: [STRICT], others: [STRICT] });
  });

  it('follows a change made by plain SQL (another server process) from the next page; a stored value that is no container counts as none', async () => {
    try {
      await sql`INSERT INTO setting (key, value) VALUES ('tagManagerId', to_jsonb('GTM-XYZ9876'::text))
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(t.db);
      expect((await policies()).pages).toEqual([WITH_TAG_MANAGER]);
      await sql`UPDATE setting SET value = to_jsonb('UA-1234-1'::text) WHERE key = 'tagManagerId'`.execute(t.db);
      expect((await policies()).pages).toEqual([STRICT]);
      await sql`UPDATE setting SET value = '{"id":"GTM-XYZ9876"}'::jsonb WHERE key = 'tagManagerId'`.execute(t.db);
      expect((await policies()).pages).toEqual([STRICT]);
    } finally {
      await sql`DELETE FROM setting WHERE key = 'tagManagerId'`.execute(t.db);
    }
    expect((await policies()).pages).toEqual([STRICT]);
  });
});
