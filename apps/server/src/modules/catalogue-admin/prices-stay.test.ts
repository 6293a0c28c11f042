/**
 * Prices that do not move under a customer: a saved booking keeps the prices, the total and
 * the services it was saved with whatever the back-office changes later (the customer's
 * /oma-varaus, the staff detail, the confirmation e-mail, a move); a cart in progress sees
 * a changed price and duration at its next step, and a time held before a service grew longer
 * is not saved; a service that left the catalogue while in a cart is named to the customer at
 * saving instead of being dropped silently.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  addDays,
  formatEuros,
  todayInHelsinki,
  type Booking,
  type CreateServiceBody,
  type FreeTimeDay,
  type ManagedBooking,
  type ServiceDetails,
  type StaffBookingDetail,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, upcomingRange, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';

let t: TestApp;
let admin: StaffClient;
let groupId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  const group = await admin.post('/catalogue/groups', { title: 'Hintatestit', stage: 'DEFAULT', kind: 'PRIMARY' });
  expect(group.statusCode, group.body).toBe(200);
  groupId = json(group).id;
}, 60_000);
afterAll(() => t?.close());

let made = 0;
/** A new service of its own for each test, so that no test sees another's price changes. */
async function newService(body: Partial<CreateServiceBody> = {}): Promise<ServiceDetails> {
  const res = await admin.post('/catalogue/services', {
    code: `TEST-PRICE-${++made}`,
    groupId,
    name: `Hintatestipalvelu ${made}`,
    priceCents: 10_000,
    durationMinutes: 60,
    workKind: 'MAINTENANCE',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<ServiceDetails>(res);
}

/** A service's body for PUT: its details without the fields the server sets. */
const bodyOf = (s: ServiceDetails) => {
  const { code: _code, groupTitle: _title, stage: _stage, kind: _kind, sort: _sort, ...body } = s;
  return body;
};

/** The admin's change of a service through PUT /catalogue/services/:code; answers the service as changed. */
async function changeService(code: string, change: Partial<ServiceDetails>): Promise<ServiceDetails> {
  const current = json<ServiceDetails>(await admin.get(`/catalogue/services/${code}`));
  const res = await admin.put(`/catalogue/services/${code}`, { ...bodyOf(current), ...change });
  expect(res.statusCode, res.body).toBe(200);
  return json<ServiceDetails>(res);
}

let address = 0;
/** A customer of ABC-123 at 60 000 km, office 1, with the given services in the cart. */
async function customerWith(...codes: string[]) {
  const c = new ApiClient(t.app, { remoteAddress: `203.0.113.${(address++ % 250) + 1}` });
  await c.init('MAINTENANCE');
  expect(json(await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 })).responseCode).toBe('SUCCESS');
  expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
  const add = await c.post('/add-products-to-cart', { items: codes.map((productId) => ({ productId, amount: 1 })), stage: 'DEFAULT' });
  expect(add.statusCode, add.body).toBe(200);
  return c;
}

const view = async (c: ApiClient) => {
  const res = await c.get('/get-booking/v2');
  expect(res.statusCode, res.body).toBe(200);
  return json<Booking>(res);
};

/** Holds the first free time two days or more ahead (so that the booking can be moved online); answers it. */
async function reserve(c: ApiClient) {
  const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
  expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }))).toEqual({ responseCode: 'SUCCESS' });
  return reservation;
}

/** Holds a time, gives the customer and saves; answers the booking's key and row. */
async function save(c: ApiClient) {
  await reserve(c);
  expect(json(await c.post('/customer/v2', CUSTOMER)).responseCode).toBe('SUCCESS');
  const saved = await c.post('/save-booking');
  expect(saved.statusCode, saved.body).toBe(200);
  expect(json(saved).responseCode, saved.body).toBe('SUCCESS');
  const bookingKey: string = json(saved).bookingKey;
  const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return { bookingKey, row, access: { bookingKey, registerNumber: 'ABC-123' } };
}
type Saved = Awaited<ReturnType<typeof save>>;

/** The booking as the customer's /oma-varaus page reads it. */
async function ownPage(b: Saved): Promise<ManagedBooking> {
  const res = await new ApiClient(t.app).post('/open-booking', b.access);
  expect(res.statusCode, res.body).toBe(200);
  expect(json(res).responseCode).toBe('SUCCESS');
  return json(res).booking;
}

async function staffDetail(b: Saved): Promise<StaffBookingDetail> {
  const res = await admin.get(`/bookings/${b.row.id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<StaffBookingDetail>(res);
}

/** The newest confirmation text composed for the booking (the first one, or a copy sent again). */
async function newestConfirmation(b: Saved) {
  const mail = await t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('booking_id', '=', b.row.id)
    .where('kind', '=', 'CONFIRMATION')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return mail.text_body;
}

/** Everything a saved booking is read through, in euros as its readers print them. */
async function readers(b: Saved) {
  const own = await ownPage(b);
  const staff = await staffDetail(b);
  return { own, staff, mail: await newestConfirmation(b) };
}

const minutesOf = (slot: { startTime: string; endTime: string }) => {
  const [h1, m1] = slot.startTime.split(':').map(Number) as [number, number];
  const [h2, m2] = slot.endTime.split(':').map(Number) as [number, number];
  return h2 * 60 + m2 - (h1 * 60 + m1);
};

describe('a saved booking', () => {
  it('keeps the prices and the total it was saved with when the price is raised: /oma-varaus, the staff detail and the e-mail, also sent again', async () => {
    const service = await newService({ priceCents: 12_000 });
    const c = await customerWith(service.code);
    const b = await save(c);
    expect(b.row.total_cents).toBe(12_000);

    await changeService(service.code, { priceCents: 19_900, normalPriceCents: 24_900 });
    // The change reaches the catalogue: a new customer is offered the new price.
    expect((await view(await customerWith(service.code))).order_items[0]!.price).toBe(19_900);

    const { own, staff, mail } = await readers(b);
    expect(own.items).toEqual([{ description: service.name, amount: 1, price: 12_000, priceDisplay: 'exact' }]);
    expect(own.total).toBe(12_000);
    expect(staff.items).toEqual([{ productId: service.code, name: service.name, quantity: 1, priceCents: 12_000 }]);
    expect(staff.totalCents).toBe(12_000);
    expect(mail).toContain(`${service.name}: ${formatEuros(12_000)}`);
    expect(mail).toContain(`Yhteensä: ${formatEuros(12_000)}`);
    expect(mail).not.toContain(formatEuros(19_900));
    // The confirmation asked again is composed now, from what was saved.
    const again = await new ApiClient(t.app).post('/send-email', b.access);
    expect(again.statusCode, again.body).toBe(200);
    const resent = await newestConfirmation(b);
    expect(resent).toContain(`Yhteensä: ${formatEuros(12_000)}`);
    expect(resent).not.toContain(formatEuros(19_900));
    const count = await t.db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('booking_id', '=', b.row.id)
      .where('kind', '=', 'CONFIRMATION')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('keeps a service deactivated since on every view, and can still be moved by the customer and by staff', async () => {
    const service = await newService({ priceCents: 8_000, durationMinutes: 90 });
    const b = await save(await customerWith(service.code));
    const before = await readers(b);
    await changeService(service.code, { active: false });

    const after = await readers(b);
    expect(after.own.items).toEqual(before.own.items);
    expect(after.own.items.map((i) => i.description)).toEqual([service.name]);
    expect(after.own.total).toBe(8_000);
    expect(after.staff.items).toEqual([{ productId: service.code, name: service.name, quantity: 1, priceCents: 8_000 }]);
    expect(after.staff.totalCents).toBe(8_000);
    expect(after.mail).toContain(`${service.name}: ${formatEuros(8_000)}`);

    // The customer's move: the times for its own 90 minutes, and the move itself.
    const { start, end } = upcomingRange(3);
    const days = json<{ days: FreeTimeDay[] }>(await new ApiClient(t.app).post('/free-times-for-booking', { ...b.access, start, end })).days;
    const target = days.find((d) => d.date > addDays(todayInHelsinki(), 2) && d.calendarSlots.length > 0)!;
    expect(target).toBeDefined();
    const slot = target.calendarSlots.at(-1)!;
    expect(minutesOf(slot)).toBe(90);
    const moved = await new ApiClient(t.app).post('/move-booking', { ...b.access, reservation: `${target.date}T${slot.startTime}|${target.date}T${slot.endTime}` });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(json(moved).responseCode, moved.body).toBe('SUCCESS');
    expect((await ownPage(b)).start).toBe(`${target.date}T${slot.startTime}`);

    // Staff's move to another free time, on whichever lift of the office has it.
    const other = days.find((d) => d.date > target.date && d.calendarSlots.length > 0)!;
    const lifts = await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).where('active', '=', true).orderBy('id').execute();
    let staffMoved = false;
    for (const lift of lifts) {
      const res = await admin.post(`/bookings/${b.row.id}/move`, { start: `${other.date}T${other.calendarSlots[0]!.startTime}`, resourceId: lift.id });
      if (res.statusCode === 200) {
        staffMoved = true;
        break;
      }
      // Refused only because that lift is taken then, never for the deactivated service.
      expect(json(res).error, res.body).toBe('NOT_AVAILABLE');
    }
    expect(staffMoved).toBe(true);
    expect((await ownPage(b)).start).toBe(`${other.date}T${other.calendarSlots[0]!.startTime}`);
    expect((await ownPage(b)).items.map((i) => i.description)).toEqual([service.name]);
  });

  it("moved by the customer after its service is deactivated, still needs a resource that can do the service's work", async () => {
    const service = await newService({ workKind: 'MAINTENANCE' });
    const b = await save(await customerWith(service.code));
    await changeService(service.code, { active: false });
    const { start, end } = upcomingRange(3);
    const freeSlots = async () =>
      json<{ days: FreeTimeDay[] }>(await new ApiClient(t.app).post('/free-times-for-booking', { ...b.access, start, end })).days.flatMap((d) => d.calendarSlots);
    expect((await freeSlots()).length).toBeGreaterThan(0);
    // No resource of the office does maintenance any more: no time can be offered for this booking.
    const kinds = await sql<{ resource_id: number; work_kind: string }>`
      SELECT k.resource_id, k.work_kind FROM resource_work_kind k JOIN resource r ON r.id = k.resource_id
      WHERE r.organization_id = 1 AND k.work_kind = 'MAINTENANCE'`.execute(t.db);
    expect(kinds.rows.length).toBeGreaterThan(0);
    await sql`DELETE FROM resource_work_kind k USING resource r
      WHERE r.id = k.resource_id AND r.organization_id = 1 AND k.work_kind = 'MAINTENANCE'`.execute(t.db);
    try {
      expect(await freeSlots()).toEqual([]);
    } finally {
      for (const k of kinds.rows) {
        await sql`INSERT INTO resource_work_kind (resource_id, work_kind) VALUES (${k.resource_id}, ${k.work_kind})`.execute(t.db);
      }
    }
    expect((await freeSlots()).length).toBeGreaterThan(0);
  });
});

describe('a cart in progress', () => {
  it('shows a changed price at its next step, and saves at the price of the moment with its total the sum of its lines', async () => {
    const service = await newService({ priceCents: 5_000 });
    const c = await customerWith(service.code);
    const first = await view(c);
    expect(first.order_items.map((i) => i.price)).toEqual([5_000]);
    expect(first.price.active_price).toBe(5_000);

    await changeService(service.code, { priceCents: 6_500 });
    const next = await view(c);
    expect(next.order_items.map((i) => i.price)).toEqual([6_500]);
    expect(next.price.active_price).toBe(6_500);
    const stage = json<{ price: number }[]>(await c.post('/order-items-by-stage', { stage: 'DEFAULT' }));
    expect(stage.map((i) => i.price)).toEqual([6_500]);

    // Summary shown at 65 €, then the price changes again before the customer saves.
    await reserve(c);
    expect(json(await c.post('/customer/v2', CUSTOMER)).responseCode).toBe('SUCCESS');
    expect((await view(c)).price.active_price).toBe(6_500);
    await changeService(service.code, { priceCents: 7_200 });
    const saved = json(await c.post('/save-booking'));
    expect(saved.responseCode).toBe('SUCCESS');
    const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', saved.bookingKey).executeTakeFirstOrThrow();
    const lines = row.order_items as { price: number }[];
    expect(lines.map((l) => l.price)).toEqual([7_200]);
    const snapshot = row.snapshot as Booking;
    const extras = snapshot.extra_order_items.reduce((s, i) => s + i.price, 0);
    const discounts = snapshot.discounts.reduce((s, d) => s + d.amount, 0);
    expect(row.total_cents).toBe(lines.reduce((s, l) => s + l.price, 0) + extras - discounts);
    expect(row.total_cents).toBe(7_200);
    expect(snapshot.price.active_price).toBe(row.total_cents);
    const own = await ownPage({ bookingKey: saved.bookingKey, row, access: { bookingKey: saved.bookingKey, registerNumber: 'ABC-123' } });
    expect(own.total).toBe(own.items.reduce((s, i) => s + i.price, 0));
  });

  it('offers at the time step only starts where a raised duration fits and reserves the new duration; a shorter time held before is not saved', async () => {
    const service = await newService({ durationMinutes: 60 });
    const c = await customerWith(service.code);
    // Another customer already holds an hour for it.
    const early = await customerWith(service.code);
    await reserve(early);
    expect(json(await early.post('/customer/v2', CUSTOMER)).responseCode).toBe('SUCCESS');
    const range = { ...upcomingRange(2), resourceTimeSelectionTypes: ['EXACT_TIME'] };
    const before = json<FreeTimeDay[]>(await c.post('/free-times', range));
    const slotsBefore = before.flatMap((d) => d.calendarSlots);
    expect(slotsBefore.length).toBeGreaterThan(0);
    expect(slotsBefore.every((s) => minutesOf(s) === 60)).toBe(true);

    await changeService(service.code, { durationMinutes: 150 });
    expect((await view(c)).total_duration_minutes).toBe(150);
    const after = json<FreeTimeDay[]>(await c.post('/free-times', range));
    const slotsAfter = after.flatMap((d) => d.calendarSlots);
    expect(slotsAfter.length).toBeGreaterThan(0);
    expect(slotsAfter.every((s) => minutesOf(s) === 150)).toBe(true);
    // The longer work fits in fewer places: every start offered now was offered before, and
    // the last start of each day moved at least 90 minutes earlier.
    for (const day of after) {
      const earlier = new Set(before.find((d) => d.date === day.date)!.calendarSlots.map((s) => s.startTime));
      for (const s of day.calendarSlots) expect(earlier.has(s.startTime), `${day.date} ${s.startTime}`).toBe(true);
    }
    expect(slotsAfter.length).toBeLessThan(slotsBefore.length);

    const reservation = await reserve(c);
    const [start, end] = reservation.split('|') as [string, string];
    expect((Date.parse(`${end}Z`) - Date.parse(`${start}Z`)) / 60000).toBe(150);
    const held = (await view(c)).booking_total_duration!;
    expect(held.minutes).toBe(150);
    const times = await sql<{ minutes: number }>`
      SELECT extract(epoch FROM upper(during) - lower(during))::int / 60 AS minutes FROM resource_time WHERE process_token = ${c.token!}`.execute(t.db);
    expect(times.rows.map((r) => Number(r.minutes))).toEqual([150]);

    // The hour held before the change is too short for the work now: the save asks for a new time
    // and saves nothing; with a time of the new length it saves.
    const bookings = await t.db.selectFrom('booking').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(json(await early.post('/save-booking'))).toEqual({ responseCode: 'INVALID', message: 'Valitsemiesi palvelujen kesto on muuttunut. Valitse aika uudelleen.' });
    expect(await t.db.selectFrom('booking').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).toEqual(bookings);
    await reserve(early);
    const saved = json(await early.post('/save-booking'));
    expect(saved.responseCode).toBe('SUCCESS');
    const row = await t.db.selectFrom('booking').select(['start_at', 'end_at']).where('booking_key', '=', saved.bookingKey).executeTakeFirstOrThrow();
    expect((row.end_at!.getTime() - row.start_at!.getTime()) / 60000).toBe(150);
  });

  it('with a service deactivated since it was chosen: the save names it in Finnish and saves nothing; without it the booking saves', async () => {
    const gone = await newService({ name: 'Poistuva huoltopalvelu', priceCents: 4_000 });
    const stays = await newService({ priceCents: 3_000 });
    const c = await customerWith(gone.code, stays.code);
    await reserve(c);
    expect(json(await c.post('/customer/v2', CUSTOMER)).responseCode).toBe('SUCCESS');
    expect((await view(c)).price.active_price).toBe(7_000);
    await changeService(gone.code, { active: false });

    const count = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM booking`.execute(t.db)).rows[0]!.n);
    const bookings = await count();
    const refused = await c.post('/save-booking');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ error: 'SERVICE_UNAVAILABLE', fields: [{ path: 'cart' }] });
    expect(json(refused).message).toBe('Valitsemasi palvelu ”Poistuva huoltopalvelu” ei ole enää valittavissa. Poista se valinnoista ja valitse aika uudelleen.');
    expect(json(refused).fields[0].message).toBe(json(refused).message);
    expect(await count()).toBe(bookings);

    // The customer takes it out, picks a time again (a changed cart lets go of its time) and saves.
    expect((await c.post('/remove-products-from-cart', { items: [{ productId: gone.code }] })).statusCode).toBe(200);
    await reserve(c);
    const saved = await c.post('/save-booking');
    expect(json(saved).responseCode, saved.body).toBe('SUCCESS');
    const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', json(saved).bookingKey).executeTakeFirstOrThrow();
    expect((row.order_items as { product: { id: string } }[]).map((i) => i.product.id)).toEqual([stays.code]);
    expect(row.total_cents).toBe(3_000);
  });
});
