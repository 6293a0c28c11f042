import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, upcomingRange, type TestApp } from '#test/helpers.ts';
import { addressPrefix, clientKey } from '#src/lib/client-key.ts';
import { ADDRESS_SHARE_MESSAGE, HOLD_TOTAL_MINUTES, SAVED_BOOKING_WINDOW_MINUTES } from './fair-share.ts';

const engine = inject('pgUrl') ? 'PostgreSQL' : 'PGlite';
const CAP = 3;

let t: TestApp;
beforeAll(async () => {
  // Hours generous: only the number of times limits here (the hours have their own app below).
  t = await createTestApp({ fairShare: { holdsPerAddress: CAP, holdMinutesPerAddress: 100 * 60, clientKeySecret: undefined } });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Day = { date: string; calendarSlots: { startTime: string; endTime: string }[] };

/** Every free exact slot of office 1 in the coming weeks, as reservation strings, as `c` sees them. */
async function freeSlots(c: ApiClient): Promise<string[]> {
  // Six weeks: the tests use some seventy slots, and late on a day the first week has few.
  const days = json<Day[]>(await c.post('/free-times', { ...upcomingRange(6), resourceTimeSelectionTypes: ['EXACT_TIME'] }));
  return days.flatMap((d) => d.calendarSlots.map((s) => `${d.date}T${s.startTime}|${d.date}T${s.endTime}`));
}

let nextSlot = 0;
/** A free slot no other test of this file has used (each is held by one session at most). */
async function unusedSlot(c: ApiClient): Promise<string> {
  const all = await freeSlots(c);
  const slot = all[20 + nextSlot++ * 3];
  if (!slot) throw new Error('ran out of free slots');
  return slot;
}

const reserve = (c: ApiClient, reservation: string) =>
  c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null });

/** A session at office 1 with a cart, started from `address`. */
async function session(address: string): Promise<ApiClient> {
  const c = new ApiClient(t.app, { remoteAddress: address });
  await prepareMaintenance(c);
  return c;
}

async function holdExpiry(token: string): Promise<Date | undefined> {
  const row = await t.db
    .selectFrom('resource_time')
    .select('expires_at')
    .where('process_token', '=', token)
    .where('kind', '=', 'HOLD')
    .executeTakeFirst();
  return row?.expires_at ? new Date(row.expires_at) : undefined;
}

async function dbNow(): Promise<Date> {
  const r = await sql<{ now: Date }>`SELECT now() AS now`.execute(t.db);
  return new Date(r.rows[0]!.now);
}

/** Everything a refused reserve-time could have touched. */
async function snapshot() {
  const holds = await sql`SELECT id, resource_id, during::text, kind, process_token, expires_at FROM resource_time WHERE kind = 'HOLD' ORDER BY id`.execute(
    t.db,
  );
  const processes = await sql`SELECT token, first_hold_at, lead_date, updated_at, expires_at FROM process ORDER BY token`.execute(t.db);
  return { holds: holds.rows, processes: processes.rows };
}

async function save(c: ApiClient) {
  const customer = await c.post('/customer/v2', CUSTOMER);
  expect(customer.statusCode).toBe(200);
  return c.post('/save-booking');
}

describe(`client address key (${engine})`, () => {
  it('is a hash of the address, one per IPv4 address and one per IPv6 /64', () => {
    expect(addressPrefix('203.0.113.5')).toBe('203.0.113.5');
    expect(addressPrefix('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressPrefix('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressPrefix('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressPrefix('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressPrefix('::1')).toBe('0:0:0:0::/64');
    const key = clientKey('203.0.113.5', undefined);
    expect(key).not.toContain('203');
    expect(key).toBe(clientKey('::ffff:203.0.113.5', undefined));
    expect(key).not.toBe(clientKey('203.0.113.6', undefined));
    expect(key).not.toBe(clientKey('203.0.113.5', 'another-secret-of-16+'));
    expect(clientKey('2001:db8:1:2::1', undefined)).toBe(clientKey('2001:db8:1:2:ffff::9', undefined));
  });
});

describe(`a session's holds end ${HOLD_TOTAL_MINUTES} minutes after its first (${engine})`, () => {
  it('a renewed hold never outlasts the total; past it reserve-time answers 412 and changes nothing', async () => {
    const c = await session('198.51.100.10');
    const slot = await unusedSlot(c);
    expect(json(await reserve(c, slot)).responseCode).toBe('SUCCESS');
    const first = await t.db.selectFrom('process').select('first_hold_at').where('token', '=', c.token!).executeTakeFirstOrThrow();
    expect(first.first_hold_at).not.toBeNull();

    // 20 minutes later the customer reserves again: the new hold ends at first + 30 min, not now + 15.
    await sql`UPDATE process SET first_hold_at = now() - interval '20 minutes' WHERE token = ${c.token!}`.execute(t.db);
    expect(json(await reserve(c, slot)).responseCode).toBe('SUCCESS');
    const now = await dbNow();
    const expiry = (await holdExpiry(c.token!))!;
    expect(Math.abs(expiry.getTime() - (now.getTime() + 10 * 60000))).toBeLessThan(5000);
    expect(json(await c.get('/get-booking/v2')).reservation_expires_at).toBe(expiry.toISOString());

    // Past the total the session is over for reserving: 412 with the Finnish message, nothing changed.
    await sql`UPDATE process SET first_hold_at = now() - interval '31 minutes' WHERE token = ${c.token!}`.execute(t.db);
    const before = await snapshot();
    const late = await reserve(c, slot);
    expect(late.statusCode).toBe(412);
    expect(json(late)).toMatchObject({ error: 'SESSION_EXPIRED', message: expect.stringContaining('Aloita varaus alusta') });
    expect(await snapshot()).toEqual(before);
  });

  it('save-booking within the window books the held time', async () => {
    const c = await session('198.51.100.11');
    const slot = await unusedSlot(c);
    expect(json(await reserve(c, slot)).responseCode).toBe('SUCCESS');
    await sql`UPDATE process SET first_hold_at = now() - interval '25 minutes' WHERE token = ${c.token!}`.execute(t.db);
    expect(json(await reserve(c, slot)).responseCode).toBe('SUCCESS');
    const saved = await save(c);
    expect(json(saved)).toMatchObject({ responseCode: 'SUCCESS' });
    const booked = await t.db.selectFrom('booking').select(['client_key']).where('process_token', '=', c.token!).executeTakeFirstOrThrow();
    expect(booked.client_key).toBe(clientKey('198.51.100.11', undefined));
  });
});

describe(`times per client address at one office (${engine})`, () => {
  it(`the ${CAP + 1}th live hold from one address is 429 with Retry-After and changes nothing; another address is unaffected`, async () => {
    const address = '203.0.113.20';
    const holders: ApiClient[] = [];
    for (let i = 0; i < CAP; i++) {
      const c = await session(address);
      expect(json(await reserve(c, await unusedSlot(c))).responseCode).toBe('SUCCESS');
      holders.push(c);
    }
    // A session that holds a time may still move it: its own hold does not count against it.
    expect(json(await reserve(holders[0]!, await unusedSlot(holders[0]!))).responseCode).toBe('SUCCESS');

    const extra = await session(address);
    const slot = await unusedSlot(extra);
    const before = await snapshot();
    const refused = await reserve(extra, slot);
    expect(refused.statusCode).toBe(429);
    expect(json(refused)).toEqual({ error: 'TOO_MANY_REQUESTS', message: ADDRESS_SHARE_MESSAGE });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 15 * 60).toBe(true);
    expect(await snapshot()).toEqual(before);

    // The same slot from another address is held at once.
    const other = await session('192.0.2.44');
    expect(json(await reserve(other, slot)).responseCode).toBe('SUCCESS');

    // When one of the address's holds ends, it may hold again.
    await sql`UPDATE resource_time SET expires_at = now() - interval '1 second' WHERE process_token = ${holders[1]!.token!}`.execute(t.db);
    expect(json(await reserve(extra, await unusedSlot(extra))).responseCode).toBe('SUCCESS');
  });

  it('addresses of one IPv6 /64 share the limit', async () => {
    for (let i = 0; i < CAP; i++) {
      const c = await session(`2001:db8:77:1::${i + 1}`);
      expect(json(await reserve(c, await unusedSlot(c))).responseCode).toBe('SUCCESS');
    }
    const c = await session('2001:db8:77:1:ffff:1:2:3');
    expect((await reserve(c, await unusedSlot(c))).statusCode).toBe(429);
    const elsewhere = await session('2001:db8:77:2::1');
    expect(json(await reserve(elsewhere, await unusedSlot(elsewhere))).responseCode).toBe('SUCCESS');
  });

  it('concurrent reserves from one address take at most the limit', async () => {
    const address = '203.0.113.30';
    const clients = await Promise.all(Array.from({ length: 8 }, () => session(address)));
    const slots = await Promise.all(clients.map((c) => unusedSlot(c)));
    const answers = await Promise.all(clients.map((c, i) => reserve(c, slots[i]!)));
    expect(answers.filter((a) => a.statusCode === 200 && json(a).responseCode === 'SUCCESS')).toHaveLength(CAP);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(8 - CAP);
  });

  it(`bookings saved in the last ${SAVED_BOOKING_WINDOW_MINUTES} minutes count with the live holds`, async () => {
    const address = '203.0.113.40';
    const savers: ApiClient[] = [];
    for (let i = 0; i < CAP - 1; i++) {
      const c = await session(address);
      expect(json(await reserve(c, await unusedSlot(c))).responseCode).toBe('SUCCESS');
      expect(json(await save(c)).responseCode).toBe('SUCCESS');
      savers.push(c);
    }
    const holder = await session(address);
    expect(json(await reserve(holder, await unusedSlot(holder))).responseCode).toBe('SUCCESS');
    // Two saved bookings and one hold: the limit is reached, saving the hold changes nothing.
    expect(json(await save(holder)).responseCode).toBe('SUCCESS');
    const next = await session(address);
    expect((await reserve(next, await unusedSlot(next))).statusCode).toBe(429);

    // A booking saved over an hour ago no longer counts.
    await sql`UPDATE booking SET created_at = now() - interval '61 minutes' WHERE process_token = ${savers[0]!.token!}`.execute(t.db);
    expect(json(await reserve(next, await unusedSlot(next))).responseCode).toBe('SUCCESS');
  });
});

describe(`hours of work per client address at one office (${engine})`, () => {
  let h: TestApp;
  let minutes: number;
  beforeAll(async () => {
    // Measure the cart's length with the main app, then allow two and a half such jobs.
    const probe = await session('192.0.2.200');
    expect(json(await reserve(probe, await unusedSlot(probe))).responseCode).toBe('SUCCESS');
    minutes = json(await probe.get('/get-booking/v2')).total_duration_minutes as number;
    h = await createTestApp({
      fairShare: { holdsPerAddress: 100, holdMinutesPerAddress: Math.floor(minutes * 2.5), clientKeySecret: undefined },
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('a hold that would take the address past its hours is 429', async () => {
    expect(minutes).toBeGreaterThan(0);
    const clients: ApiClient[] = [];
    for (let i = 0; i < 3; i++) {
      const c = new ApiClient(h.app, { remoteAddress: '203.0.113.50' });
      await prepareMaintenance(c);
      clients.push(c);
    }
    const slots = await freeSlots(clients[0]!);
    expect(json(await reserve(clients[0]!, slots[10]!)).responseCode).toBe('SUCCESS');
    expect(json(await reserve(clients[1]!, slots[20]!)).responseCode).toBe('SUCCESS');
    expect((await reserve(clients[2]!, slots[30]!)).statusCode).toBe(429);
  });
});
