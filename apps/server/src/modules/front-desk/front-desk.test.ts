/**
 * The front desk: staff book for a customer through the customer's own steps, at any start of
 * the staff grid; the booking records its channel and maker, mails only what it should, and is
 * counted per staff account, not per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, fromHelsinki, isoWeekday, todayInHelsinki, type DeskBookingBody, type DeskTimes, type ServiceDetails, type StaffBookingDetail } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { queueDueReminders } from '../mail/index.ts';
import { databaseVehicleSource } from '../vehicle/index.ts';
import { TIME_LOST_MESSAGE } from './booking.ts';
import { deskTimes } from './times.ts';

let t: TestApp;
let desk: StaffClient;
let deskUser: { id: number };
let service: { code: string; priceCents: number; durationMinutes: number };
let resources: number[];
let otherOfficeResource: number;

const CAR = { registerNumber: 'ABC-123', kilometers: 60000 };

async function catalogue(c: StaffClient, vehicle: object = CAR) {
  const res = await c.post('/offices/1/desk/catalogue', { vehicle });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ vehicle: { found: boolean }; groups: { stage: string; services: { code: string; priceCents: number; durationMinutes: number }[] }[] }>(res);
}

async function times(c: StaffClient, date: string, vehicle: object = CAR) {
  const res = await c.post('/offices/1/desk/times', { vehicle, items: [{ productId: service.code }], date });
  expect(res.statusCode, res.body).toBe(200);
  return json<DeskTimes>(res);
}

/** Free starts of the coming days that do not overlap one another: the first of each resource's day. */
async function freeStarts(c: StaffClient, count: number): Promise<{ date: string; resourceId: number; time: string }[]> {
  const out: { date: string; resourceId: number; time: string }[] = [];
  for (let d = 1; d < 30 && out.length < count; d++) {
    const date = addDays(todayInHelsinki(), d);
    const day = await times(c, date);
    for (const r of day.resources) {
      const s = r.starts.find((x) => !x.taken && !x.past);
      if (s) out.push({ date, resourceId: r.id, time: s.time });
    }
  }
  return out.slice(0, count);
}

function bookingBody(at: { date: string; resourceId: number; time: string }, over: Partial<DeskBookingBody> = {}): DeskBookingBody {
  return {
    channel: 'PHONE',
    vehicle: { registerNumber: 'ZZZ-999', make: 'Volvo', model: 'V70', kilometers: 120000 },
    items: [{ productId: service.code, amount: 1 }],
    start: `${at.date}T${at.time}`,
    resourceId: at.resourceId,
    customer: { first_name: 'Maija', last_name: 'Puhelin', phone_number: '040 765 4321' },
    ...over,
  };
}

async function counts(db: TestApp['db']) {
  const n = async (table: 'process' | 'booking' | 'email_outbox') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const holds = Number((await db.selectFrom('resource_time').select((eb) => eb.fn.countAll().as('n')).where('kind', '=', 'HOLD').executeTakeFirstOrThrow()).n);
  return { process: await n('process'), booking: await n('booking'), outbox: await n('email_outbox'), holds };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ client: desk, user: deskUser } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1], name: 'Tiina Tiski' }));
  // A service offered both for the registered car and for the typed one.
  const typed = new Set((await catalogue(desk, { registerNumber: 'ZZZ-999', make: 'Volvo', model: 'V70', kilometers: 120000 })).groups.flatMap((g) => g.services.map((s) => s.code)));
  service = (await catalogue(desk)).groups.filter((g) => g.stage === 'DEFAULT').flatMap((g) => g.services).find((s) => typed.has(s.code))!;
  resources = (await t.db.selectFrom('resource').select('id').where('organization_id', '=', 1).where('active', '=', true).orderBy('id').execute()).map((r) => r.id);
  otherOfficeResource = (await t.db.selectFrom('resource').select('id').where('organization_id', '<>', 1).orderBy('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(() => t.close());

describe('desk catalogue and times', () => {
  it("offers the customer's services with the customer's prices", async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    expect(json(await c.post('/search-vehicle', { registerNumber: 'abc-123', kilometers: 60000 })).responseCode).toBe('SUCCESS');
    expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
    const customer = json<{ suggestions: { product: { id: string }; price: number }[] }[]>(await c.get('/services/v2')).flatMap((g) => g.suggestions);
    const deskServices = new Map((await catalogue(desk)).groups.flatMap((g) => g.services).map((s) => [s.code, s.priceCents]));
    expect(customer.length).toBeGreaterThan(0);
    for (const s of customer) expect(deskServices.get(s.product.id), s.product.id).toBe(s.price);
  });

  it('takes a car the register does not know as typed', async () => {
    const typed = await catalogue(desk, { registerNumber: 'ZZZ-999', make: 'Volvo', model: 'V70' });
    expect(typed.vehicle).toMatchObject({ found: false, make: 'Volvo', model: 'V70' });
    expect(typed.groups.length).toBeGreaterThan(0);
  });

  it('answers the starts per resource able to do the work, and `first` the first free start', async () => {
    const [at] = await freeStarts(desk, 1);
    const day = await times(desk, at!.date);
    expect(day.minutes).toBeGreaterThanOrEqual(service.durationMinutes);
    expect(day.totalCents).toBe(service.priceCents);
    expect(day.resources.map((r) => r.id).every((id) => resources.includes(id))).toBe(true);
    const earliest = day.resources.flatMap((r) => r.starts.filter((s) => !s.taken && !s.past).map((s) => s.time)).sort()[0];
    const firstResource = day.resources.find((r) => r.starts.some((s) => s.time === earliest && !s.taken && !s.past))!;
    expect(day.first).toEqual({ resourceId: firstResource.id, time: earliest });
    expect(day.resources.some((r) => r.starts.some((s) => s.customerTime))).toBe(true);

    // Booked, the start is taken; the first moves on.
    const res = await desk.post('/offices/1/bookings', bookingBody({ date: at!.date, resourceId: day.first!.resourceId, time: day.first!.time }));
    expect(res.statusCode, res.body).toBe(201);
    const after = await times(desk, at!.date);
    const start = after.resources.find((r) => r.id === day.first!.resourceId)!.starts.find((s) => s.time === day.first!.time)!;
    expect(start.taken).toBe(true);
    expect(after.first).not.toEqual(day.first);
  });

  it('400 naming items for an item not offered for the car', async () => {
    const res = await desk.post('/offices/1/desk/times', { vehicle: CAR, items: [{ productId: 'NO-SUCH-PRODUCT' }], date: addDays(todayInHelsinki(), 1) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('items');
  });
});

describe('a booking made at the desk', () => {
  it('by phone for a car the register does not know, without e-mail: channel, maker, STAFF event, no e-mail to anyone', async () => {
    const [at] = await freeStarts(desk, 1);
    const res = await desk.post('/offices/1/bookings', bookingBody(at!));
    expect(res.statusCode, res.body).toBe(201);
    const made = json<{ id: number; bookingKey: string }>(res);
    const row = await t.db.selectFrom('booking').selectAll().where('id', '=', String(made.id)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'PHONE', created_by_staff_id: deskUser.id, booking_key: made.bookingKey, register_number: 'ZZZ-999', client_key: null });
    expect(row.vehicle).toMatchObject({ make: 'Volvo', model: 'V70' });
    const events = await t.db.selectFrom('booking_event').selectAll().where('booking_id', '=', String(made.id)).execute();
    expect(events).toEqual([expect.objectContaining({ action: 'CREATED', actor: 'STAFF', staff_user_id: deskUser.id })]);
    const mails = await t.db.selectFrom('email_outbox').select(['kind', 'channel']).where('booking_id', '=', String(made.id)).execute();
    expect(mails).toEqual([]);

    // The day view lists it with its channel and maker.
    const day = json(await desk.get('/offices/1/day', { date: at!.date }));
    expect(day.bookings.find((b: { id: number }) => b.id === made.id)).toMatchObject({ channel: 'PHONE', createdBy: 'Tiina Tiski' });
    // Its page opens without an e-mail address.
    const detail = await desk.get(`/bookings/${made.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it('with an e-mail: one confirmation with its calendar file, still no office notice', async () => {
    const [at] = await freeStarts(desk, 1);
    const res = await desk.post(
      '/offices/1/bookings',
      bookingBody(at!, { channel: 'COUNTER', vehicle: CAR, customer: { first_name: 'Kalle', last_name: 'Tiski', phone_number: '040 111 2222', email: 'kalle@example.com' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = String(json(res).id);
    const mails = await t.db.selectFrom('email_outbox').select(['kind', 'channel', 'recipient', 'ics']).where('booking_id', '=', id).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'CONFIRMATION', channel: 'EMAIL', recipient: 'kalle@example.com' });
    expect(mails[0]!.ics).toContain('BEGIN:VCALENDAR');
    expect((await t.db.selectFrom('booking').select('channel').where('id', '=', id).executeTakeFirstOrThrow()).channel).toBe('COUNTER');
  });

  it('two receptionists taking the same time at once: one booking, one 409 with the Finnish message', async () => {
    const { client: other } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] });
    const [at] = await freeStarts(desk, 1);
    const before = await counts(t.db);
    const answers = await Promise.all([desk.post('/offices/1/bookings', bookingBody(at!)), other.post('/offices/1/bookings', bookingBody(at!))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const lost = json(answers.find((a) => a.statusCode === 409)!);
    expect(lost).toMatchObject({ error: 'NOT_AVAILABLE', message: TIME_LOST_MESSAGE });
    const after = await counts(t.db);
    expect(after.booking).toBe(before.booking + 1);
    expect(after.process).toBe(before.process + 1);
    expect(after.holds).toBe(before.holds);
  });

  it('400 naming the field for bad input, and nothing saved', async () => {
    const [at] = await freeStarts(desk, 1);
    let sunday = addDays(todayInHelsinki(), 1);
    while (isoWeekday(sunday) !== 7) sunday = addDays(sunday, 1);
    const cases: [string, DeskBookingBody][] = [
      ['start', bookingBody({ ...at!, time: '10:05:00' })],
      ['start', bookingBody({ ...at!, date: todayInHelsinki(), time: '00:00:00' })],
      ['start', bookingBody({ ...at!, date: sunday, time: '10:00:00' })],
      ['resourceId', bookingBody({ ...at!, resourceId: otherOfficeResource })],
      ['items', bookingBody(at!, { items: [{ productId: 'NO-SUCH-PRODUCT', amount: 1 }] })],
      ['vehicle.make', bookingBody(at!, { vehicle: { registerNumber: 'ZZZ-998' } })],
      ['customer.phone_number', bookingBody(at!, { customer: { last_name: 'Ei Numeroa', phone_number: '' } })],
    ];
    for (const [field, body] of cases) {
      const before = await counts(t.db);
      const res = await desk.post('/offices/1/bookings', body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(json(res).fields.map((f: { path: string }) => f.path).join(' '), res.body).toContain(field);
      expect(await counts(t.db), field).toEqual(before);
    }
  });

  it('403 at an office the user does not run, 401 without a session', async () => {
    const [at] = await freeStarts(desk, 1);
    const { client: office2 } = await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] });
    expect((await office2.post('/offices/1/bookings', bookingBody(at!))).statusCode).toBe(403);
    expect((await office2.post('/offices/1/desk/times', { vehicle: CAR, items: [{ productId: service.code }], date: at!.date })).statusCode).toBe(403);
    expect((await new StaffClient(t.app).post('/offices/1/bookings', bookingBody(at!))).statusCode).toBe(401);
    const { client: admin } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    expect((await admin.post('/offices/1/desk/catalogue', { vehicle: CAR })).statusCode).toBe(200);
  });
});

describe('a tire sale at the desk', () => {
  type Suggestion = { product: { id: string }; price: number; suggested_tire: { make: string; description: string; size_info: string; stock: number } };
  type DeskTiresAnswer = { tireSize: object | null; tires: { productId: string; make: string; model: string; size: string; priceCents: number; stock: number }[] };
  const tireCatalogue = async (over: object = {}) => {
    const res = await desk.post('/offices/1/desk/catalogue', { processType: 'TIRE_SALES', vehicle: CAR, tireType: 'WINTER_STUDLESS', ...over });
    expect(res.statusCode, res.body).toBe(200);
    return json<DeskTiresAnswer>(res);
  };

  it("lists the tires and prices of the customer's tire search for the car's size in the register, and for a size given", async () => {
    const c = new ApiClient(t.app);
    await c.init('TIRE_SALES');
    expect(json(await c.post('/search-vehicle', { registerNumber: 'abc-123', kilometers: 60000 })).responseCode).toBe('SUCCESS');
    const sizes = json<{ suppliers: { id: number }[]; suggestedSizes: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number }[] }>(await c.get('/tire-sizes'));
    const own = sizes.suggestedSizes[0]!;
    const { loadIndex, ...size } = own;
    const customer = json<Suggestion[]>(
      await c.post('/search-tires/v2', { suppliers: sizes.suppliers.map((s) => s.id), ...size, minLoadIndex: loadIndex, tireType: 'WINTER_STUDLESS' }),
    );
    expect(customer.length).toBeGreaterThan(0);

    const desk1 = await tireCatalogue();
    expect(desk1.tireSize).toEqual(size);
    expect(desk1.tires.map((x) => [x.productId, x.priceCents, x.stock, x.make, x.model, x.size])).toEqual(
      customer.map((s) => [s.product.id, s.price, s.suggested_tire.stock, s.suggested_tire.make, s.suggested_tire.description, s.suggested_tire.size_info]),
    );

    // Another size typed at the desk: the customer's search of that size.
    const other = { width: 225, aspectRatio: 45, rimDiameter: 18 };
    const typed = await tireCatalogue({ tireSize: other });
    const customerOther = json<Suggestion[]>(await c.post('/search-tires/v2', { suppliers: sizes.suppliers.map((s) => s.id), ...other, minLoadIndex: 70, tireType: 'WINTER_STUDLESS' }));
    expect(typed.tires.map((x) => [x.productId, x.priceCents])).toEqual(customerOther.map((s) => [s.product.id, s.price]));
    expect(typed.tires.length).toBeGreaterThan(0);
  });

  it("books 4 of a tire at the customer's price; more than in stock is 400 naming items and nothing is saved", async () => {
    const tire = (await tireCatalogue()).tires.find((x) => x.stock >= 4)!;
    expect(tire).toBeDefined();
    const items = [{ productId: tire.productId, amount: 4 }];
    let at: { date: string; resourceId: number; time: string } | undefined;
    for (let d = 1; d < 30 && !at; d++) {
      const date = addDays(todayInHelsinki(), d);
      const res = await desk.post('/offices/1/desk/times', { processType: 'TIRE_SALES', vehicle: CAR, items, date });
      expect(res.statusCode, res.body).toBe(200);
      const day = json<DeskTimes>(res);
      expect(day.totalCents).toBe(tire.priceCents * 4);
      expect(day.minutes).toBeGreaterThan(0);
      if (day.first) at = { date, ...day.first };
    }
    expect(at).toBeDefined();

    const body = bookingBody(at!, { processType: 'TIRE_SALES', vehicle: CAR, items });
    const stock = tire.stock;
    await t.db.updateTable('tire').set({ stock: 3 }).where('product_id', '=', tire.productId).execute();
    try {
      const before = await counts(t.db);
      const over = await desk.post('/offices/1/bookings', body);
      expect(over.statusCode, over.body).toBe(400);
      expect(json(over).fields).toEqual([expect.objectContaining({ path: 'items.0.amount', message: 'Varastossa vain 3 kpl' })]);
      expect(await counts(t.db)).toEqual(before);
    } finally {
      await t.db.updateTable('tire').set({ stock }).where('product_id', '=', tire.productId).execute();
    }

    const res = await desk.post('/offices/1/bookings', body);
    expect(res.statusCode, res.body).toBe(201);
    const made = json<{ id: number }>(res);
    const detail = json<StaffBookingDetail>(await desk.get(`/bookings/${made.id}`));
    expect(detail.items).toEqual([expect.objectContaining({ productId: tire.productId, quantity: 4, priceCents: tire.priceCents * 4 })]);
  });
});

describe('limits', () => {
  let h: TestApp;
  beforeAll(async () => {
    h = await createTestApp({
      fairShare: { holdsPerAddress: 1, holdMinutesPerAddress: 60, clientKeySecret: undefined },
      staffBookingRateLimit: 3,
      smsReminders: true,
    });
  }, 60_000);
  afterAll(() => h.close());

  it("bookings from one address beyond a customer's fair share all succeed; the account's own limit answers 429 with Retry-After", async () => {
    const { user } = await signedInStaff(h.app, h.db, { role: 'OFFICE', officeIds: [1] });
    const c = new StaffClient(h.app, { remoteAddress: '203.0.113.77' });
    await c.login(user.email);
    const starts = await freeStarts(c, 5);
    for (const at of starts.slice(0, 3)) {
      const res = await c.post('/offices/1/bookings', bookingBody(at));
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await c.post('/offices/1/bookings', bookingBody(starts[3]!));
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another account at the same address is counted on its own.
    const { client: other } = await signedInStaff(h.app, h.db, { role: 'OFFICE', officeIds: [1] });
    expect((await other.post('/offices/1/bookings', bookingBody(starts[4]!))).statusCode).toBe(201);
  });

  it('with SMS on, the confirmation goes as a text message to the phone', async () => {
    const { client } = await signedInStaff(h.app, h.db, { role: 'OFFICE', officeIds: [1] });
    const [at] = await freeStarts(client, 1);
    const res = await client.post('/offices/1/bookings', bookingBody(at!));
    expect(res.statusCode, res.body).toBe(201);
    const { id, bookingKey } = json(res);
    const mails = await h.db.selectFrom('email_outbox').select(['kind', 'channel', 'recipient', 'text_body']).where('booking_id', '=', String(id)).execute();
    expect(mails).toEqual([expect.objectContaining({ kind: 'CONFIRMATION', channel: 'SMS' })]);
    expect(mails[0]!.text_body).toContain(bookingKey);

    // The reminder as for any booking: without an e-mail address, only the text message.
    const row = await h.db.selectFrom('booking').select(['start_at']).where('id', '=', String(id)).executeTakeFirstOrThrow();
    const start = new Date(row.start_at!);
    await h.db.updateTable('booking').set({ created_at: new Date(start.getTime() - 3 * 86_400_000) }).where('id', '=', String(id)).execute();
    const dueAt = new Date(start.getTime() - 12 * 3_600_000);
    const reminders = () =>
      h.db.selectFrom('email_outbox').select(['channel', 'recipient']).where('booking_id', '=', String(id)).where('kind', '=', 'REMINDER').execute();
    await queueDueReminders(h.db, { publicUrl: 'http://localhost', sms: false }, dueAt);
    expect(await reminders()).toEqual([]);
    await queueDueReminders(h.db, { publicUrl: 'http://localhost', sms: true }, dueAt);
    expect(await reminders()).toEqual([{ channel: 'SMS', recipient: expect.stringContaining('765') }]);
  });
});

describe('booking again', () => {
  it("an earlier booking's car, customer and services at a new time, at today's price; the earlier booking keeps its own", async () => {
    const { client: admin } = await signedInStaff(t.app, t.db, { role: 'ADMIN', officeIds: [], name: 'Pirjo Pääkäyttäjä' });
    const [first, later] = await freeStarts(desk, 2);
    const made = await desk.post('/offices/1/bookings', bookingBody(first!, { customer: { first_name: 'Olli', last_name: 'Uudelleen', phone_number: '040 222 3333', email: '' } }));
    expect(made.statusCode, made.body).toBe(201);
    const before = json<StaffBookingDetail>(await desk.get(`/bookings/${json(made).id}`));

    // The service costs ten euros more since.
    const current = json<ServiceDetails>(await admin.get(`/catalogue/services/${service.code}`));
    const { code: _code, groupTitle: _title, stage: _stage, kind: _kind, sort: _sort, ...body } = current;
    const raised = await admin.put(`/catalogue/services/${service.code}`, { ...body, priceCents: current.priceCents + 1000 });
    expect(raised.statusCode, raised.body).toBe(200);
    try {
      // What the back-office's "Varaa uudelleen" sends: the earlier booking's car, customer and lines.
      const again = await desk.post(
        '/offices/1/bookings',
        bookingBody(later!, {
          vehicle: { registerNumber: before.vehicle.registerNumber, make: before.vehicle.make, model: before.vehicle.model, kilometers: before.vehicle.kilometers ?? undefined },
          items: before.items.flatMap((i) => (i.productId ? [{ productId: i.productId, amount: i.quantity }] : [])),
          customer: { first_name: before.customer.firstname, last_name: before.customer.lastname, phone_number: before.customer.phone, email: before.customer.email },
        }),
      );
      expect(again.statusCode, again.body).toBe(201);
      const after = json<StaffBookingDetail>(await desk.get(`/bookings/${json(again).id}`));
      expect(after.registerNumber).toBe(before.registerNumber);
      expect(after.vehicle).toMatchObject({ make: before.vehicle.make, model: before.vehicle.model });
      expect(after.customer).toEqual(before.customer);
      expect(after.items.map((i) => i.productId)).toEqual(before.items.map((i) => i.productId));
      expect(after.start).toBe(`${later!.date}T${later!.time}`);
      expect(after.totalCents).toBe(before.totalCents + 1000);
      // The earlier booking keeps the price it was made with.
      expect(json<StaffBookingDetail>(await desk.get(`/bookings/${before.id}`)).totalCents).toBe(before.totalCents);
    } finally {
      expect((await admin.put(`/catalogue/services/${service.code}`, { ...body, priceCents: current.priceCents })).statusCode).toBe(200);
    }
  });
});

describe('a walk-in now', () => {
  it("offers today's first start where a lift that does the work is free, never one already past", async () => {
    const [day] = await freeStarts(desk, 1);
    const staff = { id: deskUser.id, email: 'tiski@example.com', name: 'Tiina Tiski', role: 'OFFICE' as const, officeIds: [1] };
    const body = { processType: 'MAINTENANCE' as const, vehicle: CAR, items: [{ productId: service.code, amount: 1, provider: 'LAAKKONEN' }], date: day!.date };
    // Early in the morning the day's first free start is offered, as the day before would offer it.
    const morning = await deskTimes(t.db, databaseVehicleSource(t.db), staff, 1, body, fromHelsinki(day!.date, '06:00:00'));
    expect(morning.first).not.toBeNull();
    expect(morning.first).toEqual((await times(desk, day!.date)).first);
    expect(morning.first!.time < '12:00:00').toBe(true);
    // At noon the morning has passed: the first start offered is after it, on a lift free then.
    const noon = await deskTimes(t.db, databaseVehicleSource(t.db), staff, 1, body, fromHelsinki(day!.date, '12:00:00'));
    expect(noon.first!.time > '12:00:00').toBe(true);
    const offered = noon.resources.find((r) => r.id === noon.first!.resourceId)!.starts.find((s) => s.time === noon.first!.time)!;
    expect(offered).toMatchObject({ taken: false, past: false });
    for (const r of noon.resources) expect(r.starts.filter((s) => !s.taken && !s.past && s.time < noon.first!.time)).toEqual([]);
  });
});
