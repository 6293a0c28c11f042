import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  DESK_NEAREST_TIMES,
  WINDSHIELD_PRODUCTS,
  addDays,
  formatLocalDateTime,
  formatPrice,
  isWorkingDay,
  parseLocalDateTime,
  todayInHelsinki,
  type DeskExtraRow,
  type DeskTimes,
  type FreeTimeDay,
  type StaffBookingDetail,
  type StaffOffice,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, addStaffUser } from '#test/staff.ts';
import { DOES_NOT_FIT_MESSAGE } from './contents.ts';

let t: TestApp;
let staff: StaffClient;
let staffId: number;
let otherOffice: StaffClient;
/** Office 1's resources, by id. */
let resources: { id: number; name: string }[];
/** The service every test booking holds, and an additional one that makes the work longer. */
let base: { productId: string; provider: string };
let extra: { productId: string; provider: string; description: string; price: number; minutes: number };

const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : workingDayFrom(addDays(date, 1)));
const today = todayInHelsinki();
// Days far enough ahead that the seed's bookings and the other tests' do not reach them.
const DAY1 = workingDayFrom(addDays(today, 90));
const DAY2 = workingDayFrom(addDays(DAY1, 1));
const DAY3 = workingDayFrom(addDays(DAY2, 1));
const DAY4 = workingDayFrom(addDays(DAY3, 1));
const DAY5 = workingDayFrom(addDays(DAY4, 1));

beforeAll(async () => {
  t = await createTestApp();
  const user = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1], name: 'Toimisto Tiina' });
  staffId = user.id;
  staff = new StaffClient(t.app);
  await staff.login(user.email, user.password);
  const other = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [2] });
  otherOffice = new StaffClient(t.app);
  await otherOffice.login(other.email, other.password);
  resources = json<StaffOffice[]>(await staff.get('/offices'))[0]!.resources;

  // The booking's service, and an additional service a customer could add beside it that takes time.
  const c = new ApiClient(t.app);
  const productId = await prepareMaintenance(c);
  const cart = json<{ order_items: { product: { id: string; provider: string } }[] }>(await c.get('/get-booking/v2'));
  base = { productId, provider: cart.order_items[0]!.product.provider };
  const groups = json<{ suggestions: { product: { id: string; provider: string }; description: string; price: number; duration_minutes: number }[] }[]>(
    await c.get('/additional-services/v2'),
  );
  for (const s of groups.flatMap((g) => g.suggestions).filter((s) => s.duration_minutes >= 30 && s.price > 0)) {
    const add = await c.post('/add-products-to-cart', { items: [{ productId: s.product.id, provider: s.product.provider, amount: 1 }], stage: 'DEFAULT' });
    const now = json<{ order_items: { product: { id: string } }[] }>(await c.get('/get-booking/v2'));
    if (add.statusCode === 200 && now.order_items.some((i) => i.product.id === productId) && now.order_items.some((i) => i.product.id === s.product.id)) {
      extra = { productId: s.product.id, provider: s.product.provider, description: s.description, price: s.price, minutes: s.duration_minutes };
      break;
    }
  }
  if (!extra) throw new Error('no additional service to add beside the booking service');
});
afterAll(async () => {
  await t?.close();
});

type Res = Parameters<typeof json>[0] & { statusCode: number; body: string };
const expectStatus = (res: Res, status: number) => expect(res.statusCode, res.body).toBe(status);

async function customerOn(resourceId: number) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  expect(json(await c.post('/customer-selected-resources', { resourceIds: [resourceId] })).responseCode).toBe('SUCCESS');
  return c;
}

/** A booking saved through the customer API on `resourceId` at `start`; its id, key and time. */
async function book(resourceId: number, start: string) {
  const c = await customerOn(resourceId);
  const date = start.slice(0, 10);
  const slots = json<FreeTimeDay[]>(await c.post('/free-times', { start: date, end: date }))[0]!.calendarSlots;
  const slot = slots.find((s) => `${date}T${s.startTime}` === start);
  if (!slot) throw new Error(`no free slot at ${start}`);
  const end = `${date}T${slot.endTime}`;
  const res = json(await c.post('/reserve-time', { reservation: `${start}|${end}`, timeSelectionType: 'EXACT_TIME' }));
  if (res.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(res)}`);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const row = await t.db.selectFrom('booking').select(['id', 'total_cents']).where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  return { id: Number(row.id), bookingKey: save.bookingKey as string, start, end, total: row.total_cents };
}

/** A booking of `resourceId` that starts exactly at `start` (a customer's slot moved there by staff). */
async function bookAt(resourceId: number, slotStart: string, start: string) {
  const b = await book(resourceId, slotStart);
  if (slotStart !== start) expectStatus(await staff.post(`/bookings/${b.id}/move`, { start, resourceId }), 200);
  return b;
}

async function storedOf(id: number) {
  const row = await t.db
    .selectFrom('booking')
    .select(['start_at', 'end_at', 'total_cents', 'order_items', 'customer', 'customer_phone'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  const times = await sql<{ resource_id: number; start: Date; end: Date }>`
    SELECT resource_id, lower(during) AS start, upper(during) AS "end" FROM resource_time WHERE booking_id = ${id} ORDER BY id`.execute(t.db);
  return {
    start: formatLocalDateTime(new Date(row.start_at!)),
    end: formatLocalDateTime(new Date(row.end_at!)),
    total: row.total_cents,
    items: (asJson(row.order_items) as { product: { id: string } }[]).map((i) => i.product.id),
    customer: asJson(row.customer) as Record<string, string>,
    phone: row.customer_phone,
    times: times.rows.map((r) => ({ resourceId: r.resource_id, start: formatLocalDateTime(new Date(r.start)), end: formatLocalDateTime(new Date(r.end)) })),
  };
}

const changesOf = (id: number) =>
  t.db.selectFrom('booking_event').selectAll().where('booking_id', '=', String(id)).where('action', '=', 'CHANGED').orderBy('id').execute();
const customerMailsOf = (id: number) =>
  t.db
    .selectFrom('email_outbox')
    .select(['kind', 'subject', 'ics', 'text_body'])
    .where('booking_id', '=', String(id))
    .where('recipient', '=', CUSTOMER.email)
    .orderBy('id')
    .execute();
const asJson = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const minutesBetween = (a: string, b: string) => (parseLocalDateTime(b).getTime() - parseLocalDateTime(a).getTime()) / 60000;
const both = () => [
  { productId: base.productId, provider: base.provider, amount: 1 },
  { productId: extra.productId, provider: extra.provider, amount: 1 },
];
const put = (client: StaffClient, id: number, body: unknown) => client.put(`/bookings/${id}/contents`, body);

describe('PUT /bookings/:id/contents', () => {
  it('refuses a service that makes the booking too long for its time with the nearest fitting times; accepting one moves it and mails the customer once', async () => {
    const r = resources[0]!.id;
    const mine = await book(r, `${DAY1}T08:00:00`);
    // The following time on the lift is taken by another booking.
    const next = await bookAt(r, `${DAY1}T12:00:00`, mine.end);
    const before = await storedOf(mine.id);
    const mailsBefore = (await customerMailsOf(mine.id)).length;

    const refused = await put(staff, mine.id, { items: both() });
    expectStatus(refused, 409);
    const body = json<{ code: string; message: string; nearest: { start: string; end: string; resourceId: number; resourceName: string }[] }>(refused);
    expect(body.code).toBe('DOES_NOT_FIT');
    expect(body.message).toBe(DOES_NOT_FIT_MESSAGE);
    expect(body.nearest.length).toBeGreaterThan(0);
    expect(body.nearest.length).toBeLessThanOrEqual(DESK_NEAREST_TIMES);
    // The booking's own lift first, and none of them on the booking that is in the way.
    expect(body.nearest[0]!.resourceId).toBe(r);
    expect(body.nearest[0]!.resourceName).toBe(resources[0]!.name);
    const inTheWay = await storedOf(next.id);
    for (const n of body.nearest.filter((x) => x.resourceId === r)) {
      expect(n.start >= inTheWay.end || n.end <= inTheWay.start, JSON.stringify(n)).toBe(true);
    }
    const newMinutes = minutesBetween(body.nearest[0]!.start, body.nearest[0]!.end);
    expect(newMinutes).toBeGreaterThan(minutesBetween(mine.start, mine.end));
    // Nothing changed.
    expect(await storedOf(mine.id)).toEqual(before);
    expect(await changesOf(mine.id)).toHaveLength(0);
    expect(await customerMailsOf(mine.id)).toHaveLength(mailsBefore);

    const chosen = body.nearest[0]!;
    const res = await put(staff, mine.id, { items: both(), start: chosen.start, resourceId: chosen.resourceId });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.items.map((i) => i.productId)).toEqual([base.productId, extra.productId]);
    const after = await storedOf(mine.id);
    expect(after.start).toBe(chosen.start);
    expect(after.end).toBe(chosen.end);
    expect(after.times).toEqual([{ resourceId: chosen.resourceId, start: chosen.start, end: chosen.end }]);
    expect(after.total).toBe(before.total + extra.price);
    expect(detail.totalCents).toBe(after.total);

    const mails = (await customerMailsOf(mine.id)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('MOVED');
    expect(mails[0]!.ics).toContain(`DTSTART;TZID=Europe/Helsinki:${chosen.start.replace(/[-:]/g, '')}`);
    expect(mails[0]!.ics).toContain(`DTEND;TZID=Europe/Helsinki:${chosen.end.replace(/[-:]/g, '')}`);
    expect(mails[0]!.text_body).toContain(extra.description);
    expect(mails[0]!.text_body).toContain(`Yhteensä: ${formatPrice(after.total)}`);

    const changes = await changesOf(mine.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actor: 'STAFF', staff_user_id: staffId });
    const was = asJson(changes[0]!.before);
    const is = asJson(changes[0]!.after);
    expect(was.items).toHaveLength(1);
    expect(is.items).toEqual([was.items[0], { name: extra.description, amount: 1, priceCents: extra.price }]);
    expect([was.totalCents, is.totalCents]).toEqual([before.total, after.total]);
    expect([was.start, was.end, is.start, is.end]).toEqual([mine.start, mine.end, chosen.start, chosen.end]);
    // The booking in the way kept its time.
    expect((await storedOf(next.id)).start).toBe(mine.end);
  });

  it('extends in place when the following time is free; removing the service again makes it shorter and cheaper, the customer mailed once each time', async () => {
    const r = resources[1]!.id;
    const mine = await book(r, `${DAY2}T08:00:00`);
    const before = await storedOf(mine.id);
    const longer = await put(staff, mine.id, { items: both() });
    expectStatus(longer, 200);
    const extended = await storedOf(mine.id);
    expect(extended.start).toBe(mine.start);
    expect(minutesBetween(extended.start, extended.end)).toBeGreaterThan(minutesBetween(mine.start, mine.end));
    expect(extended.times).toEqual([{ resourceId: r, start: extended.start, end: extended.end }]);
    const mailsBefore = (await customerMailsOf(mine.id)).length;

    const res = await put(staff, mine.id, { items: [{ productId: base.productId, provider: base.provider, amount: 1 }] });
    expectStatus(res, 200);
    const shorter = await storedOf(mine.id);
    expect(shorter.start).toBe(mine.start);
    expect(shorter.end).toBe(before.end);
    expect(shorter.total).toBe(before.total);
    expect(shorter.total).toBeLessThan(extended.total);
    expect(shorter.items).toEqual([base.productId]);
    const mails = (await customerMailsOf(mine.id)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    // The same start: an updated confirmation, not a move.
    expect(mails[0]!.kind).toBe('CONFIRMATION');
    expect(mails[0]!.ics).toContain(`DTEND;TZID=Europe/Helsinki:${shorter.end.replace(/[-:]/g, '')}`);
    expect(mails[0]!.text_body).toContain(`Yhteensä: ${formatPrice(shorter.total)}`);
    expect(mails[0]!.text_body).not.toContain(extra.description);
    const last = (await changesOf(mine.id)).at(-1)!;
    expect(asJson(last.after)).toMatchObject({ totalCents: shorter.total, end: shorter.end });
  });

  it('changes only the kilometres and the customer: no e-mail, the change recorded; the customer sees the new contents', async () => {
    const r = resources[2]!.id;
    const mine = await book(r, `${DAY3}T08:00:00`);
    expectStatus(await put(staff, mine.id, { items: both() }), 200);
    const after = await storedOf(mine.id);
    const mailsBefore = (await customerMailsOf(mine.id)).length;
    const customer = {
      first_name: 'Maija',
      last_name: 'Korhonen',
      phone_number: '040 765 4321',
      email: CUSTOMER.email,
      address: '',
      post_code: '',
      post_office: '',
    };
    const res = await put(staff, mine.id, { kilometers: 123456, customer });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.vehicle.kilometers).toBe(123456);
    expect(detail.customer).toMatchObject({ firstname: 'Maija', lastname: 'Korhonen' });
    const stored = await storedOf(mine.id);
    expect(stored.phone).toBe('0407654321');
    expect(stored.total).toBe(after.total);
    expect(stored.end).toBe(after.end);
    expect(await customerMailsOf(mine.id)).toHaveLength(mailsBefore);
    const changes = (await changesOf(mine.id)).slice(1);
    expect(changes).toHaveLength(1);
    expect(asJson(changes[0]!.after)).toMatchObject({ kilometers: 123456, customer: { first_name: 'Maija', last_name: 'Korhonen', phone_number: '040 765 4321' } });
    expect(asJson(changes[0]!.before).customer.first_name).toBe(CUSTOMER.first_name);
    expect(asJson(changes[0]!.after)).not.toHaveProperty('totalCents');

    // The same lines sent again are not priced again: a catalogue price changed since does not touch the booking.
    await t.db.updateTable('product').set({ price_cents: extra.price + 1000 }).where('id', '=', extra.productId).execute();
    try {
      expectStatus(await put(staff, mine.id, { items: [...both()].reverse(), kilometers: 123456 }), 200);
    } finally {
      await t.db.updateTable('product').set({ price_cents: extra.price }).where('id', '=', extra.productId).execute();
    }
    expect((await storedOf(mine.id)).total).toBe(after.total);
    expect(await customerMailsOf(mine.id)).toHaveLength(mailsBefore);
    expect((await changesOf(mine.id)).slice(1)).toHaveLength(1);

    // The customer's own page (/oma-varaus: open-booking) shows the new contents and total.
    const opened = json(await new ApiClient(t.app).post('/open-booking', { bookingKey: mine.bookingKey, registerNumber: 'ABC-123' }));
    expect(opened.responseCode).toBe('SUCCESS');
    expect(opened.booking.total).toBe(after.total);
    expect(opened.booking.end).toBe(after.end);
    expect(opened.booking.customerFirstName).toBe('Maija');
    expect((opened.booking.items as { description: string }[]).map((i) => i.description)).toContain(extra.description);
  });

  it("keeps the rows the customer added later, in the total; a lead's contents change without a time; symptoms are recorded", async () => {
    const mine = await book(resources[2]!.id, `${DAY4}T08:00:00`);
    const added = await t.db.selectFrom('extra_order_item').select(['id', 'description', 'price_cents']).orderBy('id').executeTakeFirstOrThrow();
    const access = { bookingKey: mine.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' };
    expect(json(await new ApiClient(t.app).post('/booking/cd/add-rows', { ...access, rows: [{ productId: added.id, amount: 1 }] })).responseCode).toBe('SUCCESS');
    const withRow = await storedOf(mine.id);
    const res = await put(staff, mine.id, { items: both(), symptoms: ['Vasen etujarru kirskuu'] });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.items.map((i) => i.name)).toEqual([expect.any(String), extra.description, added.description]);
    expect(detail.totalCents).toBe(withRow.total + extra.price);
    expect(detail.items.reduce((sum, i) => sum + i.priceCents, 0)).toBe(detail.totalCents);
    expect(asJson((await changesOf(mine.id))[0]!.after).symptoms).toEqual(['Vasen etujarru kirskuu']);

    // A lead: the same booking as a wished day, no time on any lift (and no session kept: its car is the stored one).
    const lead = await sql<{ id: string }>`
      INSERT INTO booking (booking_key, process_token, process_type, organization_id, register_number, kind, lead_date,
                           customer, vehicle, order_items, snapshot, total_cents, customer_phone)
      SELECT 'LEAD' || booking_key, NULL, process_type, organization_id, register_number, 'LEAD', ${DAY4}::date,
             customer, vehicle, order_items, snapshot, total_cents, customer_phone
      FROM booking WHERE id = ${mine.id}
      RETURNING id`.execute(t.db);
    const leadId = Number(lead.rows[0]!.id);
    const changed = await put(staff, leadId, { items: [{ productId: base.productId, provider: base.provider, amount: 1 }] });
    expectStatus(changed, 200);
    expect(json<StaffBookingDetail>(changed)).toMatchObject({ start: null, end: null, resourceIds: [] });
    expect(asJson((await changesOf(leadId))[0]!.after).items).toHaveLength(1);
    const moved = await put(staff, leadId, { start: `${DAY4}T12:00:00`, resourceId: resources[2]!.id });
    expectStatus(moved, 409);
  });

  it('adds extra rows at the catalogue price (the total up, one e-mail, recorded, on /oma-varaus), keeps a row whose amount stays, removes them; an unknown or inactive item is 400 and changes nothing', async () => {
    const mine = await book(resources[0]!.id, `${DAY3}T08:00:00`);
    const [item, other] = await t.db.selectFrom('extra_order_item').select(['id', 'description', 'price_cents']).where('active', '=', true).orderBy('sort').execute();
    if (!item || !other) throw new Error('the seed has fewer than two extra order items');
    const rowOf = async (productId: string) => json<DeskExtraRow[]>(await staff.get(`/bookings/${mine.id}/extra-rows`)).find((r) => r.productId === productId);
    expect(await rowOf(item.id)).toEqual({ productId: item.id, description: item.description, priceCents: item.price_cents, amount: 0, bookedCents: 0, active: true });
    expectStatus(await otherOffice.get(`/bookings/${mine.id}/extra-rows`), 403);
    const before = await storedOf(mine.id);
    const mails = (await customerMailsOf(mine.id)).length;

    const res = await put(staff, mine.id, { extraRows: [{ productId: item.id, amount: 2 }] });
    expectStatus(res, 200);
    const total = before.total + 2 * item.price_cents;
    expect(json<StaffBookingDetail>(res).totalCents).toBe(total);
    expect(json<StaffBookingDetail>(res).items).toContainEqual({ productId: null, name: item.description, quantity: 2, priceCents: 2 * item.price_cents });
    const stored = await storedOf(mine.id);
    expect(stored).toMatchObject({ total, items: before.items, start: before.start, end: before.end });
    const sent = await customerMailsOf(mine.id);
    expect(sent).toHaveLength(mails + 1);
    expect(sent.at(-1)!.kind).toBe('CONFIRMATION');
    expect(sent.at(-1)!.text_body).toContain(formatPrice(total));
    const changes = await changesOf(mine.id);
    expect(changes).toHaveLength(1);
    expect(asJson(changes[0]!.before)).toEqual({ extraRows: [], totalCents: before.total });
    expect(asJson(changes[0]!.after)).toEqual({ extraRows: [{ name: item.description, amount: 2, priceCents: 2 * item.price_cents }], totalCents: total });
    expect(await rowOf(item.id)).toMatchObject({ amount: 2, bookedCents: 2 * item.price_cents });
    const access = { bookingKey: mine.bookingKey, registerNumber: 'ABC-123' };
    const opened = json(await new ApiClient(t.app).post('/open-booking', access));
    expect(opened.booking.total).toBe(total);
    expect(opened.booking.items).toContainEqual(expect.objectContaining({ description: item.description, amount: 2, price: 2 * item.price_cents }));

    // Refused: an unknown item, an inactive one, one twice; nothing changes.
    const unknown = await put(staff, mine.id, { extraRows: [{ productId: item.id, amount: 1 }, { productId: 'NO-SUCH', amount: 1 }] });
    expectStatus(unknown, 400);
    expect(json<{ fields: { path: string }[] }>(unknown).fields.map((f) => f.path)).toEqual(['extraRows.1.productId']);
    await t.db.updateTable('extra_order_item').set({ active: false }).where('id', '=', other.id).execute();
    try {
      const inactive = await put(staff, mine.id, { extraRows: [{ productId: other.id, amount: 1 }], kilometers: 99000 });
      expectStatus(inactive, 400);
      expect(json<{ fields: { path: string }[] }>(inactive).fields.map((f) => f.path)).toEqual(['extraRows.0.productId']);
    } finally {
      await t.db.updateTable('extra_order_item').set({ active: true }).where('id', '=', other.id).execute();
    }
    const twice = await put(staff, mine.id, { extraRows: [{ productId: other.id, amount: 1 }, { productId: other.id, amount: 2 }] });
    expectStatus(twice, 400);
    expect(json<{ fields: { path: string }[] }>(twice).fields.map((f) => f.path)).toEqual(['extraRows.1.productId']);
    expect(await storedOf(mine.id)).toEqual(stored);
    expect(await changesOf(mine.id)).toHaveLength(1);
    expect(await customerMailsOf(mine.id)).toHaveLength(mails + 1);

    // A row whose amount stays keeps its price when the catalogue's changed; a new one is priced now.
    await t.db.updateTable('extra_order_item').set({ price_cents: item.price_cents + 500 }).where('id', '=', item.id).execute();
    try {
      expectStatus(await put(staff, mine.id, { extraRows: [{ productId: other.id, amount: 1 }, { productId: item.id, amount: 2 }] }), 200);
    } finally {
      await t.db.updateTable('extra_order_item').set({ price_cents: item.price_cents }).where('id', '=', item.id).execute();
    }
    expect((await storedOf(mine.id)).total).toBe(total + other.price_cents);

    // Removed: the total back, the customer mailed once more, the history says what went.
    const removed = await put(staff, mine.id, { extraRows: [] });
    expectStatus(removed, 200);
    expect(json<StaffBookingDetail>(removed).totalCents).toBe(before.total);
    expect(await customerMailsOf(mine.id)).toHaveLength(mails + 3);
    const last = (await changesOf(mine.id)).at(-1)!;
    expect(asJson(last.after)).toEqual({ extraRows: [], totalCents: before.total });
    expect(asJson(last.before).extraRows).toHaveLength(2);
    const reopened = json(await new ApiClient(t.app).post('/open-booking', access));
    expect(reopened.booking.total).toBe(before.total);
    expect((reopened.booking.items as { description: string }[]).map((i) => i.description)).not.toContain(item.description);
  });

  it('refuses (400 naming items) a product not offered for the car, and changes nothing', async () => {
    const mine = await book(resources[0]!.id, `${DAY4}T08:00:00`);
    const before = await storedOf(mine.id);
    const res = await put(staff, mine.id, { items: [{ productId: base.productId, provider: base.provider }, { productId: WINDSHIELD_PRODUCTS.change, provider: 'LAAKKONEN' }] });
    expectStatus(res, 400);
    const fields = json<{ fields: { path: string; message: string }[] }>(res).fields;
    expect(fields.map((f) => f.path)).toEqual(['items.1.productId']);
    expect(await storedOf(mine.id)).toEqual(before);
    expect(await changesOf(mine.id)).toHaveLength(0);
  });

  it("changes a tire sale's tire: another tire and amount at the customer's price; more than in stock is 400 naming items and changes nothing", async () => {
    const car = { registerNumber: 'ABC-123', kilometers: 60000 };
    const catalogue = await staff.post('/offices/1/desk/catalogue', { processType: 'TIRE_SALES', vehicle: car });
    expectStatus(catalogue, 200);
    const tires = json<{ tires: { productId: string; priceCents: number; stock: number }[] }>(catalogue).tires;
    const first = tires.find((x) => x.stock >= 4)!;
    const other = tires.find((x) => x.productId !== first.productId && x.stock >= 2)!;
    expect(first).toBeDefined();
    expect(other).toBeDefined();

    // A tire sale booked at the desk: 4 of the first tire.
    const items = [{ productId: first.productId, amount: 4 }];
    let at: { date: string; resourceId: number; time: string } | undefined;
    for (let d = 1, date = workingDayFrom(addDays(DAY5, 1)); d < 20 && !at; d++, date = workingDayFrom(addDays(date, 1))) {
      const res = await staff.post('/offices/1/desk/times', { processType: 'TIRE_SALES', vehicle: car, items, date });
      expectStatus(res, 200);
      const day = json<DeskTimes>(res);
      if (day.first) at = { date, ...day.first };
    }
    expect(at).toBeDefined();
    const made = await staff.post('/offices/1/bookings', {
      channel: 'PHONE',
      processType: 'TIRE_SALES',
      vehicle: car,
      items,
      start: `${at!.date}T${at!.time}`,
      resourceId: at!.resourceId,
      customer: { first_name: 'Maija', last_name: 'Rengas', phone_number: '040 765 4321' },
    });
    expectStatus(made, 201);
    const id = json<{ id: number }>(made).id;
    const before = await storedOf(id);
    expect(before.items).toEqual([first.productId]);
    expect(before.total).toBe(first.priceCents * 4);

    // More than in stock: refused, nothing changed.
    const stock = other.stock;
    await t.db.updateTable('tire').set({ stock: 1 }).where('product_id', '=', other.productId).execute();
    try {
      const over = await put(staff, id, { items: [{ productId: other.productId, amount: 2 }] });
      expectStatus(over, 400);
      expect(json<{ fields: { path: string }[] }>(over).fields.map((f) => f.path)).toEqual(['items.0.amount']);
      expect(await storedOf(id)).toEqual(before);
      expect(await changesOf(id)).toHaveLength(0);
    } finally {
      await t.db.updateTable('tire').set({ stock }).where('product_id', '=', other.productId).execute();
    }

    // Two of the other tire in place of the four: the customer's price per tire.
    const res = await put(staff, id, { items: [{ productId: other.productId, amount: 2 }] });
    expectStatus(res, 200);
    const detail = json<StaffBookingDetail>(res);
    expect(detail.items).toEqual([expect.objectContaining({ productId: other.productId, quantity: 2, priceCents: other.priceCents * 2 })]);
    const after = await storedOf(id);
    expect(after.items).toEqual([other.productId]);
    expect(after.total).toBe(other.priceCents * 2);
    expect(await changesOf(id)).toHaveLength(1);
  });

  it("answers 403 for another office's staff, 404 for an unknown booking, 409 for a cancelled one", async () => {
    const mine = await book(resources[1]!.id, `${DAY4}T08:00:00`);
    expectStatus(await put(otherOffice, mine.id, { kilometers: 1000 }), 403);
    expectStatus(await put(staff, 99_999_999, { kilometers: 1000 }), 404);
    // A booking whose time has come cannot be changed any more.
    const past = await book(resources[2]!.id, `${DAY4}T12:00:00`);
    await sql`UPDATE booking SET start_at = now() - interval '2 hours', end_at = now() - interval '1 hour' WHERE id = ${past.id}`.execute(t.db);
    const late = await put(staff, past.id, { kilometers: 1000 });
    expectStatus(late, 409);
    expect(json(late).message).toBe('Mennyttä varausta ei voi enää muuttaa.');
    expectStatus(await staff.post(`/bookings/${mine.id}/cancel`, { reason: '' }), 200);
    const res = await put(staff, mine.id, { kilometers: 1000 });
    expectStatus(res, 409);
    expect(json(res).message).toBe('Peruttua varausta ei voi muuttaa.');
  });

  it('two staff changes at once onto the same free time: one has it, the other is refused, no booking overlaps another', async () => {
    const r = resources[0]!.id;
    const a = await book(r, `${DAY5}T08:00:00`);
    const b = await book(r, `${DAY5}T12:00:00`);
    const target = `${DAY5}T14:00:00`;
    const answers = await Promise.all([a, b].map((x) => put(staff, x.id, { items: both(), start: target, resourceId: r })));
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const loser = answers[0]!.statusCode === 409 ? a : b;
    expect(json(answers[loser === a ? 0 : 1]!).code).toBe('DOES_NOT_FIT');
    expect((await storedOf(loser.id)).start).toBe(loser.start);
    const overlaps = await sql<{ n: string }>`
      SELECT count(*) AS n FROM resource_time x JOIN resource_time y
        ON x.resource_id = y.resource_id AND x.id < y.id AND x.during && y.during
      WHERE x.kind = 'BOOKED' AND y.kind = 'BOOKED'`.execute(t.db);
    expect(Number(overlaps.rows[0]!.n)).toBe(0);
  });
});
