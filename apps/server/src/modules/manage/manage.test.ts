import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { API_BASE, MAX_ADDED_ROWS_PER_BOOKING, MAX_CART_TOTAL_CENTS, addDays, todayInHelsinki } from '@huolto/domain';
import { extended } from '#src/lib/extra-tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OFFICE_1_EMAIL = 'konala.huolto@laakkonen.example';

/** A saved maintenance booking of ABC-123 at office 1 on the first free slot. */
/**
 * A saved booking; by default on a day after tomorrow, so that it is more than the two
 * hours ahead that keep it cancellable whatever the hour of the run.
 */
async function book(slot?: string) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  const reservation = slot ?? (await firstFreeSlot(c, addDays(todayInHelsinki(), 2)));
  const reserve = json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' }));
  if (reserve.responseCode !== 'SUCCESS') throw new Error(`reserve-time ${JSON.stringify(reserve)}`);
  await c.post('/customer/v2', CUSTOMER);
  const save = json(await c.post('/save-booking'));
  if (save.responseCode !== 'SUCCESS') throw new Error(`save-booking ${JSON.stringify(save)}`);
  const bookingKey: string = save.bookingKey;
  const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return { bookingKey, reservation, row, access: { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' } };
}

/** A client without a booking session, as the /oma-varaus page is. */
const anonymous = () => new ApiClient(t.app);

/** The booking's messages, without the office's notice of the new booking (mail/office-notice.test.ts tests it). */
async function outboxOf(bookingId: string) {
  const rows = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
  return rows.filter((r) => !(r.kind === 'OFFICE_NOTICE' && r.subject.startsWith('Uusi varaus:')));
}

const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);

describe('the confirmation e-mail', () => {
  it('links to /oma-varaus with the key and the plate, in text and HTML', async () => {
    const b = await book();
    const [mail] = await outboxOf(b.row.id);
    const url = `${t.config.publicUrl}/oma-varaus?varaus=${b.bookingKey}&rekisteri=ABC-123`;
    expect(mail!.text_body).toContain(`Katso, siirrä tai peru varauksesi: ${url}`);
    expect(mail!.html_body).toMatch(new RegExp(`<a href="${url.replace(/&/g, '&amp;').replace(/[?.]/g, '\\$&')}"[^>]*>Katso, siirrä tai peru varauksesi</a>`));
  });
});

describe('open-booking', () => {
  it('answers the booking for its key and plate, without a session', async () => {
    const b = await book();
    const c = anonymous();
    const res = await c.post('/open-booking', { ...b.access, bookingKey: b.bookingKey.toLowerCase(), registerNumber: 'abc-123' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.responseCode).toBe('SUCCESS');
    const [start, end] = b.reservation.split('|');
    expect(body.booking).toMatchObject({
      bookingKey: b.bookingKey,
      status: 'CONFIRMED',
      kind: 'RESERVATION',
      registerNumber: 'ABC-123',
      vehicle: 'Volkswagen Golf',
      office: { id: 1, name: 'Laakkonen Helsinki Konala', email: OFFICE_1_EMAIL, phone: '010 525 4100', post_code: '00390' },
      start,
      end,
      leadDate: null,
      total: b.row.total_cents,
      customerFirstName: 'Matti',
      cancellable: true,
    });
    expect(body.booking.items).toHaveLength(1);
    expect(body.booking.items[0]).toMatchObject({ amount: 1, price: b.row.total_cents });
    expect(c.token).toBeUndefined();
  });

  it('answers NOT_FOUND alike for a wrong plate and a wrong key', async () => {
    const b = await book();
    const wrongPlate = json(await anonymous().post('/open-booking', { ...b.access, registerNumber: 'BMW-123' }));
    const wrongKey = json(await anonymous().post('/open-booking', { ...b.access, bookingKey: 'ZZZZZZZZZZZZ' }));
    expect(wrongPlate).toEqual({ responseCode: 'NOT_FOUND' });
    expect(wrongKey).toEqual(wrongPlate);
  });

  it.each([
    [{ bookingKey: 'ABCDEF2345', registerNumber: 'ABC123' }, 'registerNumber'],
    [{ bookingKey: 'AB-CD', registerNumber: 'ABC-123' }, 'bookingKey'],
    [{ registerNumber: 'ABC-123' }, 'bookingKey'],
    [{ bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', installationType: 'OTHER' }, 'installationType'],
  ])('%j → 400 naming %s', async (body, field) => {
    const res = await anonymous().post('/open-booking', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });

  it('still needs the XSRF header', async () => {
    const b = await book();
    const res = await t.app.inject({ method: 'POST', url: `${API_BASE}/open-booking`, payload: b.access });
    expect(res.statusCode).toBe(403);
  });

  it('is rate-limited per client address', async () => {
    const limited = await createTestApp({ vehicleSearchRateLimit: 2 });
    try {
      const c = new ApiClient(limited.app);
      const body = { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123' };
      expect((await c.post('/open-booking', body)).statusCode).toBe(200);
      expect((await c.post('/open-booking', body)).statusCode).toBe(200);
      expect((await c.post('/open-booking', body)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('cancel-booking', () => {
  it('cancels in one go: the status, the time free at once, and exactly two e-mails', async () => {
    const b = await book();
    // Every other lift of the slot is taken, so only the cancelled booking's time can free it.
    const holders: ApiClient[] = [];
    for (let i = 0; i < 10; i++) {
      const h = new ApiClient(t.app);
      await prepareMaintenance(h);
      if (json(await h.post('/reserve-time', { reservation: b.reservation, timeSelectionType: 'EXACT_TIME' })).responseCode !== 'SUCCESS') break;
      holders.push(h);
    }
    const other = new ApiClient(t.app);
    await prepareMaintenance(other);
    expect(json(await other.post('/reserve-time', { reservation: b.reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('NOT_AVAILABLE');
    expect(await outboxOf(b.row.id)).toHaveLength(1);

    expect(json(await anonymous().post('/cancel-booking', b.access))).toEqual({ responseCode: 'SUCCESS' });

    const row = await t.db.selectFrom('booking').selectAll().where('id', '=', b.row.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('CANCELLED');
    expect(await t.db.selectFrom('resource_time').select('id').where('booking_id', '=', b.row.id).execute()).toEqual([]);
    expect(json(await other.post('/reserve-time', { reservation: b.reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');

    const mails = (await outboxOf(b.row.id)).slice(1);
    expect(mails.map((m) => m.recipient).sort()).toEqual([CUSTOMER.email, OFFICE_1_EMAIL].sort());
    const toCustomer = mails.find((m) => m.recipient === CUSTOMER.email)!;
    expect(toCustomer.subject).toMatch(/^Varauksesi on peruttu: ABC-123/);
    expect(toCustomer.text_body).toContain(b.bookingKey);
    const toWorkshop = mails.find((m) => m.recipient === OFFICE_1_EMAIL)!;
    expect(toWorkshop.text_body).toContain('040 123 4567');

    const opened = json(await anonymous().post('/open-booking', b.access));
    expect(opened.booking).toMatchObject({ status: 'CANCELLED', cancellable: false });
    // A second cancel changes nothing and mails nobody.
    expect(json(await anonymous().post('/cancel-booking', b.access))).toEqual({ responseCode: 'NOT_CANCELLABLE' });
    expect(await outboxOf(b.row.id)).toHaveLength(3);
  });

  it('refuses a booking that starts within two hours, and a wrong plate', async () => {
    const b = await book();
    const soon = new Date(Date.now() + 90 * 60000);
    await t.db.updateTable('booking').set({ start_at: soon, end_at: new Date(soon.getTime() + 3600_000) }).where('id', '=', b.row.id).execute();
    expect(json(await anonymous().post('/open-booking', b.access)).booking.cancellable).toBe(false);
    expect(json(await anonymous().post('/cancel-booking', b.access))).toEqual({ responseCode: 'NOT_CANCELLABLE' });
    expect(json(await anonymous().post('/cancel-booking', { ...b.access, registerNumber: 'KIA-123' }))).toEqual({ responseCode: 'NOT_FOUND' });
    const row = await t.db.selectFrom('booking').select('status').where('id', '=', b.row.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('CONFIRMED');
    expect(await t.db.selectFrom('resource_time').select('id').where('booking_id', '=', b.row.id).execute()).toHaveLength(1);
    expect(await outboxOf(b.row.id)).toHaveLength(1);
  });

  it('a bad registration number → 400 naming registerNumber', async () => {
    const res = await anonymous().post('/cancel-booking', { bookingKey: 'ABCDEF2345', registerNumber: '' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain('registerNumber');
  });
});

describe('send-edit-request', () => {
  it('mails the workshop the message, escaped in HTML', async () => {
    const b = await book();
    const message = 'Voisiko ajan siirtää?\n<b>Kiitos</b> & terveisin';
    expect(json(await anonymous().post('/send-edit-request', { ...b.access, message }))).toEqual({ responseCode: 'SUCCESS' });
    const mail = (await outboxOf(b.row.id))[1]!;
    expect(mail.recipient).toBe(OFFICE_1_EMAIL);
    expect(mail.subject).toMatch(/^Muutospyyntö: ABC-123/);
    expect(mail.text_body).toContain('<b>Kiitos</b> & terveisin');
    expect(mail.html_body).toContain('&lt;b&gt;Kiitos&lt;/b&gt; &amp; terveisin');
    expect(mail.html_body).not.toContain('<b>Kiitos');
  });

  it.each([
    ['a blank message', { message: '   ' }, 'message'],
    ['1001 characters', { message: 'x'.repeat(1001) }, 'message'],
    ['no message', {}, 'message'],
  ])('%s → 400 naming %s', async (_label, extra, field) => {
    const b = await book();
    const res = await anonymous().post('/send-edit-request', { ...b.access, ...extra });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    expect(await outboxOf(b.row.id)).toHaveLength(1);
  });

  it('a wrong plate is NOT_FOUND', async () => {
    const b = await book();
    expect(json(await anonymous().post('/send-edit-request', { ...b.access, registerNumber: 'XYZ-1', message: 'Hei' }))).toEqual({ responseCode: 'NOT_FOUND' });
  });
});

describe('send-email', () => {
  it('sends the confirmation again, and not for a cancelled booking', async () => {
    const b = await book();
    expect(json(await anonymous().post('/send-email', b.access))).toEqual({ responseCode: 'SUCCESS' });
    const [first, again] = await outboxOf(b.row.id);
    expect(again!.recipient).toBe(CUSTOMER.email);
    expect(again!.subject).toBe(first!.subject);
    expect(again!.text_body).toContain(`/oma-varaus?varaus=${b.bookingKey}&rekisteri=ABC-123`);
    expect(again!.ics).toContain('BEGIN:VEVENT');
    // It says what the first said: the drop-off, the office's notice, the office as organizer.
    expect(again!.text_body).toBe(first!.text_body);
    expect(again!.text_body).toContain('Toimipisteen tiedote:');
    expect(again!.ics).toMatch(/^ORGANIZER/m);
    await anonymous().post('/cancel-booking', b.access);
    expect(json(await anonymous().post('/send-email', b.access))).toEqual({ responseCode: 'NOT_AVAILABLE' });
  });

  it('a missing key → 400 naming bookingKey', async () => {
    const res = await anonymous().post('/send-email', { registerNumber: 'ABC-123' });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['bookingKey']);
  });
});

describe('booking/cd/add-rows', () => {
  async function extraItems() {
    const c = new ApiClient(t.app);
    await c.init();
    return json<{ id: string; description: string; price: number }[]>(await c.get('/extra-order-items'));
  }

  it('adds extra order items, raises the total and tells the workshop', async () => {
    const b = await book();
    const [a, z] = await extraItems();
    const res = await anonymous().post('/booking/cd/add-rows', { ...b.access, rows: [{ productId: a!.id, amount: 2 }, { productId: z!.id, amount: 1 }] });
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    const added = a!.price * 2 + z!.price;
    const opened = json(await anonymous().post('/open-booking', b.access)).booking;
    expect(opened.total).toBe(b.row.total_cents + added);
    expect(opened.items).toEqual(
      expect.arrayContaining([
        { description: a!.description, amount: 2, price: a!.price * 2, priceDisplay: 'exact' },
        { description: z!.description, amount: 1, price: z!.price, priceDisplay: 'exact' },
      ]),
    );
    expect(opened.items.reduce((s: number, i: { price: number }) => s + i.price, 0)).toBe(opened.total);
    const row = await t.db.selectFrom('booking').select('total_cents').where('id', '=', b.row.id).executeTakeFirstOrThrow();
    expect(row.total_cents).toBe(b.row.total_cents + added);
    const mail = (await outboxOf(b.row.id))[1]!;
    expect(mail.recipient).toBe(OFFICE_1_EMAIL);
    expect(mail.text_body).toContain(`${a!.description} × 2`);
    // The confirmation sent again lists them too.
    await anonymous().post('/send-email', b.access);
    expect((await outboxOf(b.row.id))[2]!.text_body).toContain(`${a!.description} × 2`);
  });

  it('refuses a product outside the extra-order-items list with its row named, and changes nothing', async () => {
    const b = await book();
    const [a] = await extraItems();
    const res = await anonymous().post('/booking/cd/add-rows', { ...b.access, rows: [{ productId: a!.id, amount: 1 }, { productId: 'NO-SUCH', amount: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['rows.1.productId']);
    expect(json(await anonymous().post('/open-booking', b.access)).booking.total).toBe(b.row.total_cents);
  });

  it.each([
    ['no rows', { rows: [] }, 'rows'],
    ['amount 0', { rows: [{ productId: 'X', amount: 0 }] }, 'rows.0.amount'],
    ['11 rows', { rows: Array.from({ length: 11 }, () => ({ productId: 'X', amount: 1 })) }, 'rows'],
  ])('%s → 400 naming %s', async (_label, extra, field) => {
    const res = await anonymous().post('/booking/cd/add-rows', { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123', ...extra });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });

  it(`a booking takes at most ${MAX_ADDED_ROWS_PER_BOOKING} added lines however often it is called, and no total past the largest; a refusal changes nothing`, async () => {
    const b = await book();
    const [a] = await extraItems();
    const ten = Array.from({ length: 10 }, () => ({ productId: a!.id, amount: 1 }));
    for (let i = 0; i < MAX_ADDED_ROWS_PER_BOOKING / 10; i++) {
      expect(json(await anonymous().post('/booking/cd/add-rows', { ...b.access, rows: ten }))).toEqual({ responseCode: 'SUCCESS' });
    }
    const totalOf = async () =>
      (await t.db.selectFrom('booking').select('total_cents').where('id', '=', b.row.id).executeTakeFirstOrThrow()).total_cents;
    const before = await totalOf();
    const res = await anonymous().post('/booking/cd/add-rows', { ...b.access, rows: [{ productId: a!.id, amount: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['rows']);
    expect(await totalOf()).toBe(before);
    const count = await extended(t.db)
      .selectFrom('booking_added_row')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('booking_id', '=', b.row.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(MAX_ADDED_ROWS_PER_BOOKING);

    // The total: a booking near the largest total takes no line that would pass it.
    const other = await book();
    await t.db.updateTable('booking').set({ total_cents: MAX_CART_TOTAL_CENTS - 1 }).where('id', '=', other.row.id).execute();
    const over = await anonymous().post('/booking/cd/add-rows', { ...other.access, rows: [{ productId: a!.id, amount: 99 }] });
    expect(over.statusCode).toBe(400);
    expect(fieldsOf(over)).toEqual(['rows']);
    expect((await t.db.selectFrom('booking').select('total_cents').where('id', '=', other.row.id).executeTakeFirstOrThrow()).total_cents).toBe(
      MAX_CART_TOTAL_CENTS - 1,
    );
  });

  it('a cancelled booking takes no rows; a wrong key is NOT_FOUND', async () => {
    const b = await book();
    const [a] = await extraItems();
    const rows = [{ productId: a!.id, amount: 1 }];
    expect(json(await anonymous().post('/booking/cd/add-rows', { ...b.access, bookingKey: 'QQQQQQQQQQ', rows }))).toEqual({ responseCode: 'NOT_FOUND' });
    await anonymous().post('/cancel-booking', b.access);
    expect(json(await anonymous().post('/booking/cd/add-rows', { ...b.access, rows }))).toEqual({ responseCode: 'NOT_AVAILABLE' });
  });
});

describe('feedback/v2', () => {
  it('stores the rating and message, linked to the booking', async () => {
    const b = await book();
    const res = await anonymous().post('/feedback/v2', { bookingKey: b.bookingKey, rating: 5, message: 'Nopeaa ja hyvää palvelua!' });
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    const rows = await extended(t.db).selectFrom('feedback').selectAll().where('booking_id', '=', b.row.id).execute();
    expect(rows).toEqual([expect.objectContaining({ rating: 5, message: 'Nopeaa ja hyvää palvelua!' })]);
  });

  it('takes feedback without a booking', async () => {
    expect(json(await anonymous().post('/feedback/v2', { rating: 3 }))).toEqual({ responseCode: 'SUCCESS' });
  });

  it.each([
    ['rating 0', { rating: 0 }, 'rating'],
    ['rating 6', { rating: 6 }, 'rating'],
    ['no rating', {}, 'rating'],
    ['a message of 2001 characters', { rating: 4, message: 'x'.repeat(2001) }, 'message'],
  ])('%s → 400 naming %s', async (_label, body, field) => {
    const res = await anonymous().post('/feedback/v2', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toContain(field);
  });
});
