/**
 * GET /booking-calendar: a saved booking's .ics, opened by its key and plate as the booking's
 * own page is. The file is read back by a real iCalendar parser (ical.js) with its own
 * VTIMEZONE; tests run with TZ=UTC, so the Helsinki times come from the file alone.
 */
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryFlagsOf, deliveryParametersOf, parseLocalDateTime, todayInHelsinki, addDays, type VehicleDeliveryOption } from '@huolto/domain';
import { KONALA_INFO_TEXT } from '#seed/management.ts';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  ICAL.TimezoneService.reset();
});

let address = 0;
const client = () => new ApiClient(t.app, { remoteAddress: `198.51.100.${(address++ % 250) + 1}` });

/** Books a maintenance time at office 1 with the delivery option, as the web does; answers the save's answer and the time. */
async function book(option: VehicleDeliveryOption) {
  const c = client();
  await prepareMaintenance(c);
  // Two days ahead at least, so that the booking can also be cancelled whatever the hour of the run.
  const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
  expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
  expect((await c.post('/reservation-details/v2', deliveryFlagsOf(option))).statusCode).toBe(200);
  for (const parameter of deliveryParametersOf(option)) expect((await c.post('/product-parameter', parameter)).statusCode).toBe(200);
  expect(json(await c.post('/customer/v2', { ...CUSTOMER, service_contract: false })).responseCode).toBe('SUCCESS');
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode).toBe('SUCCESS');
  const [start, end] = reservation.split('|') as [string, string];
  return { c, save, start, end };
}

async function mailOf(bookingKey: string) {
  const stored = await t.db.selectFrom('booking').select('id').where('booking_key', '=', bookingKey).executeTakeFirstOrThrow();
  return t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).orderBy('id').executeTakeFirstOrThrow();
}

const calendar = (query: Record<string, string>) => client().get('/booking-calendar', query);

function readEvent(ics: string) {
  const component = new ICAL.Component(ICAL.parse(ics));
  for (const zone of component.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const vevents = component.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { vevent: vevents[0]!, event: new ICAL.Event(vevents[0]!) };
}

describe('GET /booking-calendar', () => {
  it("answers the booking's .ics at the drop-off in Europe/Helsinki, the work's time in its description, the same event as the e-mail's", async () => {
    const { save, start, end } = await book('VEHICLE_LEFT_FOR_DAY');
    expect(save).toMatchObject({ registerNumber: 'ABC-123', deliveryOption: 'VEHICLE_LEFT_FOR_DAY', officeNotice: KONALA_INFO_TEXT });

    // The plate as typed (lower case) finds it too, as on the booking's own page.
    const res = await calendar({ bookingKey: save.bookingKey, registerNumber: 'abc-123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="varaus-${save.bookingKey}.ics"`);

    const { event, vevent } = readEvent(res.body);
    expect(event.startDate.zone.tzid).toBe('Europe/Helsinki');
    // The car is left for the day: the customer acts at 7.30–8.00 of the day, whenever the work starts.
    const day = start.slice(0, 10);
    expect(event.startDate.toString()).toBe(`${day}T07:30:00`);
    expect(event.endDate.toString()).toBe(`${day}T08:00:00`);
    expect(event.startDate.toJSDate().toISOString()).toBe(parseLocalDateTime(`${day}T07:30:00`).toISOString());
    const clock = (t: string) => `${Number(t.slice(11, 13))}.${t.slice(14, 16)}`;
    expect(event.description).toContain(`Työn aika: `);
    expect(event.description).toContain(`klo ${clock(start)}–${clock(end)}`);
    expect(event.uid).toBe(`${save.bookingKey}@ajanvaraus`);
    expect(event.summary).toBe('Tuo auto huoltoon: ABC-123 Volkswagen Golf');
    expect(event.location).toBe('Laakkonen Helsinki Konala, Ruosilantie 14, 00390 Helsinki');
    expect(event.description).toContain(`Varaustunnus: ${save.bookingKey}`);
    expect(event.description).toContain('Auton tuominen: Tuo auto klo 7.30–8.00');
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:konala.huolto@laakkonen.example');

    // The e-mail attaches the same event (DTSTAMP aside: when each file was made).
    const mail = await mailOf(save.bookingKey);
    const withoutStamp = (ics: string) => ics.replace(/\r\nDTSTAMP:[^\r]*/, '');
    expect(withoutStamp(res.body)).toBe(withoutStamp(mail.ics!));
  });

  it('answers 404 for a wrong key or a wrong plate, alike', async () => {
    const { save } = await book('CUSTOMER_WAITING');
    const wrongKey = await calendar({ bookingKey: 'ZZZZZZZZZZZZ', registerNumber: 'ABC-123' });
    const wrongPlate = await calendar({ bookingKey: save.bookingKey, registerNumber: 'XYZ-999' });
    for (const res of [wrongKey, wrongPlate]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(json(res)).toMatchObject({ error: 'NOT_FOUND', message: 'Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.' });
    }
    expect(wrongKey.body).toBe(wrongPlate.body);
  });

  it('answers 404 once the booking is cancelled', async () => {
    const { c, save } = await book('CUSTOMER_WAITING');
    expect(json(await c.post('/cancel-booking', { bookingKey: save.bookingKey, registerNumber: 'ABC-123' })).responseCode).toBe('SUCCESS');
    expect((await calendar({ bookingKey: save.bookingKey, registerNumber: 'ABC-123' })).statusCode).toBe(404);
  });

  it.each([
    ['a malformed key', { bookingKey: 'ab/../1', registerNumber: 'ABC-123' }, 'bookingKey'],
    ['a missing key', { registerNumber: 'ABC-123' }, 'bookingKey'],
    ['a malformed plate', { bookingKey: 'ABCDEFGHJKLM', registerNumber: '<script>' }, 'registerNumber'],
  ])('answers 400 naming the field for %s', async (_, query, field) => {
    const res = await calendar(query);
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.error).toBe('VALIDATION');
    expect(body.fields.map((f: { path: string }) => f.path)).toEqual([field]);
  });
});

describe('the confirmation e-mail', () => {
  it.each([
    ['CUSTOMER_WAITING', 'Tuo auto noin 20 minuuttia ennen sovittua aikaa.'],
    ['VEHICLE_LEFT_FOR_DAY', 'Tuo auto klo 7.30–8.00 varauspäivän aamuna.'],
    ['BRINGS_CAR_OUTSIDE_OFFICE_HOURS', 'jätä avain avainautomaattiin viimeistään varauspäivän aamuna klo 7.30'],
    ['CONTACT_REQUEST', 'Otamme sinuun yhteyttä ennen varattua aikaa'],
  ] as const)('for %s says how to bring the car in, and carries the office notice', async (option, instruction) => {
    const { save } = await book(option);
    expect(save.deliveryOption).toBe(option);
    const mail = await mailOf(save.bookingKey);
    expect(mail.text_body).toContain(`Auton tuominen: `);
    expect(mail.text_body).toContain(instruction);
    expect(mail.text_body).toContain(`Toimipisteen tiedote: ${KONALA_INFO_TEXT}`);
    expect(mail.html_body).toContain(instruction);
    expect(mail.html_body).toContain(KONALA_INFO_TEXT);
    // Only the chosen option's instruction.
    const others = ['noin 20 minuuttia', 'klo 7.30–8.00', 'avainautomaattiin', 'ennen varattua aikaa'].filter((t) => !instruction.includes(t));
    for (const other of others) expect(mail.text_body).not.toContain(other);
  });
});
