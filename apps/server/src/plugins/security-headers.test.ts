import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import helmet from 'helmet';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, LOYALTY_API_BASE } from '@huolto/domain';
import { ApiClient, createTestApp, type TestApp } from '#test/helpers.ts';
import { SECURITY_HEADER_OPTIONS, securityHeaders } from './security-headers.ts';

/** Every security header and its value, as the service has always sent them. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self' https:;frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self';connect-src 'self'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const dist = mkdtempSync(join(tmpdir(), 'huolto-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ajanvaraus</title>');
writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1);');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The security headers of an answer: those of EXPECTED's names it carries. */
const securityOf = (res: LightMyRequestResponse) =>
  Object.fromEntries(Object.keys(EXPECTED).flatMap((name) => (res.headers[name] === undefined ? [] : [[name, res.headers[name]]])));

describe('security headers', () => {
  it('are the ones helmet sets with the options, worked out once', () => {
    expect(securityHeaders()).toEqual(EXPECTED);
    // What helmet's own middleware sets on a real response (as it did on every request).
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    helmet(SECURITY_HEADER_OPTIONS)(req, res, (err?: unknown) => {
      if (err) throw err;
    });
    expect(res.getHeaders()).toEqual(EXPECTED);
    expect(Object.isFrozen(securityHeaders())).toBe(true);
  });

  it('come with every answer: JSON, refusals, errors, the API document and its page, the web app', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const answers = {
      settings: await c.get('/settings'),
      booking: await c.get('/get-booking/v2'),
      refused: await c.post('/search-vehicle', { registerNumber: '' }),
      xsrf: await t.app.inject({ method: 'POST', url: `${API_BASE}/save-notes` }),
      noSession: await t.app.inject({ method: 'GET', url: `${API_BASE}/get-booking/v2` }),
      unknownCall: await t.app.inject({ method: 'GET', url: `${API_BASE}/no-such-call` }),
      loyalty: await t.app.inject({ method: 'POST', url: `${LOYALTY_API_BASE}/login/` }),
      health: await t.app.inject({ method: 'GET', url: '/health' }),
      document: await t.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` }),
      page: await t.app.inject({ method: 'GET', url: `${API_BASE}/docs` }),
      pageCss: await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/docs.css` }),
      webPage: await t.app.inject({ method: 'GET', url: '/huolto/ajoneuvo' }),
      webAsset: await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' }),
      missingAsset: await t.app.inject({ method: 'GET', url: '/assets/none.js' }),
    };
    expect(answers.refused.statusCode).toBe(400);
    expect(answers.xsrf.statusCode).toBe(403);
    expect(answers.noSession.statusCode).toBe(412);
    expect(answers.webPage.headers['content-type']).toMatch(/^text\/html/);
    expect(answers.webAsset.statusCode).toBe(200);
    for (const [name, res] of Object.entries(answers)) expect(securityOf(res), name).toEqual(EXPECTED);
  });

  it('leave each answer its own cache policy and type', async () => {
    const settings = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    expect(settings.headers['cache-control']).toBe('no-store');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await t.app.inject({ method: 'GET', url: `${API_BASE}/docs/docs.css` });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
  });
});
