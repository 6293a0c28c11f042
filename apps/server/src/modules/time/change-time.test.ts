import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromHelsinki, isWorkingDay, todayInHelsinki, type FreeTimeDay } from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const workingDayFrom = (date: string) => {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
};
/** Days past the seed's weeks of bookings: nothing is booked there but by these tests. */
const DAY1 = workingDayFrom(addDays(todayInHelsinki(), 60));
const DAY2 = workingDayFrom(addDays(DAY1, 1));
const DAY3 = workingDayFrom(addDays(DAY2, 1));
const OFFICE = 1;

const slotsOn = async (c: ApiClient, date: string) =>
  json<FreeTimeDay[]>(await c.post('/free-times', { start: date, end: date }))[0]!.calendarSlots;
const reservationOf = (date: string, slot: { startTime: string; endTime: string }) =>
  `${date}T${slot.startTime}|${date}T${slot.endTime}`;
const reserve = async (c: ApiClient, reservation: string) =>
  json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null })).responseCode as string;

/** Every row of the session's time, as stored. */
const rowsOf = async (token: string) =>
  (
    await sql<{ id: string; resource_id: number; start: string; end: string; kind: string; expires_at: string }>`
      SELECT id::text AS id, resource_id, lower(during)::text AS start, upper(during)::text AS "end", kind, expires_at::text AS expires_at
      FROM resource_time WHERE process_token = ${token} ORDER BY id`.execute(t.db)
  ).rows;

/** Books every resource of the office for the whole day but one, which is returned. */
async function leaveOneResource(date: string): Promise<number> {
  const resources = await t.db.selectFrom('resource').select('id').where('organization_id', '=', OFFICE).orderBy('id').execute();
  expect(resources.length).toBeGreaterThan(1);
  const from = fromHelsinki(date);
  const to = fromHelsinki(addDays(date, 1));
  for (const r of resources.slice(1)) {
    await sql`INSERT INTO resource_time (resource_id, during, kind) VALUES (${r.id}, tstzrange(${from}, ${to}, '[)'), 'BOOKED')`.execute(t.db);
  }
  return resources[0]!.id;
}

describe('changing a held time', () => {
  it('to a time someone else has just taken answers NOT_AVAILABLE and keeps the held time exactly as it was', async () => {
    const a = new ApiClient(t.app);
    const b = new ApiClient(t.app);
    await prepareMaintenance(a, { organizationId: OFFICE });
    await prepareMaintenance(b, { organizationId: OFFICE });

    // A holds slot 1; slot 2 is on a day where only one lift is left, and B takes it.
    const slot1 = reservationOf(DAY1, (await slotsOn(a, DAY1))[0]!);
    expect(await reserve(a, slot1)).toBe('SUCCESS');
    await leaveOneResource(DAY2);
    const slot2 = reservationOf(DAY2, (await slotsOn(b, DAY2))[0]!);
    expect(await reserve(b, slot2)).toBe('SUCCESS');
    const before = await rowsOf(a.token!);
    expect(before).toHaveLength(1);
    expect(before[0]!.kind).toBe('HOLD');

    // A asks for slot 2: it is gone, and A still holds slot 1 — the very same row.
    expect(await reserve(a, slot2)).toBe('NOT_AVAILABLE');
    expect(await rowsOf(a.token!)).toEqual(before);
    const held = json(await a.get('/get-booking/v2')).booking_total_duration;
    expect(`${held.start}|${held.end}`).toBe(slot1);
    // B's time is untouched.
    expect(await rowsOf(b.token!)).toHaveLength(1);
  });

  it('to a time overlapping the held one, on the only free lift, succeeds: the session never blocks itself', async () => {
    const a = new ApiClient(t.app);
    await prepareMaintenance(a, { organizationId: OFFICE });
    const lift = await leaveOneResource(DAY3);
    const slots = await slotsOn(a, DAY3);
    const first = slots[0]!;
    const overlapping = slots.find((s) => s.startTime > first.startTime && s.startTime < first.endTime);
    expect(overlapping).toBeDefined();
    expect(await reserve(a, reservationOf(DAY3, first))).toBe('SUCCESS');
    expect(await reserve(a, reservationOf(DAY3, overlapping!))).toBe('SUCCESS');
    const rows = await rowsOf(a.token!);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.resource_id).toBe(lift);
    const held = json(await a.get('/get-booking/v2')).booking_total_duration;
    expect(`${held.start}|${held.end}`).toBe(reservationOf(DAY3, overlapping!));
  });
});
