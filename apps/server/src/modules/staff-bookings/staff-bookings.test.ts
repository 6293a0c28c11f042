import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  addDays,
  formatLocalDateTime,
  fromHelsinki,
  isWorkingDay,
  isoWeekday,
  parseLocalDateTime,
  startOfWeek,
  todayInHelsinki,
  type FreeTimeDay,
  type StaffBookingDetail,
  type StaffDay,
  type StaffOffice,
  type StaffWeek,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser } from '#test/staff.ts';
import { staffSetVisitStatus } from './service.ts';

let t: TestApp;
/** An office user of office 1, an office user of office 2, an admin, and nobody signed in. */
let staff: StaffClient;
let staffId: number;
let otherOffice: StaffClient;
let admin: StaffClient;
let anonymous: StaffClient;
/** Office 1's resources, by id. */
let resources: { id: number; name: string }[];

const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : workingDayFrom(addDays(date, 1)));
const today = todayInHelsinki();
// Days far enough ahead that the seed's bookings do not reach them.
const DAY1 = workingDayFrom(addDays(today, 70));
const DAY2 = workingDayFrom(addDays(DAY1, 1));
const DAY3 = workingDayFrom(addDays(DAY2, 1));
const DAY4 = workingDayFrom(addDays(DAY3, 1));
const DAY5 = workingDayFrom(addDays(DAY4, 1));
const DAY6 = workingDayFrom(addDays(DAY5, 1));

beforeAll(async () => {
  t = await createTestApp();
  const user = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1], name: 'Toimisto Tiina' });
  staffId = user.id;
  staff = new StaffClient(t.app);
  await staff.login(user.email, user.password);
  const other = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [2] });
  otherOffice = new StaffClient(t.app);
  await otherOffice.login(other.email, other.password);
  const adminUser = await addStaffUser(t.db, { role: 'ADMIN' });
  admin = new StaffClient(t.app);
  await admin.login(adminUser.email, adminUser.password);
  anonymous = new StaffClient(t.app);
  const offices = json<StaffOffice[]>(await staff.get('/offices'));
  resources = offices[0]!.resources;
});
afterAll(async () => {
  await t?.close();
});

type Res = Parameters<typeof json>[0] & { statusCode: number; body: string };
const fieldsOf = (res: Res) => (json(res).fields as { path: string }[]).map((f) => f.path);
function expectBadRequest(res: Res, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(fieldsOf(res)).toContain(field);
}
const expectStatus = (res: Res, status: number) => expect(res.statusCode, res.body).toBe(status);

/** A customer session at office 1 that books only on `resourceId` (customer-selected-resources). */
async function customerOn(resourceId: number) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  expect(json(await c.post('/customer-selected-resources', { resourceIds: [resourceId] })).responseCode).toBe('SUCCESS');
  return c;
}

const slotsOn = async (c: ApiClient, date: string) => json<FreeTimeDay[]>(await c.post('/free-times', { start: date, end: date }))[0]!.calendarSlots;
const startsOn = async (c: ApiClient, date: string) => (await slotsOn(c, date)).map((s) => `${date}T${s.startTime}`);

/** Holds the slot starting at `start` ('YYYY-MM-DDTHH:mm:ss') for the session. */
async function hold(c: ApiClient, start: string) {
  const date = start.slice(0, 10);
  const slot = (await slotsOn(c, date)).find((s) => `${date}T${s.startTime}` === start);
  if (!slot) throw new Error(`no free slot at ${start}`);
  const res = json(await c.post('/reserve-time', { reservation: `${start}|${date}T${slot.endTime}`, timeSelectionType: 'EXACT_TIME' }));
  if (res.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(res)}`);
  return { start, end: `${date}T${slot.endTime}` };
}

/** A booking saved through the customer API on `resourceId` at `start`; its id and key. */
async function book(resourceId: number, start: string) {
  const c = await customerOn(resourceId);
  const time = await hold(c, start);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const row = await t.db.selectFrom('booking').select(['id']).where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  return { id: Number(row.id), bookingKey: save.bookingKey as string, ...time };
}

async function storedTime(id: number) {
  const row = await t.db.selectFrom('booking').select(['start_at', 'end_at', 'status']).where('id', '=', String(id)).executeTakeFirstOrThrow();
  const times = await sql<{ resource_id: number; start: Date; end: Date }>`
    SELECT resource_id, lower(during) AS start, upper(during) AS "end" FROM resource_time WHERE booking_id = ${id} ORDER BY id`.execute(t.db);
  return {
    start: row.start_at ? formatLocalDateTime(new Date(row.start_at)) : null,
    end: row.end_at ? formatLocalDateTime(new Date(row.end_at)) : null,
    status: row.status,
    times: times.rows.map((r) => ({ resourceId: r.resource_id, start: formatLocalDateTime(new Date(r.start)), end: formatLocalDateTime(new Date(r.end)) })),
  };
}

const eventsOf = (id: number) =>
  t.db.selectFrom('booking_event').selectAll().where('booking_id', '=', String(id)).orderBy('id').execute();
const outboxOf = (id: number) =>
  t.db.selectFrom('email_outbox').select(['recipient', 'kind', 'subject', 'ics', 'text_body']).where('booking_id', '=', String(id)).orderBy('id').execute();
const asJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describe('GET /offices', () => {
  it("lists only the signed-in user's offices with their resources by id; an admin gets every office", async () => {
    const res = await staff.get('/offices');
    expectStatus(res, 200);
    const offices = json<StaffOffice[]>(res);
    expect(offices.map((o) => o.id)).toEqual([1]);
    const dbResources = await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).orderBy('id').execute();
    expect(offices[0]!.resources.map((r) => r.id)).toEqual(dbResources.map((r) => r.id));
    expect(offices[0]!.resources.length).toBeGreaterThan(1);
    expect(offices[0]).toMatchObject({ name: 'Laakkonen Helsinki Konala', email: 'konala.huolto@laakkonen.example', openingTime: '07:30' });

    const all = json<StaffOffice[]>(await admin.get('/offices'));
    const active = await t.db.selectFrom('organization').select('id').orderBy('id').execute();
    expect(all.map((o) => o.id)).toEqual(active.map((o) => o.id));
    expect(json<StaffOffice[]>(await otherOffice.get('/offices')).map((o) => o.id)).toEqual([2]);
  });

  it('answers 401 without a signed-in user', async () => {
    expectStatus(await anonymous.get('/offices'), 401);
  });
});

describe('GET /offices/:officeId/day', () => {
  it("shows the day's bookings on their resources, live holds, absences and the flag of a booking inside one", async () => {
    const r1 = resources[0]!.id;
    const r2 = resources[1]!.id;
    const booked = await book(r1, `${DAY1}T09:00:00`);
    // Another customer holds a time on the second resource without saving.
    const holder = await customerOn(r2);
    const held = await hold(holder, `${DAY1}T11:00:00`);

    let day = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY1 }));
    expect(day.date).toBe(DAY1);
    expect(day.office).toEqual({ id: 1, name: 'Laakkonen Helsinki Konala' });
    expect(day.resources.map((r) => r.id)).toEqual(resources.map((r) => r.id));
    expect(day.opening).toEqual({ openingTime: '07:30', closingTime: '17:00' });
    expect(day.exception).toBeNull();
    const summary = day.bookings.find((b) => b.id === booked.id)!;
    expect(summary).toMatchObject({
      bookingKey: booked.bookingKey,
      status: 'CONFIRMED',
      visitStatus: null,
      start: booked.start,
      end: booked.end,
      leadDate: null,
      resourceIds: [r1],
      registerNumber: 'ABC-123',
      customerName: `${CUSTOMER.first_name} ${CUSTOMER.last_name}`,
      inAbsence: false,
    });
    expect(summary.summary.length).toBeGreaterThan(0);
    expect(summary.totalCents).toBeGreaterThan(0);
    expect(day.holds).toContainEqual(expect.objectContaining({ resourceId: r2, start: held.start, end: held.end }));
    expect(day.absences).toEqual([]);

    // An absence over the booking's time on its resource: the booking stays and is flagged.
    await sql`INSERT INTO resource_absence (resource_id, during, reason)
      VALUES (${r1}, tstzrange(${fromHelsinki(DAY1, '08:00:00')}, ${fromHelsinki(DAY1, '12:00:00')}, '[)'), 'Koulutus')`.execute(t.db);
    day = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY1 }));
    expect(day.bookings.find((b) => b.id === booked.id)!.inAbsence).toBe(true);
    expect(day.absences).toEqual([
      expect.objectContaining({ resourceId: r1, start: `${DAY1}T08:00:00`, end: `${DAY1}T12:00:00`, reason: 'Koulutus', bookingsInside: 1, bookingIdsInside: [booked.id] }),
    ]);
    // The next day has neither the booking nor the absence.
    const next = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY2 }));
    expect(next.bookings.map((b) => b.id)).not.toContain(booked.id);
    expect(next.absences).toEqual([]);
  });

  it('lists a lead on its wished day without a time, and keeps the hours of weekends, holidays and exceptions', async () => {
    const source = await book(resources[2]!.id, `${DAY3}T08:00:00`);
    const lead = await sql<{ id: string }>`
      INSERT INTO booking (booking_key, process_token, process_type, organization_id, register_number, kind, lead_date,
                           customer, vehicle, order_items, snapshot, total_cents, customer_phone)
      SELECT 'LEAD' || booking_key, NULL, process_type, organization_id, register_number, 'LEAD', ${DAY3}::date,
             customer, vehicle, order_items, snapshot, total_cents, customer_phone
      FROM booking WHERE id = ${source.id}
      RETURNING id`.execute(t.db);
    const day = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY3 }));
    const leadId = Number(lead.rows[0]!.id);
    expect(day.bookings.find((b) => b.id === leadId)).toMatchObject({ start: null, end: null, leadDate: DAY3, resourceIds: [] });
    // A lead has no time to move.
    const refused = await staff.post(`/bookings/${leadId}/move`, { start: `${DAY3}T12:00:00`, resourceId: resources[2]!.id });
    expectStatus(refused, 409);
    expect(json(refused).error).toBe('NOT_MOVABLE');
    expect(await storedTime(leadId)).toMatchObject({ start: null, times: [] });

    const saturday = addDays(startOfWeek(DAY3), 5);
    expect(json<StaffDay>(await staff.get('/offices/1/day', { date: saturday })).opening).toBeNull();
    const independenceDay = `${DAY3.slice(0, 4)}-12-06`;
    expect(json<StaffDay>(await staff.get('/offices/1/day', { date: independenceDay })).opening).toBeNull();
    await t.db.insertInto('opening_exception').values({ organization_id: 1, day: DAY6, opening_time: '10:00', closing_time: '14:00', reason: 'Inventaario' }).execute();
    const short = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY6 }));
    expect(short.opening).toEqual({ openingTime: '10:00', closingTime: '14:00' });
    expect(short.exception).toEqual({ date: DAY6, openingTime: '10:00', closingTime: '14:00', reason: 'Inventaario' });
    // Staff move within the exception's hours only.
    expectBadRequest(await staff.post(`/bookings/${source.id}/move`, { start: `${DAY6}T15:00:00`, resourceId: resources[2]!.id }), 'start');
    expectStatus(await staff.post(`/bookings/${source.id}/move`, { start: `${DAY6}T10:00:00`, resourceId: resources[2]!.id }), 200);
    // A closing exception closes a working day; an exception does not open a weekend.
    const closedDay = workingDayFrom(addDays(DAY6, 1));
    const sunday = addDays(startOfWeek(DAY6), 6);
    await t.db
      .insertInto('opening_exception')
      .values([
        { organization_id: 1, day: closedDay, opening_time: null, closing_time: null, reason: 'Suljettu' },
        { organization_id: 1, day: sunday, opening_time: '10:00', closing_time: '14:00', reason: '' },
      ])
      .execute();
    const closed = json<StaffDay>(await staff.get('/offices/1/day', { date: closedDay }));
    expect(closed.opening).toBeNull();
    expect(closed.exception).toMatchObject({ openingTime: null, closingTime: null, reason: 'Suljettu' });
    expect(json<StaffDay>(await staff.get('/offices/1/day', { date: sunday })).opening).toBeNull();
    // The week of the short day says the same of each of its days, exceptions and their reasons included.
    const week = json<StaffWeek>(await staff.get('/offices/1/week', { date: DAY6 }));
    for (const d of week.days) {
      const day = json<StaffDay>(await staff.get('/offices/1/day', { date: d.date }));
      expect({ date: d.date, opening: d.opening, exception: d.exception }).toEqual({ date: day.date, opening: day.opening, exception: day.exception });
    }
    expect(week.days.find((d) => d.date === DAY6)!.exception).toMatchObject({ reason: 'Inventaario' });
  });

  it("names the date of the office's next confirmed booking after the day: not a cancelled one, not another office's", async () => {
    // Weeks after the other tests' days, where only this test books.
    const empty = workingDayFrom(addDays(today, 90));
    const first = workingDayFrom(addDays(empty, 3));
    const later = workingDayFrom(addDays(first, 2));
    const nextOf = async (officeId: number, date: string) => json<StaffDay>(await staff.get(`/offices/${officeId}/day`, { date })).nextBookingDate;
    const lastBooked = async () => {
      const row = await t.db
        .selectFrom('booking')
        .select((eb) => eb.fn.max<Date>('start_at').as('last'))
        .where('organization_id', '=', 1)
        .where('status', '=', 'CONFIRMED')
        .executeTakeFirstOrThrow();
      return row.last;
    };
    expect((await lastBooked()).getTime()).toBeLessThan(fromHelsinki(empty).getTime());
    expect(await nextOf(1, empty)).toBeNull();

    const booked = await book(resources[0]!.id, `${first}T13:00:00`);
    await book(resources[1]!.id, `${later}T08:00:00`);
    expect(await nextOf(1, empty)).toBe(first);
    // Only bookings after the day count: the first day's own is not its next.
    expect(await nextOf(1, first)).toBe(later);
    expect(await nextOf(1, later)).toBeNull();
    expect(json<StaffDay>(await admin.get('/offices/2/day', { date: empty })).nextBookingDate).toBeNull();

    expectStatus(await staff.post(`/bookings/${booked.id}/cancel`, { reason: 'Asiakas perui puhelimessa' }), 200);
    expect(await nextOf(1, empty)).toBe(later);
  });

  it('answers 400 naming the field, 401 without login and 403 for another office', async () => {
    expectBadRequest(await staff.get('/offices/1/day', { date: `${DAY1.slice(0, 4)}-02-30` }), 'date');
    expectBadRequest(await staff.get('/offices/1/day'), 'date');
    expectBadRequest(await staff.get('/offices/yksi/day', { date: DAY1 }), 'officeId');
    // The last real date has no next day to end its view.
    expectBadRequest(await staff.get('/offices/1/day', { date: '9999-12-31' }), 'date');
    expectBadRequest(await staff.get('/offices/1/day', { date: '1999-12-31' }), 'date');
    expectStatus(await staff.get('/offices/1/day', { date: '2000-01-01' }), 200);
    expectStatus(await anonymous.get('/offices/1/day', { date: DAY1 }), 401);
    const forbidden = await otherOffice.get('/offices/1/day', { date: DAY1 });
    expectStatus(forbidden, 403);
    expect(json(forbidden).error).toBe('FORBIDDEN');
    expectStatus(await admin.get('/offices/1/day', { date: DAY1 }), 200);
  });
});

describe('GET /offices/:officeId/week', () => {
  it('answers the week from Monday with each day and its bookings', async () => {
    const booked = await book(resources[3]!.id, `${DAY2}T10:00:00`);
    const res = await staff.get('/offices/1/week', { date: DAY2 });
    expectStatus(res, 200);
    const week = json<StaffWeek>(res);
    const monday = startOfWeek(DAY2);
    expect(week.weekStart).toBe(monday);
    expect(isoWeekday(week.weekStart)).toBe(1);
    expect(week.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    expect(week.days[5]!.opening).toBeNull();
    expect(week.days[6]!.opening).toBeNull();
    for (const d of week.days) {
      expect(d.bookings.some((b) => b.id === booked.id)).toBe(d.date === DAY2);
    }
  });

  it("gives each day its load: confirmed booked minutes within the hours of the resource-minutes open, less absences, with the day's exception; null when closed", async () => {
    // A week of its own, Monday to Wednesday working days, after every other test's days.
    let monday = startOfWeek(addDays(today, 140));
    while (![0, 1, 2].every((i) => isWorkingDay(addDays(monday, i)))) monday = addDays(monday, 7);
    const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
    const loadOf = async (date: string) => json<StaffWeek>(await staff.get('/offices/1/week', { date: monday })).days.find((d) => d.date === date)!.load;
    const n = resources.length;
    const hours = 17 * 60 - (7 * 60 + 30);
    expect(await loadOf(monday)).toEqual({ bookedMinutes: 0, openMinutes: hours * n });

    const [r1, r2] = [resources[0]!.id, resources[1]!.id];
    const a = await book(r1, `${monday}T09:00:00`);
    const minutes = (parseLocalDateTime(a.end).getTime() - parseLocalDateTime(a.start).getTime()) / 60000;
    await book(r2, `${monday}T13:00:00`);
    const cancelled = await book(r1, `${monday}T14:00:00`);
    expectStatus(await staff.post(`/bookings/${cancelled.id}/cancel`, { reason: '' }), 200);
    expect(await loadOf(monday)).toEqual({ bookedMinutes: 2 * minutes, openMinutes: hours * n });

    // An absence of r2 over 12.00–16.00 takes four hours off the open time, and the part of
    // r2's booking inside it off the booked time.
    await sql`INSERT INTO resource_absence (resource_id, during, reason)
      VALUES (${r2}, tstzrange(${fromHelsinki(monday, '12:00:00')}, ${fromHelsinki(monday, '16:00:00')}, '[)'), 'Lääkäri')`.execute(t.db);
    const bInside = Math.min(minutes, 16 * 60 - 13 * 60);
    expect(await loadOf(monday)).toEqual({ bookedMinutes: 2 * minutes - bInside, openMinutes: hours * n - 240 });
    // A whole-day absence (midnight to midnight) takes the resource's whole day.
    await sql`INSERT INTO resource_absence (resource_id, during, reason)
      VALUES (${resources[2]!.id}, tstzrange(${fromHelsinki(monday)}, ${fromHelsinki(tuesday)}, '[)'), 'Loma')`.execute(t.db);
    expect((await loadOf(monday))!.openMinutes).toBe(hours * (n - 1) - 240);

    // An exception's hours are the day's; a closing exception and the weekend have no load.
    await t.db
      .insertInto('opening_exception')
      .values([
        { organization_id: 1, day: tuesday, opening_time: '10:00', closing_time: '14:00', reason: 'Koulutuspäivä' },
        { organization_id: 1, day: wednesday, opening_time: null, closing_time: null, reason: 'Suljettu' },
      ])
      .execute();
    const c = await book(r1, `${tuesday}T10:00:00`);
    const cMinutes = (parseLocalDateTime(c.end).getTime() - parseLocalDateTime(c.start).getTime()) / 60000;
    expect(await loadOf(tuesday)).toEqual({ bookedMinutes: cMinutes, openMinutes: 240 * n });
    expect(await loadOf(wednesday)).toBeNull();
    expect(await loadOf(addDays(monday, 5))).toBeNull();
  });

  it('answers 400 naming the field, 401 without login and 403 for another office', async () => {
    expectBadRequest(await staff.get('/offices/1/week', { date: '1.2.2030' }), 'date');
    expectBadRequest(await staff.get('/offices/0/week', { date: DAY1 }), 'officeId');
    // Weeks reaching out of the years 1000–9999.
    expectBadRequest(await staff.get('/offices/1/week', { date: '1000-01-01' }), 'date');
    expectBadRequest(await staff.get('/offices/1/week', { date: '9999-12-31' }), 'date');
    expectStatus(await anonymous.get('/offices/1/week', { date: DAY1 }), 401);
    expectStatus(await otherOffice.get('/offices/1/week', { date: DAY1 }), 403);
  });
});

describe('GET /bookings/:id', () => {
  it("answers the booking's customer, car, lines in cents and history", async () => {
    const booked = await book(resources[4]!.id, `${DAY2}T08:00:00`);
    const res = await staff.get(`/bookings/${booked.id}`);
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail).toMatchObject({
      id: booked.id,
      bookingKey: booked.bookingKey,
      office: { id: 1, name: 'Laakkonen Helsinki Konala' },
      start: booked.start,
      end: booked.end,
      resourceIds: [resources[4]!.id],
      customer: {
        firstname: CUSTOMER.first_name,
        lastname: CUSTOMER.last_name,
        email: CUSTOMER.email,
        phone: CUSTOMER.phone_number,
        address: CUSTOMER.address,
        postCode: CUSTOMER.post_code,
        city: CUSTOMER.post_office,
      },
      vehicle: { registerNumber: 'ABC-123', kilometers: 60000 },
      usingKeyLocker: false,
      campaignCode: null,
    });
    expect(detail.vehicle.make.length).toBeGreaterThan(0);
    expect(detail.items.length).toBeGreaterThan(0);
    expect(detail.items.reduce((s, i) => s + i.priceCents, 0)).toBe(detail.totalCents);
    const row = await t.db.selectFrom('booking').select(['total_cents', 'created_at']).where('id', '=', String(booked.id)).executeTakeFirstOrThrow();
    expect(detail.totalCents).toBe(row.total_cents);
    expect(detail.createdAt).toBe(formatLocalDateTime(new Date(row.created_at)));
    expect(detail.events).toEqual([expect.objectContaining({ action: 'CREATED', actor: 'CUSTOMER', staffName: null })]);
    // The messages about it are the outbox's rows of the booking, oldest first: read once the
    // mailer's runs (the save's, and one after it) are over, so that no row changes between the reads.
    await t.app.mailer.kick();
    await t.app.mailer.kick();
    const { messages } = json<StaffBookingDetail>(await staff.get(`/bookings/${booked.id}`));
    const outbox = await t.db
      .selectFrom('email_outbox')
      .select(['id', 'kind', 'channel', 'recipient', 'status'])
      .where('booking_id', '=', String(booked.id))
      .orderBy('id')
      .execute();
    expect(messages.map(({ id, kind, channel, recipient, status }) => ({ id, kind, channel, recipient, status }))).toEqual(
      outbox.map((o) => ({ ...o, id: Number(o.id) })),
    );
    expect(messages).toContainEqual(expect.objectContaining({ kind: 'CONFIRMATION', channel: 'EMAIL', recipient: CUSTOMER.email }));
    expect(messages.every((m) => (m.status === 'SENT') === (m.sentAt !== null))).toBe(true);

    // A product the customer added later (/oma-varaus) is a line of its own, in the total and the day's summary.
    const extra = await t.db.selectFrom('extra_order_item').select(['id', 'description', 'price_cents']).orderBy('id').executeTakeFirstOrThrow();
    const access = { bookingKey: booked.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' };
    expect(json(await new ApiClient(t.app).post('/booking/cd/add-rows', { ...access, rows: [{ productId: extra.id, amount: 2 }] })).responseCode).toBe('SUCCESS');
    const after = json<StaffBookingDetail>(await staff.get(`/bookings/${booked.id}`));
    expect(after.items.at(-1)).toEqual({ productId: null, name: extra.description, quantity: 2, priceCents: 2 * extra.price_cents });
    expect(after.totalCents).toBe(detail.totalCents + 2 * extra.price_cents);
    expect(after.items.reduce((s, i) => s + i.priceCents, 0)).toBe(after.totalCents);
    const day = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY2 }));
    const inDay = day.bookings.find((b) => b.id === booked.id)!;
    expect(inDay.summary).toContain(`${extra.description} × 2`);
    // The day's answer carries what the printed list shows of the car and the visit.
    expect(inDay.car).toBe([detail.vehicle.make, detail.vehicle.model].filter(Boolean).join(' '));
    expect(inDay.car).toContain(detail.vehicle.make);
    expect({ symptoms: inDay.symptoms, customerNotes: inDay.customerNotes, deliveryOption: inDay.deliveryOption }).toEqual({
      symptoms: after.symptoms,
      customerNotes: after.customerNotes,
      deliveryOption: after.deliveryOption,
    });
    expect(detail.symptoms).toEqual([]);
    expect(detail.deliveryOption).toBeNull();

    // What the customer told of the visit, as stored with the booking, in both answers.
    await sql`UPDATE booking SET snapshot = snapshot || ${JSON.stringify({
      symptoms: [{ description: 'Jarrut vinkuvat' }],
      notes: 'Soittakaa ennen lisätöitä',
      customer_waiting: true,
    })}::jsonb WHERE id = ${booked.id}`.execute(t.db);
    const told = { symptoms: ['Jarrut vinkuvat'], customerNotes: 'Soittakaa ennen lisätöitä', deliveryOption: 'CUSTOMER_WAITING' };
    expect(json<StaffBookingDetail>(await staff.get(`/bookings/${booked.id}`))).toMatchObject(told);
    const toldDay = json<StaffDay>(await staff.get('/offices/1/day', { date: DAY2 }));
    expect(toldDay.bookings.find((b) => b.id === booked.id)).toMatchObject(told);
  });

  it('answers 404 for an unknown booking, 400 naming the id, 401 without login and 403 for another office', async () => {
    const booked = await book(resources[4]!.id, `${DAY2}T12:00:00`);
    const missing = await staff.get('/bookings/999999');
    expectStatus(missing, 404);
    expect(json(missing)).toMatchObject({ error: 'NOT_FOUND', message: 'Varausta ei löytynyt.' });
    expectBadRequest(await staff.get('/bookings/abc'), 'id');
    expectStatus(await anonymous.get(`/bookings/${booked.id}`), 401);
    expectStatus(await otherOffice.get(`/bookings/${booked.id}`), 403);
    expectStatus(await admin.get(`/bookings/${booked.id}`), 200);
  });
});

describe('POST /bookings/:id/move', () => {
  it('moves the booking: the old time is free again for customers, the new one taken, the customer mailed a new .ics, the move recorded', async () => {
    const r = resources[0]!.id;
    const booked = await book(r, `${DAY5}T09:00:00`);
    const probe = await customerOn(r);
    expect(await startsOn(probe, DAY5)).not.toContain(booked.start);
    const target = `${DAY5}T14:00:00`;
    expect(await startsOn(probe, DAY5)).toContain(target);
    const mailsBefore = (await outboxOf(booked.id)).length;

    const res = await staff.post(`/bookings/${booked.id}/move`, { start: target, resourceId: r });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    const minutes = (parseLocalDateTime(booked.end).getTime() - parseLocalDateTime(booked.start).getTime()) / 60000;
    const newEnd = formatLocalDateTime(new Date(parseLocalDateTime(target).getTime() + minutes * 60000));
    expect(detail).toMatchObject({ start: target, end: newEnd, resourceIds: [r] });
    expect(await storedTime(booked.id)).toEqual({ start: target, end: newEnd, status: 'CONFIRMED', times: [{ resourceId: r, start: target, end: newEnd }] });

    const starts = await startsOn(probe, DAY5);
    expect(starts).toContain(booked.start);
    expect(starts).not.toContain(target);

    const mails = (await outboxOf(booked.id)).slice(mailsBefore);
    const customerMail = mails.find((m) => m.recipient === CUSTOMER.email);
    expect(customerMail?.kind).toBe('MOVED');
    expect(customerMail?.ics).toContain(`DTSTART;TZID=Europe/Helsinki:${target.replace(/[-:]/g, '')}`);
    expect(mails.some((m) => m.kind === 'OFFICE_NOTICE' && m.recipient === 'konala.huolto@laakkonen.example')).toBe(true);

    const moved = (await eventsOf(booked.id)).filter((e) => e.action === 'MOVED');
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ actor: 'STAFF', staff_user_id: staffId });
    expect(asJson(moved[0]!.before)).toEqual({ start: booked.start, end: booked.end, resourceIds: [r] });
    expect(asJson(moved[0]!.after)).toEqual({ start: target, end: newEnd, resourceIds: [r] });
    expect(Date.now() - new Date(moved[0]!.at).getTime()).toBeLessThan(60_000);
    const event = detail.events.find((e) => e.action === 'MOVED')!;
    expect(event).toMatchObject({ actor: 'STAFF', staffName: 'Toimisto Tiina', after: { start: target } });
  });

  it('moves to another resource at the same time', async () => {
    const [a, b] = [resources[1]!.id, resources[2]!.id];
    const booked = await book(a, `${DAY5}T08:00:00`);
    const res = await staff.post(`/bookings/${booked.id}/move`, { start: booked.start, resourceId: b });
    expectStatus(res, 200);
    expect((await storedTime(booked.id)).times).toEqual([{ resourceId: b, start: booked.start, end: booked.end }]);
  });

  it('answers 409 "Aika on jo varattu" for a taken time and changes nothing', async () => {
    const r = resources[3]!.id;
    const mine = await book(r, `${DAY5}T10:00:00`);
    const theirs = await book(r, `${DAY5}T12:00:00`);
    const before = await storedTime(mine.id);
    const mails = (await outboxOf(mine.id)).length;
    const events = (await eventsOf(mine.id)).length;
    const res = await staff.post(`/bookings/${mine.id}/move`, { start: theirs.start, resourceId: r });
    expectStatus(res, 409);
    expect(json(res).message).toBe('Aika on jo varattu');
    expect(await storedTime(mine.id)).toEqual(before);
    expect((await storedTime(theirs.id)).times).toHaveLength(1);
    expect(await outboxOf(mine.id)).toHaveLength(mails);
    expect(await eventsOf(mine.id)).toHaveLength(events);
    // A live hold of a customer takes the time as well.
    const holder = await customerOn(r);
    const held = await hold(holder, `${DAY5}T15:00:00`);
    expectStatus(await staff.post(`/bookings/${mine.id}/move`, { start: held.start, resourceId: r }), 409);
    expect(await storedTime(mine.id)).toEqual(before);
  });

  it('refuses a start off the quarter hours, outside the hours, in the past, on a closed day, another office\'s resource, and a cancelled booking', async () => {
    const r = resources[4]!.id;
    const booked = await book(r, `${DAY5}T09:00:00`);
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T09:10:00`, resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T06:00:00`, resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T16:45:00`, resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${addDays(startOfWeek(DAY5), 6)}T10:00:00`, resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${addDays(today, -3)}T10:00:00`, resourceId: r }), 'start');
    const beyond = workingDayFrom(addDays(today, 400));
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${beyond}T10:00:00`, resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: '9999-12-31T10:00:00', resourceId: r }), 'start');
    const office2Resource = await t.db.selectFrom('resource').select('id').where('organization_id', '=', 2).executeTakeFirstOrThrow();
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T13:00:00`, resourceId: office2Resource.id }), 'resourceId');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: 'huomenna', resourceId: r }), 'start');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T13:00:00` }), 'resourceId');
    // A quarter-hour start inside the hours is fine for staff, off the customers' grid.
    expectStatus(await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T13:15:00`, resourceId: r }), 200);

    expectStatus(await staff.post(`/bookings/${booked.id}/cancel`, { reason: '' }), 200);
    const res = await staff.post(`/bookings/${booked.id}/move`, { start: `${DAY5}T14:00:00`, resourceId: r });
    expectStatus(res, 409);
    expect(json(res).message).toMatch(/Peruttua varausta/);
  });

  it('answers 401 without login, 403 for another office and 404 for an unknown booking', async () => {
    const r = resources[2]!.id;
    const booked = await book(r, `${DAY4}T11:00:00`);
    const body = { start: `${DAY4}T12:00:00`, resourceId: r };
    expectStatus(await anonymous.post(`/bookings/${booked.id}/move`, body), 401);
    expectStatus(await otherOffice.post(`/bookings/${booked.id}/move`, body), 403);
    expectStatus(await staff.post('/bookings/999999/move', body), 404);
    expect((await storedTime(booked.id)).start).toBe(booked.start);
  });
});

describe('POST /bookings/:id/cancel', () => {
  it('cancels: the time is free again, the customer is mailed, the cancellation recorded; twice is 409', async () => {
    const r = resources[1]!.id;
    const booked = await book(r, `${DAY4}T13:00:00`);
    const probe = await customerOn(r);
    expect(await startsOn(probe, DAY4)).not.toContain(booked.start);

    const res = await staff.post(`/bookings/${booked.id}/cancel`, { reason: 'Asiakas soitti' });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.status).toBe('CANCELLED');
    const stored = await storedTime(booked.id);
    expect(stored.status).toBe('CANCELLED');
    expect(stored.times).toEqual([]);
    const row = await t.db.selectFrom('booking').select('cancelled_at').where('id', '=', String(booked.id)).executeTakeFirstOrThrow();
    expect(row.cancelled_at).not.toBeNull();
    expect(await startsOn(probe, DAY4)).toContain(booked.start);

    const mails = await outboxOf(booked.id);
    const customerMail = mails.find((m) => m.recipient === CUSTOMER.email && m.kind === 'CANCELLED');
    expect(customerMail?.subject).toMatch(/peruttu/);
    expect(customerMail?.text_body).toContain('Syy: Asiakas soitti');
    expect(mails.some((m) => m.kind === 'OFFICE_NOTICE')).toBe(true);

    const cancelled = (await eventsOf(booked.id)).filter((e) => e.action === 'CANCELLED');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ actor: 'STAFF', staff_user_id: staffId, note: 'Asiakas soitti' });
    expect(asJson(cancelled[0]!.before)).toEqual({ status: 'CONFIRMED' });
    expect(asJson(cancelled[0]!.after)).toEqual({ status: 'CANCELLED' });
    expect(detail.events.find((e) => e.action === 'CANCELLED')).toMatchObject({ staffName: 'Toimisto Tiina', note: 'Asiakas soitti' });

    const again = await staff.post(`/bookings/${booked.id}/cancel`, { reason: '' });
    expectStatus(again, 409);
    expect((await eventsOf(booked.id)).filter((e) => e.action === 'CANCELLED')).toHaveLength(1);
  });

  it('answers 400 naming the field, 401 without login and 403 for another office', async () => {
    const booked = await book(resources[0]!.id, `${DAY4}T15:00:00`);
    expectBadRequest(await staff.post(`/bookings/${booked.id}/cancel`, { reason: 'x'.repeat(201) }), 'reason');
    expectBadRequest(await staff.post('/bookings/-1/cancel', { reason: '' }), 'id');
    expectStatus(await anonymous.post(`/bookings/${booked.id}/cancel`, { reason: '' }), 401);
    expectStatus(await otherOffice.post(`/bookings/${booked.id}/cancel`, { reason: '' }), 403);
    expect((await storedTime(booked.id)).status).toBe('CONFIRMED');
  });
});

/** Moves a saved booking's times (not its booked resource time) whole days back, onto `date`. */
async function shiftBookingTo(id: number, from: string, date: string) {
  const days = Math.round((Date.parse(from) - Date.parse(date)) / 86_400_000);
  await sql`UPDATE booking SET start_at = start_at - make_interval(days => ${days}), end_at = end_at - make_interval(days => ${days})
    WHERE id = ${id}`.execute(t.db);
}

describe('POST /bookings/:id/status', () => {
  it("refuses to mark a visit before its Helsinki day (400 naming visitStatus, nothing recorded); from the day on it is marked, and a status can always be cleared", async () => {
    const booked = await book(resources[2]!.id, `${DAY2}T14:00:00`);
    for (const visitStatus of ['ARRIVED', 'NO_SHOW', 'DONE']) {
      const res = await staff.post(`/bookings/${booked.id}/status`, { visitStatus });
      expectBadRequest(res, 'visitStatus');
      expect(json(res).fields).toEqual([{ path: 'visitStatus', message: 'Käynnin tilan voi merkitä vasta käynnin päivänä' }]);
    }
    expect((await eventsOf(booked.id)).filter((e) => e.action === 'STATUS')).toEqual([]);
    expect(json<StaffBookingDetail>(await staff.get(`/bookings/${booked.id}`)).visitStatus).toBeNull();

    // The day's boundary is Helsinki midnight, not UTC's: the evening before in Helsinki is
    // still too early, the first minute of the day is not.
    const principal = { id: staffId, email: 'x@example.com', name: 'Toimisto Tiina', role: 'OFFICE' as const, officeIds: [1] };
    const eveningBefore = fromHelsinki(addDays(DAY2, -1), '23:59:00');
    await expect(staffSetVisitStatus(t.db, principal, booked.id, 'ARRIVED', eveningBefore)).rejects.toMatchObject({ status: 400, fields: [{ path: 'visitStatus' }] });
    await staffSetVisitStatus(t.db, principal, booked.id, 'ARRIVED', fromHelsinki(DAY2, '00:00:00'));
    expect((await t.db.selectFrom('booking').select('visit_status').where('id', '=', String(booked.id)).executeTakeFirstOrThrow()).visit_status).toBe('ARRIVED');
    // Clearing it is no claim about the visit: allowed any day.
    expectStatus(await staff.post(`/bookings/${booked.id}/status`, { visitStatus: null }), 200);

    // A booking of today, and one of a past day, are marked.
    const past = await book(resources[3]!.id, `${DAY2}T14:00:00`);
    await shiftBookingTo(past.id, DAY2, addDays(today, -2));
    expectStatus(await staff.post(`/bookings/${past.id}/status`, { visitStatus: 'NO_SHOW' }), 200);
  });

  it('marks the visit and records before and after; a cancelled booking is 409', async () => {
    const booked = await book(resources[2]!.id, `${DAY1}T14:00:00`);
    await shiftBookingTo(booked.id, DAY1, today);
    const res = await staff.post(`/bookings/${booked.id}/status`, { visitStatus: 'ARRIVED' });
    expectStatus(res, 200);
    expect(json<StaffBookingDetail>(res).visitStatus).toBe('ARRIVED');
    expectStatus(await staff.post(`/bookings/${booked.id}/status`, { visitStatus: 'DONE' }), 200);
    const statuses = (await eventsOf(booked.id)).filter((e) => e.action === 'STATUS');
    expect(statuses.map((e) => [asJson(e.before), asJson(e.after)])).toEqual([
      [{ visitStatus: null }, { visitStatus: 'ARRIVED' }],
      [{ visitStatus: 'ARRIVED' }, { visitStatus: 'DONE' }],
    ]);
    expect(statuses.every((e) => e.actor === 'STAFF' && e.staff_user_id === staffId)).toBe(true);
    const day = json<StaffDay>(await staff.get('/offices/1/day', { date: today }));
    expect(day.bookings.find((b) => b.id === booked.id)!.visitStatus).toBe('DONE');

    expectStatus(await staff.post(`/bookings/${booked.id}/cancel`, {}), 200);
    expectStatus(await staff.post(`/bookings/${booked.id}/status`, { visitStatus: 'NO_SHOW' }), 409);
  });

  it('answers 400 naming the field, 401 without login and 403 for another office', async () => {
    const booked = await book(resources[3]!.id, `${DAY1}T15:00:00`);
    expectBadRequest(await staff.post(`/bookings/${booked.id}/status`, { visitStatus: 'LATE' }), 'visitStatus');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/status`, {}), 'visitStatus');
    expectStatus(await anonymous.post(`/bookings/${booked.id}/status`, { visitStatus: 'ARRIVED' }), 401);
    expectStatus(await otherOffice.post(`/bookings/${booked.id}/status`, { visitStatus: 'ARRIVED' }), 403);
    expect((await eventsOf(booked.id)).filter((e) => e.action === 'STATUS')).toEqual([]);
  });
});

describe('POST /bookings/:id/notes', () => {
  it('adds an internal note to the history with who wrote it', async () => {
    const booked = await book(resources[4]!.id, `${DAY1}T10:00:00`);
    const res = await staff.post(`/bookings/${booked.id}/notes`, { text: 'Asiakas tuo omat renkaat.\nSoita ennen.' });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.events.at(-1)).toMatchObject({ action: 'NOTE', actor: 'STAFF', staffName: 'Toimisto Tiina', note: 'Asiakas tuo omat renkaat.\nSoita ennen.' });
    const notes = (await eventsOf(booked.id)).filter((e) => e.action === 'NOTE');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ actor: 'STAFF', staff_user_id: staffId, before: null, after: null });
    // Internal: the customer is not mailed about it.
    expect((await outboxOf(booked.id)).filter((m) => m.recipient === CUSTOMER.email)).toHaveLength(1);
  });

  it('answers 400 naming the field, 401 without login and 403 for another office', async () => {
    const booked = await book(resources[0]!.id, `${DAY3}T13:00:00`);
    expectBadRequest(await staff.post(`/bookings/${booked.id}/notes`, { text: '   ' }), 'text');
    expectBadRequest(await staff.post(`/bookings/${booked.id}/notes`, { text: 'x'.repeat(2001) }), 'text');
    expectStatus(await anonymous.post(`/bookings/${booked.id}/notes`, { text: 'Hei' }), 401);
    expectStatus(await otherOffice.post(`/bookings/${booked.id}/notes`, { text: 'Hei' }), 403);
    expect(await eventsOf(booked.id).then((e) => e.filter((x) => x.action === 'NOTE'))).toEqual([]);
  });
});
