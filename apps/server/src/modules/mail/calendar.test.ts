/**
 * The booking's .ics file read back by a real iCalendar parser (ical.js), as a calendar
 * would: the physical format (CR LF, folding at 75 octets), the time zone the file itself
 * describes, and the event's start, end, summary and location. Tests run with TZ=UTC, so
 * the Helsinki times come from the file's VTIMEZONE, never from the process's zone.
 */
import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatEuros, parseLocalDateTime, type Booking } from '@huolto/domain';
import { bookingCalendar, CALENDAR_TIME_ZONE, type BookingEvent } from './calendar.ts';
import { composeConfirmation } from './compose.ts';

const event = (over: Partial<BookingEvent> = {}): BookingEvent => ({
  bookingKey: 'ABCD1234',
  start: '2026-07-15T08:00:00',
  end: '2026-07-15T10:00:00',
  summary: 'Huoltoaika: ABC-123 Volkswagen Golf',
  location: 'Laakkonen Espoo, Kauppamiehentie 1, 02150 Espoo',
  description: 'Määräaikaishuolto: 259,00 €\nYhteensä: 259,00 €\nVaraustunnus: ABCD1234',
  now: new Date('2026-02-01T10:00:00Z'),
  ...over,
});

/** The file as a calendar reads it: its own VTIMEZONE registered, then the one event. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  ICAL.TimezoneService.reset();
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  return { calendar, zones, vevent: vevents[0]!, event: new ICAL.Event(vevents[0]!) };
}

afterEach(() => {
  ICAL.TimezoneService.reset();
});

/** Every physical line of the file, without the final CR LF. */
const physicalLines = (ics: string) => ics.replace(/\r\n$/, '').split('\r\n');
/** A lone half of a surrogate pair: a character split by a fold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe('the booking .ics file', () => {
  it('has CR LF line ends only and no line over 75 octets, and folding loses nothing', () => {
    const long = 'Ääkkösiä, 😀 ja pilkkuja; kenoviiva \\ ja "lainaus" '.repeat(12);
    const ics = bookingCalendar(event({ description: long, summary: `Huoltoaika: ${'Ö'.repeat(60)}` }));
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = physicalLines(ics);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of lines) {
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      expect(line).not.toMatch(LONE_SURROGATE);
    }
    const { event: parsed } = read(ics);
    expect(parsed.description).toBe(long);
    expect(parsed.summary).toBe(`Huoltoaika: ${'Ö'.repeat(60)}`);
  });

  it.each([
    ['summer (EEST, +03:00)', '2026-07-15T08:00:00', '2026-07-15T10:00:00', 180],
    ['winter (EET, +02:00)', '2026-01-20T07:30:00', '2026-01-20T16:00:00', 120],
    ['the Friday before summer time starts', '2026-03-27T08:00:00', '2026-03-27T09:00:00', 120],
    ['the Sunday summer time starts, after the change', '2026-03-29T08:00:00', '2026-03-29T09:30:00', 180],
    ['the Monday after summer time starts', '2026-03-30T08:00:00', '2026-03-30T09:00:00', 180],
    ['the Friday before summer time ends', '2026-10-23T14:00:00', '2026-10-23T15:00:00', 180],
    ['the Sunday summer time ends, after the change', '2026-10-25T10:00:00', '2026-10-25T11:00:00', 120],
    ['the Monday after summer time ends', '2026-10-26T08:00:00', '2026-10-26T09:00:00', 120],
    ['a later year (the rule, not one listed date)', '2027-03-29T08:00:00', '2027-03-29T09:00:00', 180],
  ])('%s: start and end are the booking\'s Helsinki times in Europe/Helsinki', (_, start, end, offsetMinutes) => {
    const { event: parsed, vevent, zones } = read(bookingCalendar(event({ start, end })));
    // The zone: one VTIMEZONE, Europe/Helsinki, and the event's times refer to it.
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual([CALENDAR_TIME_ZONE]);
    for (const name of ['dtstart', 'dtend']) {
      expect(vevent.getFirstProperty(name)!.getParameter('tzid')).toBe(CALENDAR_TIME_ZONE);
    }
    expect(parsed.startDate.zone.tzid).toBe(CALENDAR_TIME_ZONE);
    expect(parsed.endDate.zone.tzid).toBe(CALENDAR_TIME_ZONE);
    // Wall clock as booked …
    expect(parsed.startDate.toString()).toBe(start);
    expect(parsed.endDate.toString()).toBe(end);
    // … and the same instants as the domain's Helsinki time gives.
    expect(parsed.startDate.toJSDate().toISOString()).toBe(parseLocalDateTime(start).toISOString());
    expect(parsed.endDate.toJSDate().toISOString()).toBe(parseLocalDateTime(end).toISOString());
    expect(parsed.startDate.utcOffset()).toBe(offsetMinutes * 60);
  });

  it('names the summary, location, description, UID and method, and the office as organizer when its e-mail is known', () => {
    const plain = read(bookingCalendar(event()));
    expect(plain.calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(plain.calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(plain.event.uid).toBe('ABCD1234@ajanvaraus');
    expect(plain.event.summary).toBe('Huoltoaika: ABC-123 Volkswagen Golf');
    expect(plain.event.location).toBe('Laakkonen Espoo, Kauppamiehentie 1, 02150 Espoo');
    expect(plain.event.description).toBe('Määräaikaishuolto: 259,00 €\nYhteensä: 259,00 €\nVaraustunnus: ABCD1234');
    expect(plain.vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-02-01T10:00:00Z');
    expect(plain.vevent.getFirstProperty('organizer')).toBeNull();

    const withOffice = read(bookingCalendar(event({ organizer: { name: 'Laakkonen "Espoo"', email: 'espoo@laakkonen.fi' } })));
    const organizer = withOffice.vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:espoo@laakkonen.fi');
    expect(organizer.getParameter('cn')).toBe('Laakkonen Espoo');
    expect(read(bookingCalendar(event({ organizer: { name: 'Laakkonen Espoo', email: null } }))).vevent.getFirstProperty('organizer')).toBeNull();
  });

  it('keeps semicolons, commas, backslashes and line breaks as text, and drops other control characters', () => {
    const { event: parsed, vevent } = read(bookingCalendar(event({ description: 'a\\b;c,d\ne\r\nf\rg\u0007\u0000\u2028h', location: 'Katu 1; A, 2' })));
    expect(parsed.description).toBe('a\\b;c,d\ne\nf\ngh');
    expect(parsed.location).toBe('Katu 1; A, 2');
    expect(vevent.getAllProperties().map((p) => p.name)).toEqual(['uid', 'sequence', 'dtstamp', 'dtstart', 'dtend', 'summary', 'location', 'description']);
  });

  it('is what the confirmation e-mail attaches', () => {
    const b = {
      organization: { id: 1, name: 'Laakkonen Espoo', address: 'Kauppamiehentie 1', post_code: '02150', post_office: 'Espoo', brand_dealer: true, opening_time: '07:30', closing_time: '17:00' },
      vehicle: { register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf', model_year: null, classification: { id: 1 }, tires: null },
      customer: { first_name: 'Maija' },
      symptoms: [{ id: 1, description: 'Kolina' }],
      notes: null,
      order_items: [{ display_description: 'Määräaikaishuolto', price: 25900, amount: 1, parameters: {}, product: { id: 'HUOLTO-60', provider: 'LAAKKONEN' } }],
      extra_order_items: [],
      discounts: [],
      product_parameters: [],
      price: { active_price: 25900 },
      booking_total_duration: { start: '2026-10-26T08:00:00', end: '2026-10-26T10:00:00', time_selection_type: 'EXACT_TIME', minutes: 120 },
      lead_date: null,
    } as unknown as Booking;
    const mail = composeConfirmation(b, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z'), { email: 'espoo@laakkonen.fi' });
    const { event: parsed, vevent } = read(mail.ics!);
    expect(parsed.startDate.toString()).toBe('2026-10-26T08:00:00');
    expect(parsed.endDate.toJSDate().toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(parsed.startDate.zone.tzid).toBe(CALENDAR_TIME_ZONE);
    expect(parsed.summary).toBe('Huoltoaika: ABC-123 Volkswagen Golf');
    expect(parsed.location).toBe('Laakkonen Espoo, Kauppamiehentie 1, 02150 Espoo');
    expect(parsed.description).toBe(
      `Työn aika: maanantai 26.10.2026 klo 8.00–10.00\nMääräaikaishuolto: ${formatEuros(25900)}\nMuu korjaus/huolto: Kolina\nYhteensä: ${formatEuros(25900)}\nVaraustunnus: ABCD1234`,
    );
    expect(vevent.getFirstPropertyValue('organizer')).toBe('mailto:espoo@laakkonen.fi');
  });
});

describe('the event is when the customer brings the car in, with the time of the work in its description', () => {
  const work = { start: '2026-10-27T10:00:00', end: '2026-10-27T12:00:00', time_selection_type: 'EXACT_TIME', minutes: 120 };
  const withDelivery = (over: Partial<Booking>) =>
    ({
      organization: { id: 1, name: 'Laakkonen Espoo', address: 'Kauppamiehentie 1', post_code: '02150', post_office: 'Espoo', brand_dealer: true, opening_time: '07:30', closing_time: '17:00' },
      vehicle: { register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf', model_year: null, classification: { id: 1 }, tires: null },
      customer: { first_name: 'Maija' },
      symptoms: [],
      notes: null,
      order_items: [{ display_description: 'Määräaikaishuolto', price: 25900, amount: 1, parameters: {}, product: { id: 'HUOLTO-60', provider: 'LAAKKONEN' } }],
      extra_order_items: [],
      discounts: [],
      product_parameters: [],
      customer_waiting: false,
      vehicle_left_for_day: false,
      using_key_locker: false,
      price: { active_price: 25900 },
      booking_total_duration: work,
      lead_date: null,
      ...over,
    }) as unknown as Booking;
  const ics = (b: Booking) => read(composeConfirmation(b, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z')).ics!);

  it('left for the day: DTSTART at 7.30, until 8.00; the work at 10.00 in the description', () => {
    const { event: parsed } = ics(withDelivery({ vehicle_left_for_day: true, product_parameters: [{ parameterCode: 'VEHICLE_LEFT_FOR_DAY', selectedValue: 'true' }] }));
    expect(parsed.startDate.toString()).toBe('2026-10-27T07:30:00');
    expect(parsed.endDate.toString()).toBe('2026-10-27T08:00:00');
    expect(parsed.summary).toBe('Tuo auto huoltoon: ABC-123 Volkswagen Golf');
    expect(parsed.description).toContain('Työn aika: tiistai 27.10.2026 klo 10.00–12.00');
    expect(parsed.description).toContain('Auton tuominen: Tuo auto klo 7.30–8.00 varauspäivän aamuna.');
  });

  it('waiting: DTSTART 20 minutes before the work, until its end', () => {
    const { event: parsed } = ics(withDelivery({ customer_waiting: true }));
    expect(parsed.startDate.toString()).toBe('2026-10-27T09:40:00');
    expect(parsed.endDate.toString()).toBe('2026-10-27T12:00:00');
  });

  it('the key locker: before opening on the day, with where and how to leave the key', () => {
    const { event: parsed } = ics(withDelivery({ using_key_locker: true, product_parameters: [{ parameterCode: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', selectedValue: 'true' }] }));
    expect(parsed.startDate.toString()).toBe('2026-10-27T07:00:00');
    expect(parsed.endDate.toString()).toBe('2026-10-27T07:30:00');
    expect(parsed.summary).toBe('Jätä auto ja avain avainautomaattiin: ABC-123 Volkswagen Golf');
    expect(parsed.description).toContain('Avainautomaatti on toimipisteen pääoven vieressä osoitteessa Kauppamiehentie 1, 02150 Espoo.');
    expect(parsed.description).toContain('Työn aika: tiistai 27.10.2026 klo 10.00–12.00');
  });
});
