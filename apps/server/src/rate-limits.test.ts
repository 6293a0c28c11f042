import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, PROCESS_TOKEN_HEADER } from '@huolto/domain';
import type { FastifyReply, LightMyRequestResponse } from 'fastify';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, upcomingRange, type TestApp } from '../test/helpers.ts';
import { RETURNING_CUSTOMER_PHONE, RETURNING_CUSTOMER_RESOURCE_ID } from '../seed/index.ts';
import { DatabaseCounters, concurrencyGate } from './plugins/rate-limit.ts';
import { OPENAPI_JSON_PATH } from './openapi/index.ts';

/**
 * The limits on calls that hold capacity or could be used for guessing, counted in the
 * database (rate_limit_counter) per client address and per booking session; and the
 * look-ups that answer only a caller who knows both halves (phone and car, key and plate).
 * rate-limits.pg.test.ts shows two server processes sharing the counts.
 */

const LIMITS = {
  initSessionRateLimit: 4,
  reserveTimeRateLimit: 6,
  reserveTimeSessionRateLimit: 3,
  codeCheckRateLimit: 5,
  codeCheckSessionRateLimit: 3,
  vehicleSearchRateLimit: 5,
  lookupSessionRateLimit: 3,
  freeTimesOnOrganizationRateLimit: 5,
  freeTimesOnOrganizationSessionRateLimit: 3,
};
// Counted in the database on both engines here (PGlite's default is memory:
// rate-limits-memory.test.ts), so the rows can be seen and written as another instance would.
const t: TestApp = await createTestApp({ ...LIMITS, rateLimitCounts: 'database' });
afterAll(() => t.close());

let nextAddress = 1;
/** A client address no other test uses. */
const freshAddress = () => `10.77.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/**
 * A maintenance session at the time step, set up from an address of its own, then calling
 * from `address`: the calls under test are the only ones counted there.
 */
async function sessionAt(address: string, opts: { registerNumber?: string } = {}) {
  const setup = new ApiClient(t.app, { remoteAddress: freshAddress() });
  await prepareMaintenance(setup, opts);
  const c = new ApiClient(t.app, { remoteAddress: address });
  c.token = setup.token;
  return c;
}

/** 429 TOO_MANY_REQUESTS with a Retry-After within the window. */
function expectLimited(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode, res.body).toBe(429);
  expect(json(res).error).toBe('TOO_MANY_REQUESTS');
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

async function counters(like: string) {
  const { rows } = await sql<{ key: string; count: number }>`
    SELECT key, count FROM rate_limit_counter WHERE key LIKE ${like} ORDER BY key`.execute(t.db);
  return rows;
}

describe('init-session per client address', () => {
  it(`allows ${LIMITS.initSessionRateLimit} a minute, then 429; the count is in the database`, async () => {
    const address = freshAddress();
    const c = new ApiClient(t.app, { remoteAddress: address });
    for (let i = 0; i < LIMITS.initSessionRateLimit; i++) await c.init();
    expectLimited(await c.post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' }), 60);
    // Another address is not affected.
    await new ApiClient(t.app, { remoteAddress: freshAddress() }).init();

    const rows = await counters(`address|%/init-session|${address}`);
    expect(rows).toEqual([{ key: expect.stringContaining(address), count: LIMITS.initSessionRateLimit + 1 }]);
    // The database is what counts: a window ended there lets the address in again…
    await sql`UPDATE rate_limit_counter SET expires_at = now() - interval '1 second' WHERE key = ${rows[0]!.key}`.execute(t.db);
    await c.init();
    // …and a count written there (as another server instance would) stops an address that
    // this instance has never seen.
    const stranger = freshAddress();
    await sql`INSERT INTO rate_limit_counter (key, count, expires_at)
      VALUES (${rows[0]!.key.replace(address, stranger)}, ${LIMITS.initSessionRateLimit}, now() + interval '1 minute')`.execute(t.db);
    const res = await new ApiClient(t.app, { remoteAddress: stranger }).post('/init-session', undefined, {
      usedProcessType: 'MAINTENANCE',
      installationType: 'LAAKKONEN_PUBLIC',
    });
    expectLimited(res, 60);
  });
});

describe('reserve-time', () => {
  it(`per session: ${LIMITS.reserveTimeSessionRateLimit} a minute; per address: ${LIMITS.reserveTimeRateLimit} a minute`, async () => {
    const address = freshAddress();
    const a = await sessionAt(address);
    const reservation = await firstFreeSlot(a);
    const reserve = (c: ApiClient) => c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' });
    for (let i = 0; i < LIMITS.reserveTimeSessionRateLimit; i++) expect((await reserve(a)).statusCode).toBe(200);
    expectLimited(await reserve(a), 60);
    // A second session from the address has its own count, until the address's is full
    // (the refused call above counted for the address too).
    const b = await sessionAt(address);
    const left = LIMITS.reserveTimeRateLimit - LIMITS.reserveTimeSessionRateLimit - 1;
    for (let i = 0; i < left; i++) expect((await reserve(b)).statusCode).toBe(200);
    expectLimited(await reserve(b), 60);
    // The same session from another address still may.
    const elsewhere = new ApiClient(t.app, { remoteAddress: freshAddress() });
    elsewhere.token = b.token;
    expect((await reserve(elsewhere)).statusCode).toBe(200);
  });
});

describe('campaign and service codes', () => {
  const campaign = (c: ApiClient, value: string) => c.post('/campaign-code/v2', { value });
  const service = (c: ApiClient, value: string) => c.put('/set-service-code', { value });

  it(`per session: ${LIMITS.codeCheckSessionRateLimit} guesses in 10 minutes on either call; per address: ${LIMITS.codeCheckRateLimit} an hour`, async () => {
    const address = freshAddress();
    const a = await sessionAt(address);
    expect(json(await campaign(a, 'ARVAUS1'))).toEqual({ responseCode: 'NOT_FOUND' });
    expect(json(await service(a, 'ARVAUS2'))).toEqual({ responseCode: 'NOT_FOUND' });
    expect(json(await campaign(a, 'ARVAUS3'))).toEqual({ responseCode: 'NOT_FOUND' });
    expectLimited(await service(a, 'ARVAUS4'), 600);
    expectLimited(await campaign(a, 'ARVAUS5'), 600);

    const b = await sessionAt(address);
    // 5 calls from the address so far: the hourly count is full.
    expect(LIMITS.codeCheckRateLimit).toBe(5);
    expectLimited(await campaign(b, 'ARVAUS6'), 3600);
    expect((await campaign(b, 'ARVAUS6')).headers['x-ratelimit-limit']).toBe(String(LIMITS.codeCheckRateLimit));
  });

  it('a script cannot try a thousand codes: at most the session limit get an answer', async () => {
    const c = await sessionAt(freshAddress());
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => campaign(c, `KOODI${i}`)));
    const answered = answers.filter((r) => r.statusCode === 200);
    expect(answered).toHaveLength(LIMITS.codeCheckSessionRateLimit);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(40 - LIMITS.codeCheckSessionRateLimit);
  });
});

describe('look-ups by registration number, phone number or booking key', () => {
  it(`search-vehicle: ${LIMITS.lookupSessionRateLimit} a minute per session, ${LIMITS.vehicleSearchRateLimit} per address`, async () => {
    const address = freshAddress();
    const a = await sessionAt(address);
    const search = (c: ApiClient) => c.post('/search-vehicle', { registerNumber: 'ABC-123' });
    // The session's first search was made while setting it up.
    for (let i = 1; i < LIMITS.lookupSessionRateLimit; i++) expect((await search(a)).statusCode).toBe(200);
    expectLimited(await search(a), 60);
    // 3 calls from the address so far: two more sessions may search once each, a third may not.
    expect((await search(await sessionAt(address))).statusCode).toBe(200);
    expect((await search(await sessionAt(address))).statusCode).toBe(200);
    expectLimited(await search(await sessionAt(address)), 60);
  });

  it(`resource-for-customer: ${LIMITS.lookupSessionRateLimit} a minute per session, ${LIMITS.vehicleSearchRateLimit} per address`, async () => {
    const address = freshAddress();
    const ask = (c: ApiClient) => c.get('/resource-for-customer', { phoneNumber: '040 123 4567' });
    const a = await sessionAt(address);
    for (let i = 0; i < LIMITS.lookupSessionRateLimit; i++) expect((await ask(a)).statusCode).toBe(200);
    expectLimited(await ask(a), 60);
    const b = await sessionAt(address);
    expect((await ask(b)).statusCode).toBe(200);
    expectLimited(await ask(b), 60);
  });

  it('HEAD is limited like the GET, on the same count', async () => {
    const a = await sessionAt(freshAddress());
    const head = () =>
      t.app.inject({
        method: 'HEAD',
        url: `${API_BASE}/resource-for-customer?phoneNumber=0401234567`,
        headers: { [PROCESS_TOKEN_HEADER]: a.token! },
        remoteAddress: freshAddress(),
      });
    for (let i = 0; i < LIMITS.lookupSessionRateLimit - 1; i++) expect((await head()).statusCode).toBe(200);
    expect((await a.get('/resource-for-customer', { phoneNumber: '0401234567' })).statusCode).toBe(200);
    expect((await head()).statusCode).toBe(429);
  });

  it(`the nine calls by booking key share one count: ${LIMITS.vehicleSearchRateLimit} a minute per address over all of them`, async () => {
    const address = freshAddress();
    const c = new ApiClient(t.app, { remoteAddress: address });
    const key = { bookingKey: 'QQQQQQQQQQQQ', registerNumber: 'ABC-123' };
    const { start } = upcomingRange();
    const keyCalls: [string, () => Promise<LightMyRequestResponse>][] = [
      ['open-booking', () => c.post('/open-booking', key)],
      ['billing-reference', () => c.post('/billing-reference', key)],
      ['cancel-booking', () => c.post('/cancel-booking', key)],
      ['free-times-for-booking', () => c.post('/free-times-for-booking', { ...key, start, end: start })],
      ['move-booking', () => c.post('/move-booking', { ...key, reservation: `${start}T08:00:00|${start}T09:00:00` })],
      ['send-edit-request', () => c.post('/send-edit-request', { ...key, message: 'Hei' })],
      ['send-email', () => c.post('/send-email', key)],
      ['booking/cd/add-rows', () => c.post('/booking/cd/add-rows', { ...key, rows: [{ productId: 'X', amount: 1 }] })],
      ['booking-calendar', () => c.get('/booking-calendar', key)],
    ];
    // A different call each time: the first ones of the list use up the address's count…
    for (const [name, call] of keyCalls.slice(0, LIMITS.vehicleSearchRateLimit)) {
      expect((await call()).statusCode, name).not.toBe(429);
    }
    // …and every one of the nine is then refused, not only those already called.
    for (const [, call] of keyCalls) expectLimited(await call(), 60);
    // One counter of the address for them all, in the database.
    expect(await counters(`address|booking-key|${address}%`)).toEqual([{ key: expect.any(String), count: LIMITS.vehicleSearchRateLimit + keyCalls.length }]);
    // Another address is not affected.
    expect((await new ApiClient(t.app, { remoteAddress: freshAddress() }).post('/send-email', key)).statusCode).toBe(200);
  });
});

describe('free-times-on-organization', () => {
  it(`${LIMITS.freeTimesOnOrganizationSessionRateLimit} a minute per session, ${LIMITS.freeTimesOnOrganizationRateLimit} per address`, async () => {
    const address = freshAddress();
    const { start } = upcomingRange();
    const others = (c: ApiClient) => c.post('/free-times-on-organization', { start, end: start });
    const a = await sessionAt(address);
    for (let i = 0; i < LIMITS.freeTimesOnOrganizationSessionRateLimit; i++) expect((await others(a)).statusCode).toBe(200);
    expectLimited(await others(a), 60);
    const b = await sessionAt(address);
    expect((await others(b)).statusCode).toBe(200);
    expectLimited(await others(b), 60);
  });

  it('runs at most two at once; others wait their turn or are answered 503 BUSY with Retry-After', async () => {
    const gate = concurrencyGate({ concurrency: 2, maxQueue: 1, maxWaitMs: 200 });
    const replies: { status?: number; headers: Record<string, unknown>; body?: unknown }[] = [];
    const reply = () => {
      const r: (typeof replies)[number] = { headers: {} };
      replies.push(r);
      const fake = {
        status: (s: number) => ((r.status = s), fake),
        header: (k: string, v: unknown) => ((r.headers[k] = v), fake),
        send: (b: unknown) => ((r.body = b), fake),
      };
      return fake as unknown as FastifyReply;
    };
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        releases.push(() => {
          running--;
          resolve('done');
        });
      });
    const first = gate(reply(), work);
    const second = gate(reply(), work);
    const third = gate(reply(), work); // waits in line
    const fourth = await gate(reply(), work); // the line is full
    expect(replies[3]).toMatchObject({ status: 503, headers: { 'retry-after': 2 }, body: { error: 'BUSY' } });
    expect(fourth).not.toBe('done');
    expect(releases).toHaveLength(2);
    releases[0]!();
    expect(await first).toBe('done');
    await new Promise((r) => setImmediate(r));
    expect(releases).toHaveLength(3); // the third got the slot
    releases[1]!();
    releases[2]!();
    expect(await Promise.all([second, third])).toEqual(['done', 'done']);
    expect(most).toBe(2);
    // One that waits longer than maxWaitMs is answered BUSY.
    const slow1 = gate(reply(), work);
    const slow2 = gate(reply(), work);
    await gate(reply(), work);
    expect(replies.at(-1)).toMatchObject({ status: 503, body: { error: 'BUSY' } });
    for (const release of releases.slice(3)) release();
    await Promise.all([slow1, slow2]);
  });
});

describe('when the counts cannot be taken', () => {
  it('a database that cannot be reached: the error goes on (answered 503), never a silent pass', async () => {
    const counters = new (class extends DatabaseCounters {
      override async hit(): Promise<never> {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
    })(t.db, t.app.log);
    await expect(counters.count('x', 60_000)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('any other failure lets the call through and is logged, rather than failing every limited call', async () => {
    await sql`ALTER TABLE rate_limit_counter RENAME TO rate_limit_counter_away`.execute(t.db);
    try {
      const c = new ApiClient(t.app, { remoteAddress: freshAddress() });
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.initSessionRateLimit + 2; i++) {
        statuses.push((await c.post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' })).statusCode);
      }
      expect(statuses).toEqual(Array(LIMITS.initSessionRateLimit + 2).fill(200));
    } finally {
      await sql`ALTER TABLE rate_limit_counter_away RENAME TO rate_limit_counter`.execute(t.db);
    }
  });
});

describe('expired counters', () => {
  it('are deleted by the sweep; live ones stay', async () => {
    await sql`INSERT INTO rate_limit_counter (key, count, expires_at) VALUES
      ('test|old', 3, now() - interval '1 minute'), ('test|live', 3, now() + interval '1 minute')`.execute(t.db);
    const deleted = await new DatabaseCounters(t.db, t.app.log).sweep();
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect((await counters('test|%')).map((r) => r.key)).toEqual(['test|live']);
  });
});

describe('the API document', () => {
  it('lists the per-address and per-session limits of each call', async () => {
    const doc = json(await t.app.inject({ method: 'GET', url: OPENAPI_JSON_PATH }));
    const paths = doc.paths as Record<string, Record<string, { description?: string; responses: Record<string, unknown> }>>;
    const reserve = Object.entries(paths).find(([p]) => p.endsWith('/reserve-time'))![1].post!;
    expect(reserve.description).toContain(`${LIMITS.reserveTimeRateLimit} calls per client address within 1 minute`);
    expect(reserve.description).toContain(`${LIMITS.reserveTimeSessionRateLimit} calls per booking session within 1 minute`);
    expect(reserve.responses['429']).toBeDefined();
    const code = Object.entries(paths).find(([p]) => p.endsWith('/campaign-code/v2'))![1].post!;
    expect(code.description).toContain(`${LIMITS.codeCheckSessionRateLimit} calls per booking session within 10 minutes`);
  });
});

describe('resource-for-customer reveals nothing to a session that did not search the car', () => {
  const ask = (c: ApiClient, phoneNumber = RETURNING_CUSTOMER_PHONE) => c.get('/resource-for-customer', { phoneNumber });

  it("answers the mechanic only with the phone number of the car's latest visit", async () => {
    const plate = (
      await t.db
        .selectFrom('booking')
        .select('register_number')
        .where('customer_phone', '=', '0400765432')
        .where('organization_id', '=', 1)
        .orderBy('start_at', 'desc')
        .executeTakeFirstOrThrow()
    ).register_number;
    expect(plate).not.toBe('ABC-123');
    const owner = await sessionAt(freshAddress(), { registerNumber: plate });
    expect(json(await ask(owner))).toEqual({ resource: { id: RETURNING_CUSTOMER_RESOURCE_ID, name: 'Mekaanikko Sanna' } });
    // Another car, the same phone number: the answer of a number that has never visited.
    const stranger = await sessionAt(freshAddress(), { registerNumber: 'ABC-123' });
    const visited = await ask(stranger);
    const never = await ask(stranger, '050 000 0001');
    expect(json(visited)).toEqual({ resource: null });
    expect(visited.body).toBe(never.body);
    // No car searched yet: nothing.
    const early = new ApiClient(t.app, { remoteAddress: freshAddress() });
    await early.init();
    await early.post('/active-organization/v2', { organizationId: 1 });
    expect(json(await ask(early))).toEqual({ resource: null });
  });
});

describe('billing-reference needs the registration number', () => {
  it('answers only when key and plate match; a wrong key and a wrong plate get the same answer', async () => {
    const c = new ApiClient(t.app, { remoteAddress: freshAddress() });
    await prepareMaintenance(c);
    expect(json(await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    await c.post('/customer/v2', CUSTOMER);
    const { bookingKey } = json(await c.post('/save-booking'));
    expect(bookingKey).toEqual(expect.any(String));

    const anon = new ApiClient(t.app, { remoteAddress: freshAddress() });
    const right = await anon.post('/billing-reference', { bookingKey, registerNumber: 'abc-123' });
    expect(right.statusCode).toBe(200);
    expect(json(right).reference).toMatch(/^1\d{8,}$/);

    const wrongPlate = await anon.post('/billing-reference', { bookingKey, registerNumber: 'XYZ-999' });
    const wrongKey = await anon.post('/billing-reference', { bookingKey: 'QQQQQQQQQQQQ', registerNumber: 'ABC-123' });
    expect(wrongPlate.statusCode).toBe(400);
    expect(wrongPlate.body).toBe(wrongKey.body);
    expect(json(wrongPlate).fields.map((f: { path: string }) => f.path)).toEqual(['bookingKey']);
    expect(wrongPlate.body).not.toContain(bookingKey);

    // The key alone is not enough.
    const keyOnly = await anon.post('/billing-reference', { bookingKey });
    expect(keyOnly.statusCode).toBe(400);
    expect(json(keyOnly).fields.map((f: { path: string }) => f.path)).toEqual(['registerNumber']);
    // Without a key: a fresh random reference, as before.
    expect(json(await anon.post('/billing-reference', {})).reference).toMatch(/^\d+$/);
  });
});
