/**
 * The answers the API document promises are the answers the API gives: every documented
 * route with a response schema (app.routeCalls) is called once as a client would, with a
 * valid input (the fuzz tests' samples, test/fuzz-support.ts) in a session prepared as far
 * as the call needs, and its 200 JSON answer must
 *
 * - be what the route's compiled serializer (openapi/serialize.ts, from that response
 *   schema) wrote from the handler's value,
 * - be the same JSON as JSON.stringify of the handler's value (how answers were sent before
 *   they were serialized by schema): the serializer left out no key the handler gave, so
 *   every field the web app reads is in the schema, and changed no value,
 * - parse with the route's response schema, and be described completely by it: the parsed
 *   value equals the answer (zod drops a key the schema lacks; a transformed value differs).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { z } from 'zod';
import { API_BASE, PROCESS_TOKEN_HEADER, STAFF_SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER, type ProcessType } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import {
  fillPath,
  isStaffPath,
  prepareFixtures,
  prepareStaffFixtures,
  sessionOf,
  type Fixtures,
  type FuzzSession,
  type Sample,
  type StaffFixtures,
} from '#test/fuzz-support.ts';

/** The last answer a compiled serializer wrote: its schema, the handler's value as JSON.stringify wrote it, and what it wrote. */
const serialized = vi.hoisted(() => ({ last: undefined as { schema: unknown; before: string; out: string } | undefined }));
vi.mock('./serialize.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./serialize.ts')>();
  const wrapped = new WeakMap<object, (data: unknown) => string>();
  return {
    ...real,
    serializerOf(schema: z.ZodType) {
      let serialize = wrapped.get(schema);
      if (!serialize) {
        const compiled = real.serializerOf(schema);
        serialize = (data: unknown) => {
          const before = JSON.stringify(data);
          const out = compiled(data);
          serialized.last = { schema, before, out };
          return out;
        };
        wrapped.set(schema, serialize);
      }
      return serialize;
    },
  };
});

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let fixtures: Fixtures;
let staff: StaffFixtures;
beforeAll(async () => {
  fixtures = await prepareFixtures(t);
  staff = await prepareStaffFixtures(t);
}, 60_000);

/** The documented routes with a response schema, in the order they are called. */
const ROUTES = [...t.app.routeCalls]
  .filter(([, doc]) => doc.responseSchema)
  .map(([key, doc]) => ({ key, schema: doc.responseSchema as z.ZodType }))
  .sort((a, b) => lateness(a.key) - lateness(b.key));

/**
 * Calls that end what others read run last: cancelling the saved booking (the other
 * managing calls open it by key) and logging out (a token of the fixtures could be it).
 */
function lateness(key: string) {
  // The back-office's: cancelling its booking after moving it, signing out after all.
  if (key === `POST ${API_BASE}/staff/logout`) return 5;
  if (key === `POST ${API_BASE}/staff/bookings/:id/cancel`) return 4;
  if (key.endsWith('/cancel-booking')) return 3;
  if (key.endsWith('/logout/')) return 2;
  // Confirms the registration that registerUser made.
  if (key.endsWith('/confirmUser/')) return 1;
  return 0;
}

/** Where a booking-API call needs more than a booking ready to save (time held, customer given). */
const TIRE_CALLS = ['/tire-sizes', '/search-tires/v2', '/api/products/tire-change/add'];
const WINDSHIELD_CALLS = ['/windshield/products'];

let address = 0;
/** A client from an address of its own (the holds per address are counted). */
const client = () => new ApiClient(t.app, { remoteAddress: `203.0.113.${(address++ % 250) + 1}` });

/** A booking of the given process, prepared up to the last step for a maintenance booking. */
async function sessionFor(path: string): Promise<FuzzSession> {
  const c = client();
  if (TIRE_CALLS.includes(path)) {
    await c.init('TIRE_CHANGE' satisfies ProcessType);
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    const offices = json<{ id: number }[]>(await c.get('/tire-change-organizations/v2'));
    await c.post('/transfer-organization', { organizationId: offices[0]!.id });
    return sessionOf(c, 'tire');
  }
  if (WINDSHIELD_CALLS.includes(path)) {
    await c.init('WINDSHIELD');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    return sessionOf(c, 'windshield');
  }
  await prepareMaintenance(c);
  const held = await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
  expect(json(held).responseCode).toBe('SUCCESS');
  expect((await c.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
  return sessionOf(c, 'ready');
}

/** The fuzz samples name the loyalty calls without their trailing slash. */
const fuzzSample = (key: string): Sample => fixtures.samples[key] ?? fixtures.samples[key.replace(/\/$/, '')] ?? {};

/** The registration cookie of registerUser's answer: confirmUser is answered in the browser that registered. */
let registrationCookie = '';

/** A valid input, and the cookies a browser would send with it. */
async function inputOf(key: string): Promise<Sample & { cookie?: string }> {
  const sample = fuzzSample(key);
  if (key.endsWith('/booking/cd/add-rows')) {
    // The rows added to a saved booking are extra order items.
    const item = await t.db.selectFrom('extra_order_item').select('id').where('active', '=', true).executeTakeFirstOrThrow();
    const body = sample.body as { rows: unknown[] };
    return { body: { ...body, rows: [{ productId: item.id, amount: 1 }] } };
  }
  if (key.endsWith('/confirmUser/')) {
    const { username } = sample.body as { username: string };
    const mail = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('recipient', '=', username)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const code = /vahvistuskoodisi on (\d{6})/.exec(mail.text_body)![1]!;
    return { body: { username, code }, cookie: registrationCookie };
  }
  return sample;
}

async function call(key: string) {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  const sample = await inputOf(key);
  const headers: Record<string, string> = {};
  let xsrf = 'answers';
  const staffCall = isStaffPath(url);
  if (url.startsWith(`${API_BASE}/`) && !staffCall) {
    const session = await sessionFor(url.slice(API_BASE.length));
    headers[PROCESS_TOKEN_HEADER] = session.token;
    xsrf = session.xsrf;
  }
  // The back-office's calls: an admin's session cookie, the path's parameters filled in.
  const staffCookie = staffCall ? `${STAFF_SESSION_COOKIE}=${staff.session}` : undefined;
  Object.assign(headers, { cookie: [`${XSRF_COOKIE}=${xsrf}`, sample.cookie, staffCookie].filter(Boolean).join('; '), [XSRF_HEADER]: xsrf });
  const query = sample.query ? Object.fromEntries(Object.entries(sample.query).map(([k, v]) => [k, String(v)])) : undefined;
  const body = sample.body ?? (method === 'GET' ? undefined : {});
  serialized.last = undefined;
  const res = await t.app.inject({
    method,
    url: staffCall ? fillPath(url, staff.params) : url,
    headers,
    ...(query ? { query } : {}),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  if (key.endsWith('/registerUser/')) registrationCookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return res;
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('\n  ');

const checked: string[] = [];
const notChecked: string[] = [];
/** Routes whose handler sends JSON text it built itself, not a value to serialize. */
const sentAsText: string[] = [];
/** Routes whose answer is byte for byte what JSON.stringify wrote (else: the same JSON, keys in the schema's order). */
const sameBytes: string[] = [];
const differentBytes: string[] = [];

/** The answer was written by the route's own compiled serializer, from its response schema, and is the handler's value as JSON. */
function checkSerialized(key: string, schema: z.ZodType, body: string) {
  const { schema: used, before, out } = serialized.last!;
  expect(used, `${key}: serialized by another route's schema`).toBe(schema);
  expect(body).toBe(out);
  // The same JSON as the handler's value: nothing left out, nothing changed.
  expect(JSON.parse(out), `${key}: the serializer changed the answer; the schema lacks a key or says another type`).toEqual(JSON.parse(before));
  if (out === before) sameBytes.push(key);
  else differentBytes.push(`${key}\n  before: ${before.slice(0, 300)}\n  now:    ${out.slice(0, 300)}`);
}

describe('every documented answer fits its response schema', () => {
  it.each(ROUTES.map((r) => [r.key, r] as const))('%s', async (_key, { key, schema }) => {
    const res = await call(key);
    const type = String(res.headers['content-type'] ?? '');
    if (res.statusCode !== 200 || !type.startsWith('application/json')) {
      notChecked.push(`${key}: ${res.statusCode} ${type} ${res.body.slice(0, 200)}`);
      return;
    }
    if (serialized.last === undefined) {
      // The handler sent JSON text it had built itself (a cached answer): nothing to compare.
      sentAsText.push(key);
    } else {
      checkSerialized(key, schema, res.body);
    }
    const answer: unknown = res.json();
    const parsed = schema.safeParse(answer);
    expect(parsed.success, `${key} answered what its responseSchema refuses:\n  ${parsed.error ? issuesOf(parsed.error) : ''}\n${res.body.slice(0, 2000)}`).toBe(
      true,
    );
    // A key the schema lacks is dropped by the parse; a transformed value differs.
    expect(parsed.data, `${key}: the responseSchema does not describe the whole answer`).toEqual(answer);
    checked.push(key);
  });

  it('checks the answer of more than 60 routes', () => {
    expect(checked.length, `checked ${checked.length}; not checked (no 200 JSON answer):\n${notChecked.join('\n')}`).toBeGreaterThan(60);
  });

  it('sends JSON text built by the handler only where the answer is cached as text', () => {
    expect(sentAsText.map((key) => key.replace(API_BASE, ''))).toEqual([
      'GET /active-processes',
      'GET /enabled-processes-generic-online',
      'POST /search-tires/v2',
    ]);
  });

  it('sends the very bytes of before for the hot calls', () => {
    // The other answers are the same JSON (checked above); where a handler passes on an
    // object read back from jsonb, whose keys PostgreSQL orders by length, the serializer
    // writes them in the schema's order instead (settings' serviceBreak, the car's tires).
    for (const path of ['/services/v2', '/free-times', '/compatible-organizations/v2', '/first-free-times', '/open-booking']) {
      const key = checked.find((k) => k.endsWith(`${API_BASE}${path}`));
      expect(key, `${path} was not checked`).toBeDefined();
      expect(sameBytes, `${key}: the same JSON, but not the same bytes:\n${differentBytes.join('\n')}`).toContain(key);
    }
    expect(sameBytes.length, differentBytes.join('\n')).toBeGreaterThan(60);
  });
});
