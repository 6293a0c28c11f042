/**
 * The office's capacity as staff run it (absences, opening hours and exceptions) and what
 * customers see of it: their free times change at once, with calendars kept in memory and
 * without.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ABSENCE_MAX_DAYS, addDays, isoWeekday, isWorkingDay, parseLocalDateTime, todayInHelsinki, type FreeTimeDay } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const workingDayFrom = (date: string) => {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
};
const TODAY = todayInHelsinki();
/** Far enough ahead that the minimum notice leaves it alone (see quietDays for the seed's bookings). */
let DAY = workingDayFrom(addDays(TODAY, 40));
let NEXT_DAY = workingDayFrom(addDays(DAY, 1));

/**
 * Two working days after DAY's first guess on which no time of office 1 is taken (the demo
 * seed books some days), so that what a test sees is only what it did itself.
 */
async function quietDays(db: TestApp['db']): Promise<void> {
  const taken = new Set(
    (
      await db
        .selectFrom('resource_time')
        .innerJoin('resource', 'resource.id', 'resource_time.resource_id')
        .select(sql<string>`to_char(lower(resource_time.during) AT TIME ZONE 'Europe/Helsinki', 'YYYY-MM-DD')`.as('day'))
        .where('resource.organization_id', '=', 1)
        .execute()
    ).map((r) => r.day),
  );
  const quiet: string[] = [];
  for (let d = workingDayFrom(addDays(TODAY, 30)); quiet.length < 2; d = workingDayFrom(addDays(d, 1))) if (!taken.has(d)) quiet.push(d);
  [DAY, NEXT_DAY] = quiet as [string, string];
}
const SATURDAY = (() => {
  let d = addDays(TODAY, 10);
  while (new Date(`${d}T12:00:00Z`).getUTCDay() !== 6) d = addDays(d, 1);
  return d;
})();

type Slot = { startTime: string; endTime: string };
const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

async function slotsOn(c: ApiClient, day: string): Promise<Slot[]> {
  const res = await c.post('/free-times', { start: day, end: day });
  expect(res.statusCode, res.body).toBe(200);
  return json<FreeTimeDay[]>(res)[0]!.calendarSlots;
}
const reservationOf = (day: string, s: Slot) => `${day}T${s.startTime}|${day}T${s.endTime}`;
const overlaps = (s: Slot, from: string, to: string) => s.startTime < to && s.endTime > from;

for (const caches of [true, false]) {
  describe(`absences and exceptions change customers' free times at once (calendars kept: ${caches})`, () => {
    let t: TestApp;
    let staff: StaffClient;
    let staffUserId: number;
    let resources: number[];
    beforeAll(async () => {
      t = await createTestApp({ caches });
      await quietDays(t.db);
      const signedIn = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
      staff = signedIn.client;
      staffUserId = signedIn.user.id;
      resources = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).orderBy('id').execute()).map((r) => r.id);
      expect(resources.length).toBeGreaterThan(1);
    }, 120_000);
    afterAll(() => t?.close());

    it('an absence of each resource removes exactly the slots overlapping it, reserve-time refuses them, and deleting gives them back', async () => {
      const customer = new ApiClient(t.app);
      await prepareMaintenance(customer, { organizationId: 1 });
      const before = await slotsOn(customer, DAY);
      expect(before.length).toBeGreaterThan(4);
      const expected = before.filter((s) => !overlaps(s, '10:30:00', '12:00:00'));
      expect(expected.length).toBeLessThan(before.length);

      // Every resource but one absent: the last one still takes every slot.
      const ids: number[] = [];
      for (const resourceId of resources.slice(0, -1)) {
        const res = await staff.post('/offices/1/absences', { resourceId, start: `${DAY}T10:30:00`, end: `${DAY}T12:00:00`, reason: 'Koulutus' });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(json(res).id);
      }
      expect(await slotsOn(customer, DAY)).toEqual(before);

      const last = await staff.post('/offices/1/absences', { resourceId: resources.at(-1), start: `${DAY}T10:30:00`, end: `${DAY}T12:00:00`, reason: 'Koulutus' });
      expect(last.statusCode, last.body).toBe(200);
      expect(json(last)).toEqual({
        id: expect.any(Number),
        resourceId: resources.at(-1),
        start: `${DAY}T10:30:00`,
        end: `${DAY}T12:00:00`,
        reason: 'Koulutus',
        bookingsInside: 0,
        bookingIdsInside: [],
      });
      ids.push(json(last).id);
      expect(await slotsOn(customer, DAY)).toEqual(expected);
      // The next day is untouched.
      expect((await slotsOn(customer, NEXT_DAY)).length).toBeGreaterThan(0);

      // reserve-time: NOT_AVAILABLE for a slot in the absence, a free one is still held.
      const absent = before.find((s) => overlaps(s, '10:30:00', '12:00:00'))!;
      const refused = await customer.post('/reserve-time', { reservation: reservationOf(DAY, absent), timeSelectionType: 'EXACT_TIME' });
      expect(json(refused).responseCode, refused.body).toBe('NOT_AVAILABLE');
      expect(await t.db.selectFrom('resource_time').select('id').where('process_token', '=', customer.token!).execute()).toEqual([]);
      const held = await customer.post('/reserve-time', { reservation: reservationOf(DAY, expected[0]!), timeSelectionType: 'EXACT_TIME' });
      expect(json(held).responseCode, held.body).toBe('SUCCESS');
      expect((await customer.delete('/remove-reservation')).statusCode).toBe(200);

      // The staff list shows them; who added them is recorded.
      const list = await staff.get('/offices/1/absences', { from: DAY, to: DAY });
      expect(list.statusCode, list.body).toBe(200);
      expect(json<{ id: number }[]>(list).map((a) => a.id).sort()).toEqual([...ids].sort());
      const stored = await t.db.selectFrom('resource_absence').select(['staff_user_id']).where('id', 'in', ids.map(String)).execute();
      expect(stored.map((r) => r.staff_user_id)).toEqual(ids.map(() => staffUserId));

      // Deleted, the absences give every slot back at once.
      for (const id of ids) {
        const del = await staff.delete(`/offices/1/absences/${id}`);
        expect(del.statusCode, del.body).toBe(200);
        expect(json(del)).toEqual({ responseCode: 'SUCCESS' });
      }
      expect(await slotsOn(customer, DAY)).toEqual(before);
      expect(json(await customer.post('/reserve-time', { reservation: reservationOf(DAY, absent), timeSelectionType: 'EXACT_TIME' })).responseCode).toBe(
        'SUCCESS',
      );
      expect((await customer.delete('/remove-reservation')).statusCode).toBe(200);
      expect(json(await staff.get('/offices/1/absences', { from: DAY, to: DAY }))).toEqual([]);
    });

    it('a booking inside a new absence stays and is counted; the free times for moving it honour absences and exceptions', async () => {
      const customer = new ApiClient(t.app);
      await prepareMaintenance(customer, { organizationId: 1 });
      const slot = (await slotsOn(customer, NEXT_DAY))[0]!;
      expect(json(await customer.post('/reserve-time', { reservation: reservationOf(NEXT_DAY, slot), timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
      expect((await customer.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
      const saved = json(await customer.post('/save-booking'));
      expect(saved.responseCode).toBe('SUCCESS');
      const booked = await t.db
        .selectFrom('resource_time')
        .innerJoin('booking', 'booking.id', 'resource_time.booking_id')
        .select(['resource_time.resource_id', 'booking.id'])
        .where('booking.booking_key', '=', saved.bookingKey)
        .executeTakeFirstOrThrow();
      const res = await staff.post('/offices/1/absences', { resourceId: booked.resource_id, start: `${NEXT_DAY}T00:00:00`, end: `${addDays(NEXT_DAY, 1)}T00:00:00` });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).bookingsInside).toBe(1);
      // The booking's id, for the absence to link to it.
      expect(json(res).bookingIdsInside).toEqual([Number(booked.id)]);
      expect(json(res).reason).toBe('');
      const booking = await t.db.selectFrom('booking').select('status').where('id', '=', booked.id).executeTakeFirstOrThrow();
      expect(booking.status).toBe('CONFIRMED');
      expect(json(await staff.get('/offices/1/absences', { from: NEXT_DAY, to: NEXT_DAY }))[0]).toMatchObject({ bookingsInside: 1, bookingIdsInside: [Number(booked.id)] });
      expect((await staff.delete(`/offices/1/absences/${json(res).id}`)).statusCode).toBe(200);

      // Moving the saved booking (/oma-varaus): its free times honour absences and exceptions too.
      const access = { bookingKey: saved.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' };
      const moveSlots = async () => {
        const r = await customer.post('/free-times-for-booking', { ...access, start: DAY, end: DAY });
        expect(r.statusCode, r.body).toBe(200);
        return json<{ days: FreeTimeDay[] }>(r).days[0]!.calendarSlots;
      };
      const free = await moveSlots();
      expect(free.length).toBeGreaterThan(4);
      const ids: number[] = [];
      for (const resourceId of resources) {
        const a = await staff.post('/offices/1/absences', { resourceId, start: `${DAY}T10:30:00`, end: `${DAY}T12:00:00` });
        ids.push(json(a).id);
      }
      expect(await moveSlots()).toEqual(free.filter((s) => !overlaps(s, '10:30:00', '12:00:00')));
      const move = async (slot: Slot) => json(await customer.post('/move-booking', { ...access, reservation: reservationOf(DAY, slot) })).responseCode;
      expect(await move(free.find((s) => overlaps(s, '10:30:00', '12:00:00'))!)).toBe('NOT_AVAILABLE');
      for (const id of ids) await staff.delete(`/offices/1/absences/${id}`);
      expect((await staff.put(`/offices/1/exceptions/${DAY}`, { closed: true })).statusCode).toBe(200);
      expect(await moveSlots()).toEqual([]);
      expect(await move(free[0]!)).toBe('NOT_AVAILABLE');
      // Refused, the booking keeps its time.
      const kept = await t.db.selectFrom('booking').select('start_at').where('id', '=', booked.id).executeTakeFirstOrThrow();
      expect(kept.start_at).toEqual(parseLocalDateTime(`${NEXT_DAY}T${slot.startTime}`));
      expect((await staff.delete(`/offices/1/exceptions/${DAY}`)).statusCode).toBe(200);
      expect(await moveSlots()).toEqual(free);
    });

    it('an exception closing a day removes its slots, a short day keeps only its own hours, and removing it restores the day', async () => {
      const customer = new ApiClient(t.app);
      await prepareMaintenance(customer, { organizationId: 1 });
      const before = await slotsOn(customer, DAY);
      expect(before.length).toBeGreaterThan(4);

      const closed = await staff.put(`/offices/1/exceptions/${DAY}`, { closed: true, reason: 'Inventaario' });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(json(closed).exceptions).toContainEqual({ date: DAY, openingTime: null, closingTime: null, reason: 'Inventaario' });
      expect(await slotsOn(customer, DAY)).toEqual([]);
      const refused = await customer.post('/reserve-time', { reservation: reservationOf(DAY, before[0]!), timeSelectionType: 'EXACT_TIME' });
      expect(json(refused).responseCode, refused.body).toBe('NOT_AVAILABLE');

      const short = await staff.put(`/offices/1/exceptions/${DAY}`, { closed: false, openingTime: '07:30', closingTime: '12:00', reason: 'Lyhyt päivä' });
      expect(short.statusCode, short.body).toBe(200);
      expect(json(short).exceptions).toContainEqual({ date: DAY, openingTime: '07:30', closingTime: '12:00', reason: 'Lyhyt päivä' });
      const shortSlots = await slotsOn(customer, DAY);
      expect(shortSlots).toEqual(before.filter((s) => s.endTime <= '12:00:00'));
      expect(shortSlots.length).toBeGreaterThan(0);
      const late = before.find((s) => s.endTime > '12:00:00')!;
      expect(json(await customer.post('/reserve-time', { reservation: reservationOf(DAY, late), timeSelectionType: 'EXACT_TIME' })).responseCode).toBe(
        'NOT_AVAILABLE',
      );

      const removed = await staff.delete(`/offices/1/exceptions/${DAY}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(json(removed).exceptions.map((e: { date: string }) => e.date)).not.toContain(DAY);
      expect(await slotsOn(customer, DAY)).toEqual(before);
      expect((await staff.delete(`/offices/1/exceptions/${DAY}`)).statusCode).toBe(404);
    });

    it("first-free-times: an office whose every resource is absent for all the weeks looked at has no first free time", async () => {
      const customer = new ApiClient(t.app);
      await prepareMaintenance(customer, { organizationId: 1 });
      const first = async () => {
        const res = await customer.post('/first-free-times', { organizationIds: [1, 2] });
        expect(res.statusCode, res.body).toBe(200);
        return json<{ until: string; organizations: { organizationId: number; date: string | null }[] }>(res);
      };
      const before = await first();
      expect(before.organizations.map((o) => o.date !== null)).toEqual([true, true]);
      const ids: number[] = [];
      for (const resourceId of resources) {
        const res = await staff.post('/offices/1/absences', { resourceId, start: `${TODAY}T00:00:00`, end: `${addDays(before.until, 1)}T00:00:00`, reason: 'Loma' });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(json(res).id);
      }
      const during = await first();
      expect(during.organizations.find((o) => o.organizationId === 1)!.date).toBeNull();
      expect(during.organizations.find((o) => o.organizationId === 2)).toEqual(before.organizations.find((o) => o.organizationId === 2));
      for (const id of ids) expect((await staff.delete(`/offices/1/absences/${id}`)).statusCode).toBe(200);
      expect(await first()).toEqual(before);
    });

    it("the office's usual hours: changed, the calendar follows, and the first slot stays inside them", async () => {
      const customer = new ApiClient(t.app);
      await prepareMaintenance(customer, { organizationId: 1 });
      const before = await slotsOn(customer, DAY);
      const opening = await staff.get('/offices/1/opening');
      expect(opening.statusCode, opening.body).toBe(200);
      expect(json(opening)).toEqual({ openingTime: '07:30', closingTime: '17:00', exceptions: [] });

      const later = await staff.put('/offices/1/opening-hours', { openingTime: '09:00', closingTime: '15:00' });
      expect(later.statusCode, later.body).toBe(200);
      expect(json(later)).toEqual({ openingTime: '09:00', closingTime: '15:00', exceptions: [] });
      const office = await t.db.selectFrom('organization').select(['first_slot_time']).where('id', '=', 1).executeTakeFirstOrThrow();
      expect(office.first_slot_time.slice(0, 5)).toBe('09:00');
      const after = await slotsOn(customer, DAY);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((s) => s.startTime >= '09:00:00' && s.endTime <= '15:00:00')).toBe(true);

      await t.db.updateTable('organization').set({ first_slot_time: '08:00' }).where('id', '=', 1).execute();
      expect((await staff.put('/offices/1/opening-hours', { openingTime: '07:30', closingTime: '17:00' })).statusCode).toBe(200);
      expect(await slotsOn(customer, DAY)).toEqual(before);
    });
  });
}

describe('the capacity calls refuse what they cannot do, naming the field', () => {
  let t: TestApp;
  let staff: StaffClient;
  let otherResource: number;
  let ownResource: number;
  beforeAll(async () => {
    t = await createTestApp();
    ({ client: staff } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] }));
    ownResource = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).executeTakeFirstOrThrow()).id;
    otherResource = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 2).executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(() => t?.close());

  /** The next last Sunday of March: Helsinki's clocks go from 3.00 to 4.00. */
  const SPRING_CHANGE = (() => {
    const year = Number(TODAY.slice(0, 4));
    const lastSunday = (y: number) => {
      let d = `${y}-03-31`;
      while (isoWeekday(d) !== 7) d = addDays(d, -1);
      return d;
    };
    return lastSunday(year) > TODAY ? lastSunday(year) : lastSunday(year + 1);
  })();
  const absence = (over: object = {}) => ({ resourceId: ownResource, start: `${DAY}T08:00:00`, end: `${DAY}T16:00:00`, reason: '', ...over });

  it('POST absences: resourceId of another office, start in the past or malformed, end before start or too far, overlapping another absence', async () => {
    const cases: [object, string][] = [
      [absence({ resourceId: otherResource }), 'resourceId'],
      [absence({ resourceId: 999999 }), 'resourceId'],
      [absence({ resourceId: 'x' }), 'resourceId'],
      [absence({ start: `${addDays(TODAY, -1)}T08:00:00`, end: `${TODAY}T08:00:00` }), 'start'],
      [absence({ start: `${DAY}T25:00:00` }), 'start'],
      [absence({ start: `${DAY}` }), 'start'],
      [absence({ end: `${DAY}T07:00:00` }), 'end'],
      [absence({ end: `${addDays(DAY, ABSENCE_MAX_DAYS + 1)}T08:00:00` }), 'end'],
      [absence({ reason: 'x'.repeat(201) }), 'reason'],
      // The hour the clocks skip in spring is no time at all.
      [absence({ start: `${SPRING_CHANGE}T03:30:00`, end: `${SPRING_CHANGE}T04:00:00` }), 'start'],
      [absence({ start: `${SPRING_CHANGE}T02:00:00`, end: `${SPRING_CHANGE}T03:15:00` }), 'end'],
    ];
    for (const [body, field] of cases) {
      const res = await staff.post('/offices/1/absences', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toContain(field);
    }
    // Exactly the longest absence allowed is taken; an overlapping one is refused.
    const longest = await staff.post('/offices/1/absences', absence({ end: `${addDays(DAY, ABSENCE_MAX_DAYS)}T08:00:00` }));
    expect(longest.statusCode, longest.body).toBe(200);
    const overlapping = await staff.post('/offices/1/absences', absence({ start: `${DAY}T12:00:00` }));
    expect(overlapping.statusCode).toBe(400);
    expect(fieldsOf(overlapping)).toEqual(['start']);
    // Today is allowed: a mechanic gone home at noon.
    const today = await staff.post('/offices/1/absences', absence({ start: `${TODAY}T00:00:00`, end: `${TODAY}T23:00:00` }));
    expect(today.statusCode, today.body).toBe(200);
    expect(await t.db.selectFrom('resource_absence').select('id').execute()).toHaveLength(2);
  });

  it('GET absences: dates from and to, to not before from, at most a year', async () => {
    for (const [query, field] of [
      [{ from: DAY }, 'to'],
      [{ from: 'huomenna', to: DAY }, 'from'],
      [{ from: DAY, to: addDays(DAY, -1) }, 'to'],
      [{ from: DAY, to: addDays(DAY, 400) }, 'to'],
    ] as [Record<string, string>, string][]) {
      const res = await staff.get('/offices/1/absences', query);
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await staff.get('/offices/x/absences', { from: DAY, to: DAY })).statusCode).toBe(400);
    expect(fieldsOf(await staff.get('/offices/x/absences', { from: DAY, to: DAY }))).toContain('officeId');
  });

  it('DELETE absences: an id; 404 for one of another office or none', async () => {
    const bad = await staff.delete('/offices/1/absences/abc');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('id');
    expect((await staff.delete('/offices/1/absences/987654')).statusCode).toBe(404);
    const admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
    const elsewhere = await admin.post('/offices/2/absences', { resourceId: otherResource, start: `${DAY}T08:00:00`, end: `${DAY}T09:00:00` });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    // Office 1's user names office 1 in the path: another office's absence is not found there.
    expect((await staff.delete(`/offices/1/absences/${json(elsewhere).id}`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('resource_absence').select('id').where('id', '=', json(elsewhere).id).execute()).toHaveLength(1);
  });

  it('PUT opening-hours: HH:mm times, closing after opening', async () => {
    for (const [body, field] of [
      [{ openingTime: '7.30', closingTime: '17:00' }, 'openingTime'],
      [{ openingTime: '07:30', closingTime: '24:00' }, 'closingTime'],
      [{ openingTime: '12:00', closingTime: '11:00' }, 'closingTime'],
      [{ openingTime: '08:00' }, 'closingTime'],
    ] as [object, string][]) {
      const res = await staff.put('/offices/1/opening-hours', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect(json(await staff.get('/offices/1/opening'))).toMatchObject({ openingTime: '07:30', closingTime: '17:00' });
  });

  it('PUT and DELETE exceptions: a real working date from today on, hours or closed', async () => {
    for (const [date, body, field] of [
      ['2026-02-30', { closed: true }, 'date'],
      ['huomenna', { closed: true }, 'date'],
      [addDays(TODAY, -1), { closed: true }, 'date'],
      [SATURDAY, { closed: true }, 'date'],
      [addDays(TODAY, 800), { closed: true }, 'date'],
      [DAY, { closed: false }, 'openingTime'],
      [DAY, { closed: false, openingTime: '12:00', closingTime: '10:00' }, 'closingTime'],
      [DAY, { openingTime: '08:00', closingTime: '10:00' }, 'closed'],
    ] as [string, object, string][]) {
      const res = await staff.put(`/offices/1/exceptions/${date}`, body);
      expect(res.statusCode, `${date} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const del = await staff.delete('/offices/1/exceptions/2026-13-01');
    expect(del.statusCode).toBe(400);
    expect(fieldsOf(del)).toContain('date');
    expect(await t.db.selectFrom('opening_exception').select('day').execute()).toEqual([]);
    // A day the office is open on: the exception is stored, and replaced by a second PUT.
    expect((await staff.put(`/offices/1/exceptions/${DAY}`, { closed: false, openingTime: '09:00', closingTime: '14:00' })).statusCode).toBe(200);
    const again = await staff.put(`/offices/1/exceptions/${DAY}`, { closed: true, openingTime: '09:00', closingTime: '14:00', reason: 'Juhla' });
    expect(json(again).exceptions).toEqual([{ date: DAY, openingTime: null, closingTime: null, reason: 'Juhla' }]);
  });
});

describe("changes of absences and of the office's hours are audited", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await quietDays(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  it('the usual hours and each exception set or removed: one OFFICE row with who, the hours before and after; refused or unchanged calls write none', async () => {
    const { client: staff, user } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    const audit = () => listAudit(t.db, 'OFFICE', 1);
    const count = async () => (await audit()).length;
    const start = await count();
    const usual = { openingTime: '07:30', closingTime: '17:00', exceptions: [] };

    expect((await staff.put('/offices/1/opening-hours', { openingTime: '08:00', closingTime: '16:00' })).statusCode).toBe(200);
    let [row] = await audit();
    expect(row).toMatchObject({ staff_user_id: user.id, action: 'UPDATED', before: { opening: usual }, after: { opening: { ...usual, openingTime: '08:00', closingTime: '16:00' } } });
    expect(row!.at).toBeInstanceOf(Date);
    const hours = { openingTime: '08:00', closingTime: '16:00' };

    const exception = { date: DAY, openingTime: null, closingTime: null, reason: 'Inventaario' };
    expect((await staff.put(`/offices/1/exceptions/${DAY}`, { closed: true, reason: 'Inventaario' })).statusCode).toBe(200);
    [row] = await audit();
    expect(row).toMatchObject({ staff_user_id: user.id, before: { opening: { ...hours, exceptions: [] } }, after: { opening: { ...hours, exceptions: [exception] } } });

    expect((await staff.delete(`/offices/1/exceptions/${DAY}`)).statusCode).toBe(200);
    [row] = await audit();
    expect(row).toMatchObject({ staff_user_id: user.id, before: { opening: { ...hours, exceptions: [exception] } }, after: { opening: { ...hours, exceptions: [] } } });
    expect(await count()).toBe(start + 3);

    // The same hours again, a refused body, a day without an exception: nothing written.
    expect((await staff.put('/offices/1/opening-hours', hours)).statusCode).toBe(200);
    expect((await staff.put('/offices/1/opening-hours', { openingTime: '12:00', closingTime: '11:00' })).statusCode).toBe(400);
    expect((await staff.put(`/offices/1/exceptions/${SATURDAY}`, { closed: true })).statusCode).toBe(400);
    expect((await staff.delete(`/offices/1/exceptions/${DAY}`)).statusCode).toBe(404);
    expect(await count()).toBe(start + 3);
  });

  it('each absence added or removed: one ABSENCE row with who, its id and the absence; refused calls write none', async () => {
    const { client: staff, user } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    const resourceId = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const rows = () => listAudit(t.db, 'ABSENCE');
    expect(await rows()).toEqual([]);
    const absence = { resourceId, start: `${DAY}T10:00:00`, end: `${DAY}T12:30:00`, reason: 'Koulutus' };

    const added = await staff.post('/offices/1/absences', absence);
    expect(added.statusCode, added.body).toBe(200);
    const id: number = json(added).id;
    const stored = { id, officeId: 1, ...absence };
    expect(await rows()).toMatchObject([{ staff_user_id: user.id, entity_id: String(id), action: 'CREATED', before: null, after: stored }]);

    // Refused: overlapping the absence, in the past, another office's resource; nothing written.
    expect((await staff.post('/offices/1/absences', { ...absence, start: `${DAY}T11:00:00` })).statusCode).toBe(400);
    expect((await staff.post('/offices/1/absences', { ...absence, start: `${addDays(TODAY, -1)}T10:00:00`, end: `${TODAY}T10:00:00` })).statusCode).toBe(400);
    const otherResource = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 2).executeTakeFirstOrThrow()).id;
    expect((await staff.post('/offices/1/absences', { ...absence, resourceId: otherResource })).statusCode).toBe(400);
    expect(await rows()).toHaveLength(1);

    expect((await staff.delete(`/offices/1/absences/${id}`)).statusCode).toBe(200);
    const [removed, created] = await rows();
    expect(removed).toMatchObject({ staff_user_id: user.id, entity_id: String(id), action: 'DELETED', before: stored, after: null });
    expect(created!.action).toBe('CREATED');

    // Removed already, or a malformed id: nothing more written.
    expect((await staff.delete(`/offices/1/absences/${id}`)).statusCode).toBe(404);
    expect((await staff.delete('/offices/1/absences/abc')).statusCode).toBe(400);
    expect(await rows()).toHaveLength(2);
    expect(await t.db.selectFrom('resource_absence').select('id').where('id', '=', String(id)).execute()).toEqual([]);
  });
});

describe('the capacity calls: 401 without signing in, 403 for another office', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  const calls = (resourceId: number): [string, string, unknown?, Record<string, string>?][] => [
    ['GET', '/offices/1/absences', undefined, { from: DAY, to: DAY }],
    ['POST', '/offices/1/absences', { resourceId, start: `${DAY}T08:00:00`, end: `${DAY}T09:00:00` }],
    ['DELETE', '/offices/1/absences/1'],
    ['GET', '/offices/1/opening'],
    ['PUT', '/offices/1/opening-hours', { openingTime: '08:00', closingTime: '16:00' }],
    ['PUT', `/offices/1/exceptions/${DAY}`, { closed: true }],
    ['DELETE', `/offices/1/exceptions/${DAY}`],
  ];

  it('every call, with a valid request, changes nothing', async () => {
    const resource = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).executeTakeFirstOrThrow()).id;
    // Something to delete, so that a refusal is not a 404 in disguise.
    const admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
    const made = await admin.post('/offices/1/absences', { resourceId: resource, start: `${NEXT_DAY}T08:00:00`, end: `${NEXT_DAY}T09:00:00` });
    expect(made.statusCode, made.body).toBe(200);
    expect((await admin.put(`/offices/1/exceptions/${DAY}`, { closed: true })).statusCode).toBe(200);
    const absenceId = json(made).id as number;
    const snapshot = async () =>
      JSON.stringify([
        await t.db.selectFrom('resource_absence').selectAll().orderBy('id').execute(),
        await t.db.selectFrom('opening_exception').selectAll().execute(),
        await t.db.selectFrom('organization').select(['opening_time', 'closing_time', 'first_slot_time']).where('id', '=', 1).execute(),
      ]);
    const before = await snapshot();

    const nobody = new StaffClient(t.app);
    const other = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] })).client;
    for (const [method, path, body, query] of calls(resource)) {
      const url = path.replace('/absences/1', `/absences/${absenceId}`);
      const anonymous = await nobody.request(method as 'GET', url, body, query);
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const forbidden = await other.request(method as 'GET', url, body, query);
      expect(forbidden.statusCode, `${method} ${path}: ${forbidden.body}`).toBe(403);
      expect(json(forbidden).error).toBe('FORBIDDEN');
    }
    expect(await snapshot()).toBe(before);
    // The same calls by office 1's own user succeed.
    const own = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
    for (const [method, path, body, query] of calls(resource)) {
      const url = path.replace('/absences/1', `/absences/${absenceId}`);
      const res = await own.request(method as 'GET', url, body, query);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    }
  });
});
