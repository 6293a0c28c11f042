import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a maintenance booking through the API', () => {
  it('goes from init-session to save-booking, stores the booking, takes the time and sends the e-mail', async () => {
    const c = new ApiClient(t.app);
    const productId = await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c);
    const reserve = await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
    expect(json(reserve)).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.post('/customer/v2', { ...CUSTOMER, service_contract: true }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.post('/save-notes', { value: 'Renkaat autossa. \u0007<b>' }))).toEqual({ responseCode: 'SUCCESS' });

    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.organization.id).toBe(1);
    expect(booking.vehicle).toMatchObject({ register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf' });
    expect(booking.order_items.map((i: { product: { id: string } }) => i.product.id)).toEqual([productId]);
    expect(booking.notes).toBe('Renkaat autossa. b');
    expect(booking.customer).toMatchObject({ ...CUSTOMER, preferred_contact_method: 'EMAIL', service_contract: true });
    const [start, end] = reservation.split('|');
    expect(booking.booking_total_duration).toMatchObject({ start, end, time_selection_type: 'EXACT_TIME' });
    expect(booking.price.active_price).toBe(booking.order_items[0].price);

    const save = json(await c.post('/save-booking'));
    expect(save.responseCode).toBe('SUCCESS');
    expect(save.bookingKey).toMatch(/^[A-Z0-9]{12}$/);

    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored.register_number).toBe('ABC-123');
    expect(stored.total_cents).toBe(booking.price.active_price);
    const times = await t.db.selectFrom('resource_time').selectAll().where('booking_id', '=', stored.id).execute();
    expect(times).toHaveLength(1);
    expect(times[0]!.kind).toBe('BOOKED');
    expect(times[0]!.expires_at).toBeNull();

    // Saving again answers the same booking instead of a second one.
    expect(json(await c.post('/save-booking')).bookingKey).toBe(save.bookingKey);

    // The confirmation was queued in the booking's transaction and is sent after commit.
    await t.app.mailer.kick();
    // The customer's confirmation; the office's notice of the booking is queued beside it.
    const mail = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('booking_id', '=', stored.id)
      .where('kind', '=', 'CONFIRMATION')
      .executeTakeFirstOrThrow();
    expect(mail.status).toBe('SENT');
    expect(mail.recipient).toBe(CUSTOMER.email);
    const files = readdirSync(t.outboxDir);
    expect(files).toContain(`${save.bookingKey}.eml`);
    const eml = readFileSync(join(t.outboxDir, `${save.bookingKey}.eml`), 'utf8');
    expect(eml).toMatch(/^To: matti.meikalainen@example.com$/m);
    expect(eml).toContain('text/calendar');
  });

  it('does not offer a booked time to another session', async () => {
    const a = new ApiClient(t.app);
    await prepareMaintenance(a);
    const slot = await firstFreeSlot(a);
    // Fill every resource of the slot with other sessions, then the slot must vanish.
    const [start] = slot.split('|');
    const b = new ApiClient(t.app);
    await prepareMaintenance(b);
    let taken = 0;
    for (let i = 0; i < 10; i++) {
      const c = new ApiClient(t.app);
      await prepareMaintenance(c);
      if (json(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode === 'SUCCESS') taken++;
      else break;
    }
    expect(taken).toBeGreaterThan(0);
    const days = json(await b.post('/free-times', { start: start!.slice(0, 10), end: start!.slice(0, 10) }));
    const starts = days[0].calendarSlots.map((s: { startTime: string }) => s.startTime);
    expect(starts).not.toContain(start!.slice(11));
    expect(json(await b.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('NOT_AVAILABLE');
  });

  it('refuses to save an incomplete booking and changes nothing', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const before = await t.db.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = json(await c.post('/save-booking'));
    expect(res.responseCode).toBe('INVALID');
    expect(res.message).toMatch(/Asiakastiedot|Aika/);
    const after = await t.db.selectFrom('booking').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
