import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInHelsinki, type FreeTimeDay } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { composeOfficeNotice, OFFICE_NOTICE_SUBJECT, type NoticeBooking } from './office-notice.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const OFFICE_1_EMAIL = 'konala.huolto@laakkonen.example';
/** What a mail client would make into a link. */
const LINKABLE = /https?:\/\/|www\.|evil\.example|[a-z0-9-]\.(com|fi|example)\b/i;

/** A booking saved through the customer flow, two days or more ahead; `customer` and `setup` vary it. */
async function book(opts: { organizationId?: number; customer?: Partial<typeof CUSTOMER>; setup?: (c: ApiClient) => Promise<void> } = {}) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c, { organizationId: opts.organizationId ?? 1 });
  await opts.setup?.(c);
  const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
  expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
  expect((await c.post('/reservation-details/v2', { usingKeyLocker: false, customerWaiting: true })).statusCode).toBe(200);
  expect((await c.post('/customer/v2', { ...CUSTOMER, ...opts.customer })).statusCode).toBe(200);
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode).toBe('SUCCESS');
  const bookingKey = save.bookingKey as string;
  const row = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return { id: row.id, bookingKey, reservation, access: { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' } };
}

async function noticesOf(bookingId: string) {
  return t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', bookingId).where('kind', '=', 'OFFICE_NOTICE').orderBy('id').execute();
}

async function eventsOf(bookingId: string) {
  return t.db.selectFrom('booking_event').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
}

const asRecord = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>;

describe("the office's notice of a booking", () => {
  it('a booking saved by the customer: one notice to the office with the time, the customer, the car, the services and the back-office link', async () => {
    const b = await book();
    const notices = await noticesOf(b.id);
    expect(notices).toHaveLength(1);
    const [n] = notices;
    expect(n!.recipient).toBe(OFFICE_1_EMAIL);
    const [date, time] = b.reservation.split('|')[0]!.split('T') as [string, string];
    const [, m, d] = date.split('-').map(Number) as [number, number, number];
    expect(n!.subject).toMatch(new RegExp(`^Uusi varaus: ABC-123 (ma|ti|ke|to|pe) ${d}\\.${m}\\. klo ${Number(time.slice(0, 2))}\\.${time.slice(3, 5)}$`));
    expect(n!.subject).toMatch(OFFICE_NOTICE_SUBJECT);
    const text = n!.text_body;
    expect(text).toContain(`Varaustunnus: ${b.bookingKey}`);
    expect(text).toContain('Asiakas: Matti Meikäläinen');
    expect(text).toContain(`Puhelin: ${CUSTOMER.phone_number}`);
    // The customer's address, as customer text, is not a link.
    expect(text).toContain('Sähköposti: matti[.]meikalainen@example[.]com');
    expect(text).toContain('Ajoneuvo: ABC-123 Volkswagen Golf');
    expect(text).toMatch(/Palvelut:\n- .+: \d/);
    expect(text).toContain('Auton tuominen: Asiakas odottaa paikan päällä');
    expect(text).toContain('Tekijä: asiakas verkossa');
    const link = `${t.config.publicUrl}/hallinta/varaus/${b.id}`;
    expect(text).toContain(`Avaa varaus hallinnassa: ${link}`);
    expect(n!.html_body).toContain(`<a href="${link}">Avaa varaus hallinnassa</a>`);
    expect(n!.ics).toBeNull();
    // The confirmation to the customer is queued first, and named by its kind.
    const all = await t.db.selectFrom('email_outbox').select(['kind', 'recipient']).where('booking_id', '=', b.id).orderBy('id').execute();
    expect(all).toEqual([
      { kind: 'CONFIRMATION', recipient: CUSTOMER.email },
      { kind: 'OFFICE_NOTICE', recipient: OFFICE_1_EMAIL },
    ]);
    // And the booking's history starts with the customer's CREATED.
    const events = await eventsOf(b.id);
    expect(events.map((e) => [e.actor, e.action])).toEqual([['CUSTOMER', 'CREATED']]);
    expect(asRecord(events[0]!.after)).toEqual({ start: b.reservation.split('|')[0], end: b.reservation.split('|')[1] });
  });

  it('cancelled at /oma-varaus: a notice to the office and a CANCELLED event; the customer gets a CANCELLED message', async () => {
    const b = await book();
    expect(json(await new ApiClient(t.app).post('/cancel-booking', b.access))).toEqual({ responseCode: 'SUCCESS' });
    const notices = await noticesOf(b.id);
    expect(notices).toHaveLength(2);
    const n = notices[1]!;
    expect(n.recipient).toBe(OFFICE_1_EMAIL);
    expect(n.subject).toMatch(/^Varaus peruttu: ABC-123 /);
    expect(n.text_body).toContain('Varaus on peruttu. Sen aika on vapautettu kalenterista.');
    expect(n.text_body).toContain(`Puhelin: ${CUSTOMER.phone_number}`);
    const toCustomer = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', b.id).where('kind', '=', 'CANCELLED').execute();
    expect(toCustomer.map((m) => m.recipient)).toEqual([CUSTOMER.email]);
    const events = await eventsOf(b.id);
    expect(events.map((e) => [e.actor, e.action])).toEqual([
      ['CUSTOMER', 'CREATED'],
      ['CUSTOMER', 'CANCELLED'],
    ]);
    expect(asRecord(events[1]!.after)).toEqual({ status: 'CANCELLED' });
  });

  it('moved at /oma-varaus: a notice with the old and the new time, and a MOVED event with both', async () => {
    const b = await book();
    const [oldStart, oldEnd] = b.reservation.split('|') as [string, string];
    const from = addDays(oldStart.slice(0, 10), 1);
    const days = json<{ days: FreeTimeDay[] }>(
      await new ApiClient(t.app).post('/free-times-for-booking', { ...b.access, start: from, end: addDays(from, 13) }),
    ).days;
    const day = days.find((x) => x.calendarSlots.length > 0)!;
    const target = `${day.date}T${day.calendarSlots[0]!.startTime}|${day.date}T${day.calendarSlots[0]!.endTime}`;
    expect(json(await new ApiClient(t.app).post('/move-booking', { ...b.access, reservation: target })).responseCode).toBe('SUCCESS');

    const n = (await noticesOf(b.id))[1]!;
    expect(n.subject).toMatch(/^Varaus siirretty: ABC-123 /);
    const [, m, d] = day.date.split('-').map(Number) as [number, number, number];
    expect(n.subject).toContain(` ${d}.${m}. klo `);
    expect(n.text_body).toMatch(new RegExp(`Uusi aika: \\S+ ${d}\\.${m}\\.\\d{4} klo`));
    const [, om, od] = oldStart.slice(0, 10).split('-').map(Number) as [number, number, number];
    expect(n.text_body).toMatch(new RegExp(`Entinen aika: \\S+ ${od}\\.${om}\\.\\d{4} klo ${Number(oldStart.slice(11, 13))}\\.${oldStart.slice(14, 16)}`));
    const moved = await t.db.selectFrom('email_outbox').select('recipient').where('booking_id', '=', b.id).where('kind', '=', 'MOVED').execute();
    expect(moved).toEqual([{ recipient: CUSTOMER.email }]);

    const events = await eventsOf(b.id);
    expect(events.map((e) => e.action)).toEqual(['CREATED', 'MOVED']);
    expect(asRecord(events[1]!.before)).toEqual({ start: oldStart, end: oldEnd });
    expect(asRecord(events[1]!.after)).toEqual({ start: target.split('|')[0], end: target.split('|')[1] });
  });

  it('an office without an e-mail address gets no notice; the history is kept all the same', async () => {
    await t.db.updateTable('organization').set({ email: null }).where('id', '=', 2).execute();
    try {
      const b = await book({ organizationId: 2 });
      expect(await noticesOf(b.id)).toEqual([]);
      expect(json(await new ApiClient(t.app).post('/cancel-booking', b.access))).toEqual({ responseCode: 'SUCCESS' });
      expect(await noticesOf(b.id)).toEqual([]);
      expect((await eventsOf(b.id)).map((e) => e.action)).toEqual(['CREATED', 'CANCELLED']);
    } finally {
      await t.db.updateTable('organization').set({ email: 'kilo.huolto@laakkonen.example' }).where('id', '=', 2).execute();
    }
  });

  it("shows the customer's hostile text as text: links defanged, one line each, nothing in the subject", async () => {
    const b = await book({
      customer: { first_name: 'Maija https://evil.example/pay', last_name: 'www.evil.example', phone_number: '040 123 4567' },
      setup: async (c) => {
        await c.post('/symptoms', [{ description: 'Kolina\r\nBcc: uhri@evil.example\r\n\r\n<a href="https://evil.example">maksa</a>' }]);
        await c.post('/save-notes', { value: 'Maksa osoitteessa https://evil.example/pay\nSubject: huijaus' });
      },
    });
    const [n] = await noticesOf(b.id);
    expect(n!.subject).not.toMatch(/[\r\n]/);
    expect(n!.subject).not.toMatch(LINKABLE);
    const lines = n!.text_body.split('\n');
    expect(lines.filter((l) => /^(Bcc|Subject):/i.test(l))).toEqual([]);
    const customerParts = lines.filter((l) => /^(Asiakas|Lisätiedot|- Muu korjaus)/.test(l));
    expect(customerParts).toHaveLength(3);
    for (const part of customerParts) expect(part).not.toMatch(LINKABLE);
    expect(n!.text_body).toContain('Asiakas: Maija https[:]//evil[.]example/pay www[.]evil[.]example');
    expect(n!.text_body).toContain('Lisätiedot: Maksa osoitteessa https[:]//evil[.]example/pay Subject: huijaus');
    // The HTML part: escaped, and no link but the back office's own.
    expect(n!.html_body).not.toMatch(/evil\.example|<a href="https:\/\/evil/);
    expect(n!.html_body!.match(/<a /g)).toHaveLength(1);
    expect(n!.html_body).toContain('a href&quot;https[:]//evil[.]example&quot;');
  });
});

describe('composeOfficeNotice', () => {
  const booking: NoticeBooking = {
    id: 7,
    bookingKey: 'ABCDEF234567',
    registerNumber: 'ABC-123',
    kind: 'LEAD',
    start: null,
    end: null,
    timeSelectionType: null,
    leadDate: '2026-12-02',
    officeName: 'Laakkonen Helsinki Konala',
    customer: { name: 'Matti', phone: '', email: '' },
    vehicle: '',
    items: [],
    symptoms: [],
    notes: null,
    deliveryOption: null,
    usingKeyLocker: true,
    totalCents: 0,
  };

  it('a lead says its wished date; no link without the site address; who did it when not the customer', () => {
    const mail = composeOfficeNotice(booking, 'CREATED', { by: 'Maija Mekaanikko (henkilökunta)' });
    expect(mail.subject).toBe('Uusi palvelupyyntö: ABC-123 toivottu päivä ke 2.12.');
    expect(mail.text).toContain('Aika: toivottu päivä keskiviikko 2.12.2026');
    expect(mail.text).toContain('Tekijä: Maija Mekaanikko (henkilökunta)');
    expect(mail.text).toContain('Auton tuominen: Avainautomaatti käytössä');
    expect(mail.text).not.toContain('hallinta');
    expect(mail.subject).toMatch(OFFICE_NOTICE_SUBJECT);
  });
});
