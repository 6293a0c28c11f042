import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

/**
 * A booking's key and plate send mail (the confirmation again, a change request to the
 * office) only a few times an hour per booking, whatever address the calls come from:
 * the count is the database's, so it holds across server instances.
 */

const PER_HOUR = 3;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ bookingMailsPerHour: PER_HOUR });
});
afterAll(async () => {
  await t?.close();
});

let nextAddress = 1;
/** A client from an address no other call used: the per-address limits play no part. */
const stranger = () => new ApiClient(t.app, { remoteAddress: `10.88.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}` });

/** A saved maintenance booking of ABC-123, two days ahead. */
async function book() {
  const c = stranger();
  await prepareMaintenance(c);
  const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
  const reserve = json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }));
  if (reserve.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(reserve)}`);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const bookingKey: string = save.bookingKey;
  const row = await t.db.selectFrom('booking').select('id').where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return { id: row.id, access: { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' } };
}

async function outboxCount(bookingId: string) {
  const { count } = await t.db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** 429 TOO_MANY_REQUESTS, a Finnish message and a Retry-After within the hour. */
function expectCapped(res: LightMyRequestResponse, words: RegExp) {
  expect(res.statusCode, res.body).toBe(429);
  const body = json(res);
  expect(body.error).toBe('TOO_MANY_REQUESTS');
  expect(body.message).toMatch(words);
  expect(body.message).toMatch(/\d+ minuutin kuluttua/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

const calls = {
  'send-email': (access: object) => stranger().post('/send-email', access),
  'send-edit-request': (access: object) => stranger().post('/send-edit-request', { ...access, message: 'Voisiko ajan siirtää iltapäivään?' }),
};
const WORDS = { 'send-email': /Vahvistus/, 'send-edit-request': /muutospyyn/i };

describe.each(Object.keys(calls) as (keyof typeof calls)[])('%s', (name) => {
  const call = calls[name];

  it(`sends ${PER_HOUR} an hour per booking; the next is 429 with Retry-After and queues nothing, from any address`, async () => {
    const b = await book();
    for (let i = 0; i < PER_HOUR; i++) expect(json(await call(b.access))).toEqual({ responseCode: 'SUCCESS' });
    const queued = await outboxCount(b.id);
    expectCapped(await call(b.access), WORDS[name]);
    expectCapped(await call(b.access), WORDS[name]);
    expect(await outboxCount(b.id)).toBe(queued);
    // Another booking is not affected.
    const other = await book();
    expect(json(await call(other.access))).toEqual({ responseCode: 'SUCCESS' });
  });

  it('concurrent calls racing for the last places send no more than the cap', async () => {
    const b = await book();
    const before = await outboxCount(b.id);
    const answers = await Promise.all(Array.from({ length: PER_HOUR + 7 }, () => call(b.access)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PER_HOUR);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(await outboxCount(b.id)).toBe(before + PER_HOUR);
  });

  it('sends again once the hour counted in the database has passed', async () => {
    const b = await book();
    for (let i = 0; i < PER_HOUR; i++) await call(b.access);
    expect((await call(b.access)).statusCode).toBe(429);
    await sql`UPDATE rate_limit_counter SET expires_at = now() - interval '1 second' WHERE key LIKE ${`booking-mail|%|${b.id}`}`.execute(t.db);
    expect(json(await call(b.access))).toEqual({ responseCode: 'SUCCESS' });
  });
});

describe('the two kinds', () => {
  it('are counted apart: resends used up leave the change requests', async () => {
    const b = await book();
    for (let i = 0; i < PER_HOUR; i++) await calls['send-email'](b.access);
    expect((await calls['send-email'](b.access)).statusCode).toBe(429);
    expect(json(await calls['send-edit-request'](b.access))).toEqual({ responseCode: 'SUCCESS' });
  });

  it('a cancelled booking is NOT_AVAILABLE and uses no place', async () => {
    const b = await book();
    expect(json(await stranger().post('/cancel-booking', b.access)).responseCode).toBe('SUCCESS');
    for (let i = 0; i <= PER_HOUR; i++) expect(json(await calls['send-email'](b.access))).toEqual({ responseCode: 'NOT_AVAILABLE' });
  });
});
