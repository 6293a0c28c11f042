import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, upcomingRange, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser } from '#test/staff.ts';
import { OPENAPI_JSON_PATH } from '#src/openapi/index.ts';

/**
 * The back-office's heavy reads (day view, week view, search; the print list is a day
 * view) are limited per staff account and per client address, and only a few are computed
 * at once per process: one staff session's flood of them gets 429 or 503 BUSY, while other
 * accounts and the customers' calendars keep their answers.
 */

const LIMITS = { staffAccountRateLimit: 4, staffViewRateLimit: 6 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
const freshAddress = () => `10.99.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/** A new office-1 account signed in from `address` (a fresh one unless given). */
async function staffAt(app: TestApp, address = freshAddress()) {
  const user = await addStaffUser(app.db, { role: 'OFFICE', officeIds: [1] });
  const client = new StaffClient(app.app, { remoteAddress: address });
  await client.login(user.email, user.password);
  return client;
}
/** The same account's session used from another address. */
function sameAccountFrom(client: StaffClient, app: TestApp, address: string) {
  const other = new StaffClient(app.app, { remoteAddress: address });
  other.session = client.session;
  return other;
}

const DAY = addDays(todayInHelsinki(), 7);
const heavyCalls = {
  week: (c: StaffClient) => c.get('/offices/1/week', { date: DAY }),
  day: (c: StaffClient) => c.get('/offices/1/day', { date: DAY }),
  search: (c: StaffClient) => c.get('/bookings', { q: 'ABC-123' }),
};

function expectLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(json(res)).toEqual({ error: 'TOO_MANY_REQUESTS', message: 'Liian monta pyyntöä. Yritä hetken kuluttua uudelleen.' });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/** A customer's free times for four weeks at office 1. */
async function customerFreeTimes(customer: ApiClient) {
  return customer.post('/free-times', { ...upcomingRange(), resourceTimeSelectionTypes: ['EXACT_TIME'] });
}

describe('per staff account', () => {
  it(`${LIMITS.staffAccountRateLimit} heavy calls a minute over day, week, print list and search, from any address; then 429 with Retry-After`, async () => {
    const a = await staffAt(t);
    const sequence = [heavyCalls.week, heavyCalls.day, heavyCalls.search, heavyCalls.day];
    for (const call of sequence.slice(0, LIMITS.staffAccountRateLimit)) expect((await call(a)).statusCode).toBe(200);
    for (const call of Object.values(heavyCalls)) expectLimited(await call(a));
    // The account's count, whatever address it calls from.
    expectLimited(await heavyCalls.week(sameAccountFrom(a, t, freshAddress())));
    // The other calls of the account are not limited by it.
    expect((await a.get('/offices')).statusCode).toBe(200);
    // Another account of the same office, and a customer, still get their answers.
    const b = await staffAt(t);
    expect((await heavyCalls.week(b)).statusCode).toBe(200);
    const customer = new ApiClient(t.app, { remoteAddress: freshAddress() });
    await prepareMaintenance(customer);
    expect((await customerFreeTimes(customer)).statusCode).toBe(200);
  });
});

describe('per client address', () => {
  it(`${LIMITS.staffViewRateLimit} day and week views a minute from one address, whichever accounts; then 429`, async () => {
    const address = freshAddress();
    const accounts = [await staffAt(t, address), await staffAt(t, address), await staffAt(t, address)];
    for (const c of accounts) {
      expect((await heavyCalls.week(c)).statusCode).toBe(200);
      expect((await heavyCalls.day(c)).statusCode).toBe(200);
    }
    expectLimited(await heavyCalls.day(await staffAt(t, address)));
    // Another address is not affected.
    expect((await heavyCalls.day(await staffAt(t))).statusCode).toBe(200);
  });
});

describe('computed at once per process', () => {
  it('a burst from one staff session is bounded: the calls beyond the line are answered 503 BUSY with Retry-After, and a customer still gets free times', async () => {
    const burst = await createTestApp({ staffHeavyConcurrency: 1 });
    try {
      const a = await staffAt(burst);
      const customer = new ApiClient(burst.app, { remoteAddress: freshAddress() });
      await prepareMaintenance(customer);
      const [answers, freeTimes] = await Promise.all([
        Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? heavyCalls.week(a) : heavyCalls.search(a)))),
        // The customer's call arrives amid the burst.
        new Promise<LightMyRequestResponse>((resolve) => setTimeout(() => resolve(customerFreeTimes(customer)), 20)),
      ]);
      expect(freeTimes.statusCode).toBe(200);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(answers.filter((r) => r.statusCode !== 200 && r.statusCode !== 503)).toEqual([]);
      // One runs, at most 20 wait in line: at least a few of 40 calls are turned away at once.
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(json(r).error).toBe('BUSY');
        expect(r.headers['retry-after']).toBe('2');
      }
    } finally {
      await burst.close();
    }
  }, 120_000);
});

describe('the API document', () => {
  it('names the per-account and per-address limits of the heavy calls', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH }));
    const paths = doc.paths as Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    const week = Object.entries(paths).find(([p]) => p.endsWith('/offices/{officeId}/week'))![1].get!;
    expect(week.description).toContain(`${LIMITS.staffAccountRateLimit} calls per staff account within 1 minute`);
    expect(week.description).toContain(`${LIMITS.staffViewRateLimit} calls per client address within 1 minute`);
    expect(week.responses['429']).toBeDefined();
  });
});
