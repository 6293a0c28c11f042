import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, formatLocalDateTime, isWorkingDay, parseLocalDateTime, todayInHelsinki, type FreeTimeDay, type StaffOffice } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser } from '#test/staff.ts';

/**
 * Staff moves racing each other and customers on PostgreSQL, where the requests of one
 * process really run at once (a pool of connections): the exclusion constraint of
 * resource_time lets exactly one of them have a time, and the losers keep theirs.
 */
let t: TestApp;
let staff: StaffClient;
let resourceId: number;

const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : workingDayFrom(addDays(date, 1)));
const DAY = workingDayFrom(addDays(todayInHelsinki(), 80));
const DAY2 = workingDayFrom(addDays(DAY, 1));

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('staff-move-race.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  t = await createTestApp();
  const user = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1] });
  staff = new StaffClient(t.app);
  await staff.login(user.email, user.password);
  resourceId = json<StaffOffice[]>(await staff.get('/offices'))[0]!.resources[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

async function customerOn(resource: number) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  await c.post('/customer-selected-resources', { resourceIds: [resource] });
  return c;
}

async function slotAt(c: ApiClient, start: string) {
  const date = start.slice(0, 10);
  const days = json<FreeTimeDay[]>(await c.post('/free-times', { start: date, end: date }));
  const slot = days[0]!.calendarSlots.find((s) => `${date}T${s.startTime}` === start);
  if (!slot) throw new Error(`no free slot at ${start}`);
  return `${start}|${date}T${slot.endTime}`;
}

async function book(start: string) {
  const c = await customerOn(resourceId);
  const reserve = json(await c.post('/reserve-time', { reservation: await slotAt(c, start), timeSelectionType: 'EXACT_TIME' }));
  if (reserve.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(reserve)}`);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const row = await t.db.selectFrom('booking').select('id').where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function timesOf(id: number) {
  const rows = await sql<{ start: Date }>`SELECT lower(during) AS start FROM resource_time WHERE booking_id = ${id}`.execute(t.db);
  return rows.rows.map((r) => formatLocalDateTime(new Date(r.start)));
}

describe('staff moves onto one time at once (PostgreSQL)', () => {
  it('two bookings moved onto the same free time: one gets it, the other answers 409 and keeps its time', async () => {
    const a = await book(`${DAY}T08:00:00`);
    const b = await book(`${DAY}T11:00:00`);
    const target = `${DAY}T14:00:00`;
    const answers = await Promise.all([a, b].map((id) => staff.post(`/bookings/${id}/move`, { start: target, resourceId })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0]!.statusCode === 409 ? a : b;
    const winner = loser === a ? b : a;
    expect(json(answers[loser === a ? 0 : 1]!).message).toBe('Aika on jo varattu');
    expect(await timesOf(winner)).toEqual([target]);
    expect(await timesOf(loser)).toEqual([loser === a ? `${DAY}T08:00:00` : `${DAY}T11:00:00`]);
    const moves = await t.db.selectFrom('booking_event').select('booking_id').where('action', '=', 'MOVED').execute();
    expect(moves.map((m) => Number(m.booking_id))).toEqual([winner]);
  });

  it('a staff move and a customer holding the same time: exactly one of them has it', async () => {
    const id = await book(`${DAY2}T08:00:00`);
    const target = `${DAY2}T13:00:00`;
    const customer = await customerOn(resourceId);
    const reservation = await slotAt(customer, target);
    const [moved, held] = await Promise.all([
      staff.post(`/bookings/${id}/move`, { start: target, resourceId }),
      customer.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }),
    ]);
    const staffWon = moved.statusCode === 200;
    const customerWon = json(held).responseCode === 'SUCCESS';
    expect([staffWon, customerWon].filter(Boolean)).toHaveLength(1);
    if (!staffWon) expect(moved.statusCode).toBe(409);
    const onTarget = await sql<{ kind: string }>`
      SELECT kind FROM resource_time WHERE resource_id = ${resourceId}
        AND during @> ${parseLocalDateTime(target)}::timestamptz`.execute(t.db);
    expect(onTarget.rows.map((r) => r.kind)).toEqual([staffWon ? 'BOOKED' : 'HOLD']);
    expect(await timesOf(id)).toEqual([staffWon ? target : `${DAY2}T08:00:00`]);
  });
});
