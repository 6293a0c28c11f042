import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { SESSION_RETENTION_MINUTES, purgeExpired, startPurgeJob } from './purge.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A session of its own address with a held time (maintenance at office 1). */
async function sessionWithHold(address: string) {
  const c = new ApiClient(t.app, { remoteAddress: address });
  await prepareMaintenance(c);
  const reserved = await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
  expect(reserved.statusCode, reserved.body).toBe(200);
  return c;
}

/** Moves a session's expiry (and its holds' expiry) this many minutes into the past. */
async function expire(token: string, minutesAgo: number, holdsToo = true) {
  await sql`UPDATE process SET expires_at = now() - make_interval(mins => ${minutesAgo}) WHERE token = ${token}`.execute(t.db);
  if (holdsToo) {
    await sql`UPDATE resource_time SET expires_at = now() - make_interval(mins => ${minutesAgo})
              WHERE process_token = ${token} AND kind = 'HOLD'`.execute(t.db);
  }
}

const sessionExists = async (token: string) =>
  (await t.db.selectFrom('process').select('token').where('token', '=', token).executeTakeFirst()) !== undefined;
const timesOf = (token: string) =>
  t.db.selectFrom('resource_time').select(['kind', 'booking_id']).where('process_token', '=', token).execute();

describe('purge of expired holds and sessions', () => {
  it('deletes expired holds and long-expired sessions; keeps live ones, recently expired sessions and every saved booking', async () => {
    // Every session takes its time first: a reservation deletes the expired holds it overlaps.
    const old = await sessionWithHold('10.7.0.1');
    const bare = new ApiClient(t.app, { remoteAddress: '10.7.0.2' });
    await bare.init();
    const live = await sessionWithHold('10.7.0.3');
    const recent = await sessionWithHold('10.7.0.4');
    const booked = await sessionWithHold('10.7.0.5');
    await booked.post('/customer/v2', CUSTOMER);
    const saved = json(await booked.post('/save-booking'));
    expect(saved.responseCode).toBe('SUCCESS');

    // Long expired, with a hold: both go.
    await expire(old.token!, SESSION_RETENTION_MINUTES + 5);
    // Long expired, no hold ever taken: goes.
    await expire(bare.token!, SESSION_RETENTION_MINUTES + 60 * 24);
    // `live`, with its live hold, stays whole.
    // Expired a few minutes ago (within the retention): the expired hold goes, the session stays.
    await expire(recent.token!, 5);
    // A saved booking whose session expired long ago: session, booked time and e-mail stay.
    await expire(booked.token!, SESSION_RETENTION_MINUTES + 60 * 24);
    const booking = await t.db.selectFrom('booking').select(['id']).where('booking_key', '=', saved.bookingKey).executeTakeFirstOrThrow();
    const outboxBefore = await t.db.selectFrom('email_outbox').select('id').where('booking_id', '=', booking.id).orderBy('id').execute();
    // The confirmation and the office's notice.
    expect(outboxBefore).toHaveLength(2);
    const bookingsBefore = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM booking`.execute(t.db)).rows[0]!.n);
    const bookedTimesBefore = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM resource_time WHERE kind = 'BOOKED'`.execute(t.db)).rows[0]!.n);

    expect(await timesOf(old.token!)).toHaveLength(1);
    const result = await purgeExpired(t.db);
    expect(result.holds).toBeGreaterThanOrEqual(2);
    expect(result.sessions).toBeGreaterThanOrEqual(2);

    expect(await sessionExists(old.token!)).toBe(false);
    expect(await timesOf(old.token!)).toEqual([]);
    expect(await sessionExists(bare.token!)).toBe(false);

    expect(await sessionExists(live.token!)).toBe(true);
    expect(await timesOf(live.token!)).toEqual([{ kind: 'HOLD', booking_id: null }]);
    expect((await live.get('/get-booking/v2')).statusCode).toBe(200);

    expect(await sessionExists(recent.token!)).toBe(true);
    expect(await timesOf(recent.token!)).toEqual([]);

    expect(await sessionExists(booked.token!)).toBe(true);
    expect(await timesOf(booked.token!)).toEqual([{ kind: 'BOOKED', booking_id: booking.id }]);
    expect(await t.db.selectFrom('email_outbox').select('id').where('booking_id', '=', booking.id).orderBy('id').execute()).toEqual(outboxBefore);
    // No booking and no booked time anywhere was touched.
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM booking`.execute(t.db)).rows[0]!.n)).toBe(bookingsBefore);
    expect(Number((await sql<{ n: number }>`SELECT count(*) AS n FROM resource_time WHERE kind = 'BOOKED'`.execute(t.db)).rows[0]!.n)).toBe(bookedTimesBefore);

    // A second run finds nothing more to do.
    expect(await purgeExpired(t.db)).toEqual({ holds: 0, sessions: 0, bookings: 0, messages: 0, registrations: 0 });
  });

  it('works through many expired sessions in small batches', async () => {
    const tokens = Array.from({ length: 23 }, (_, i) => `purge-batch-${String(i).padStart(2, '0')}-${'x'.repeat(40)}`);
    await t.db
      .insertInto('process')
      .values(tokens.map((token) => ({ token, process_type: 'MAINTENANCE', installation_type: 'LAAKKONEN_PUBLIC', organization_id: null, expires_at: sql<Date>`now() - interval '2 days'` })))
      .execute();
    const result = await purgeExpired(t.db, { batch: 5 });
    expect(result.sessions).toBe(23);
    expect(await t.db.selectFrom('process').select('token').where('token', 'in', tokens).execute()).toEqual([]);
  });

  it('stops after the batches of one run and leaves the rest to the next run', async () => {
    const tokens = Array.from({ length: 12 }, (_, i) => `purge-capped-${String(i).padStart(2, '0')}-${'y'.repeat(40)}`);
    await t.db
      .insertInto('process')
      .values(tokens.map((token) => ({ token, process_type: 'MAINTENANCE', installation_type: 'LAAKKONEN_PUBLIC', organization_id: null, expires_at: sql<Date>`now() - interval '2 days'` })))
      .execute();
    expect((await purgeExpired(t.db, { batch: 5, maxBatches: 2 })).sessions).toBe(10);
    expect((await purgeExpired(t.db, { batch: 5, maxBatches: 2 })).sessions).toBe(2);
  });

  it('runs on a timer and stops when asked', async () => {
    const c = new ApiClient(t.app, { remoteAddress: '10.7.0.9' });
    await c.init();
    await expire(c.token!, SESSION_RETENTION_MINUTES + 5);
    const job = startPurgeJob(t.db, { log: t.app.log, everyMs: 50 });
    try {
      const deadline = Date.now() + 10_000;
      while ((await sessionExists(c.token!)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await sessionExists(c.token!)).toBe(false);
    } finally {
      await job.stop();
    }
  });
});
