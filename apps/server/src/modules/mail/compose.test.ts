import { describe, expect, it } from 'vitest';
import type { Booking, ManagedBooking } from '@huolto/domain';
import { composeConfirmation } from './compose.ts';
import { calendarText, defangLinks, userText } from './text.ts';
import { composeCancellationToCustomer, composeEditRequest, composeRowsAdded } from '../manage/mail.ts';

/** What a mail client would make into a link: a scheme, www., or a domain name with a top-level domain. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|tel):|\bwww\.|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
/** Every unfolded content line of an .ics text. */
const icsContentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
/** The names of the .ics file's content lines, in order: the calendar, the Europe/Helsinki VTIMEZONE, the event. */
const ICS_PROPERTY_NAMES = [
  'BEGIN', 'VERSION', 'PRODID', 'METHOD',
  'BEGIN', 'TZID', 'BEGIN', 'TZOFFSETFROM', 'TZOFFSETTO', 'TZNAME', 'DTSTART', 'RRULE', 'END', 'BEGIN', 'TZOFFSETFROM', 'TZOFFSETTO', 'TZNAME', 'DTSTART', 'RRULE', 'END', 'END',
  'BEGIN', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'END', 'END',
];

const booking = (over: Partial<Booking> = {}): Booking => ({
  process_type: 'MAINTENANCE',
  organization: { id: 1, name: 'Laakkonen Espoo', address: 'Kauppamiehentie 1', post_code: '02150', post_office: 'Espoo', brand_dealer: true, opening_time: '07:30', closing_time: '17:00' },
  vehicle: { register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf', model_year: null, classification: { id: 1 }, tires: null },
  customer: {
    first_name: 'Maija',
    last_name: 'Mallikas',
    phone_number: '0401234567',
    email: 'maija@example.com',
    address: '',
    post_code: '',
    post_office: '',
    preferred_contact_method: 'EMAIL',
    company_name: null,
    customer_type: null,
    direct_marketing_allowed: false,
    service_contract: false,
  },
  symptoms: [],
  notes: null,
  order_items: [
    {
      display_description: 'Määräaikaishuolto',
      price: 25900,
      product: { id: 'HUOLTO', provider: 'LAAKKONEN' },
      amount: 1,
      selected_service_identifier: 'HUOLTO',
      parameters: {},
      stage: 'DEFAULT',
      duration_minutes: 120,
    },
  ],
  extra_order_items: [],
  product_parameters: [],
  customer_waiting: false,
  vehicle_left_for_day: false,
  booking_total_duration: { start: '2026-03-02T08:00:00', end: '2026-03-02T10:00:00', time_selection_type: 'EXACT_TIME', minutes: 120 },
  total_duration_minutes: 120,
  kilometers: 50000,
  price: { active_price: 25900, normal_price: 25900, has_public_campaign: false },
  service_code: null,
  campaign_code: null,
  discounts: [],
  vouchers: [],
  service_contract: false,
  reservation_expires_at: null,
  using_key_locker: false,
  lead_date: null,
  lead_mode: false,
  selected_resource_ids: [],
  ...over,
});

const URL_TEXT = 'Maksa osoitteessa https://evil.example/pay tai www.evil.example';

describe('customer text in e-mails is never a link', () => {
  it.each([
    ['https://evil.example/pay', 'https[:]//evil[.]example/pay'],
    ['HTTP://EVIL.EXAMPLE', 'HTTP[:]//EVIL[.]EXAMPLE'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['evil.example/pay', 'evil[.]example/pay'],
    ['pay.evil.co.uk', 'pay[.]evil[.]co[.]uk'],
    ['mailto:pay@evil.example', 'mailto[:]pay@evil[.]example'],
    ['maija@example.com', 'maija@example[.]com'],
    ['ftp://1.2.3.4/x', 'ftp[:]//1[.]2[.]3[.]4/x'],
    ['evil。example', 'evil[.]example'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e[.]com'],
    ['ääkkös.fi', 'ääkkös[.]fi'],
  ])('%s → %s', (input, output) => {
    expect(defangLinks(input)).toBe(output);
    expect(output).not.toMatch(LINKABLE);
  });

  it.each(['Klo 8.30, 1.2.2026 tai 12.3.', 'J. R. Tolkien', 'Hinta 25,90 €. Kiitos!', 'javascript:alert(1)', 'Mallikas-Ääkkönen'])(
    'leaves ordinary text as it is: %s',
    (input) => {
      expect(defangLinks(input)).toBe(input);
    },
  );

  it('userText is one line without control characters', () => {
    expect(userText('Volvo\r\nDTSTART:2000\u202e\u0007')).toBe('Volvo DTSTART:2000');
    expect(userText(null)).toBe('');
  });

  it('the confirmation shows names, car, parameters, symptoms and notes defanged in subject, text, HTML and .ics', () => {
    const b = booking({
      customer: { ...booking().customer!, first_name: 'https://evil.example/pay' },
      vehicle: { ...booking().vehicle!, make: 'www.evil.example', model: 'Golf evil.fi' },
      notes: URL_TEXT,
      symptoms: [{ id: 1, description: `Kolina ${URL_TEXT}` }],
      order_items: [{ ...booking().order_items[0]!, parameters: { 'Katso evil.example': URL_TEXT } }],
    });
    const mail = composeConfirmation(b, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z'));
    for (const part of [mail.subject, mail.text, mail.html, mail.ics!]) {
      // The one link is the booking's own management page.
      const withoutOwn = part.replace(/https:\/\/ajanvaraus\.laakkonen\.fi\/oma-varaus\?[^"\s<]*/g, '').replace(/UID:ABCD1234@ajanvaraus\.laakkonen/g, '');
      expect(withoutOwn).not.toMatch(LINKABLE);
    }
    expect(mail.text).toContain('Hei https[:]//evil[.]example/pay,');
    expect(mail.text).toContain('Lisätiedot: Maksa osoitteessa https[:]//evil[.]example/pay tai www[.]evil[.]example');
    expect(mail.text).toContain('Katso evil[.]example: Maksa osoitteessa https[:]//evil[.]example/pay');
    expect(mail.text).toContain('Muu korjaus/huolto: Kolina Maksa osoitteessa https[:]//evil[.]example/pay');
    expect(mail.subject).toContain('ABC-123 www[.]evil[.]example Golf evil[.]fi');
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain('<p>Hei https[:]//evil[.]example/pay,</p>');
  });
});

describe('the .ics event (RFC 5545)', () => {
  it('calendar text keeps line breaks (as LF, which the writer escapes) and drops every other control character', () => {
    expect(calendarText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\b;c,d\ne\nf\ng');
    expect(calendarText('x\u0007\u0000\u2028y')).toBe('xy');
  });

  it('CR, LF or CR LF in make, model, notes or symptoms never start a property line', () => {
    const b = booking({
      vehicle: { ...booking().vehicle!, make: 'Volvo\rDTSTART:20000101T000000Z', model: 'V70\nATTENDEE:mailto:evil@evil.example' },
      notes: 'Huom\r\nATTENDEE;CN=x:mailto:a@b.example',
      symptoms: [{ id: 1, description: 'Kolina\rBEGIN:VALARM\nTRIGGER:-PT1M\r\nEND:VALARM' }],
      order_items: [{ ...booking().order_items[0]!, parameters: { Lisätieto: 'x\rORGANIZER:mailto:x@evil.example' } }],
    });
    const ics = composeConfirmation(b, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z')).ics!;
    // Every line ends in CR LF; no bare CR or LF anywhere.
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const names = icsContentLines(ics)
      .filter((l) => l !== '')
      .map((l) => /^[A-Z-]+/.exec(l)![0]);
    expect(names).toEqual(ICS_PROPERTY_NAMES);
    // One DTSTART in the event (the other two are the time zone's DST rules).
    expect(ics.slice(ics.indexOf('BEGIN:VEVENT')).match(/^DTSTART/gm)).toHaveLength(1);
    expect(ics).not.toMatch(/^(ATTENDEE|ORGANIZER|TRIGGER)/m);
    const summary = icsContentLines(ics).find((l) => l.startsWith('SUMMARY:'))!;
    expect(summary).toBe('SUMMARY:Huoltoaika: ABC-123 Volvo DTSTART:20000101T000000Z V70 ATTENDEE:mailto[:]evil@evil[.]example');
  });

  it('a lead has no .ics event', () => {
    expect(composeConfirmation(booking({ booking_total_duration: null, lead_date: '2026-03-02' }), 'K', 'https://x.fi').ics).toBeNull();
  });
});

describe('the management e-mails', () => {
  const managed: ManagedBooking = {
    bookingKey: 'ABCD1234',
    status: 'CONFIRMED',
    kind: 'RESERVATION',
    registerNumber: 'ABC-123',
    vehicle: 'Volvo\rDTSTART www.evil.example',
    office: { id: 1, name: 'Laakkonen Espoo', address: 'Kauppamiehentie 1', post_code: '02150', post_office: 'Espoo', phone: null, email: 'espoo@laakkonen.fi', opening_time: '07:30:00', closing_time: '17:00:00' },
    start: '2026-03-02T08:00:00',
    end: '2026-03-02T10:00:00',
    leadDate: null,
    items: [],
    total: 0,
    customerFirstName: 'Maija https://evil.example/pay',
    cancellable: true,
  };
  const contact = { name: 'Maija evil.example', phone: '0401234567', email: 'maija@example.com' };

  it('show the customer text defanged, on one line each, in text and HTML', () => {
    const mails = [
      composeCancellationToCustomer(managed),
      composeRowsAdded(managed, contact, [{ description: 'Tuulilasinpesuneste', amount: 2, price: 990 }]),
      composeEditRequest(managed, contact, 'Siirto\r\nhttps://evil.example/pay\rwww.evil.example\u2028x'),
    ];
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(LINKABLE);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toMatch(/<a /);
    }
    expect(mails[0]!.text).toContain('Hei Maija https[:]//evil[.]example/pay,');
    expect(mails[1]!.text).toContain('Ajoneuvo: ABC-123 Volvo DTSTART www[.]evil[.]example');
    expect(mails[2]!.text).toContain('Asiakkaan viesti:\nSiirto\nhttps[:]//evil[.]example/pay\nwww[.]evil[.]example\nx');
    expect(mails[2]!.html).toContain('Asiakkaan viesti:<br>Siirto<br>https[:]//evil[.]example/pay<br>www[.]evil[.]example<br>x');
  });
});

describe('windshield replacement prices in the confirmation', () => {
  const replacement = (selectedValue: 'RESERVE_TIME' | 'LEAD') =>
    booking({
      process_type: 'WINDSHIELD',
      order_items: [
        {
          display_description: 'Tuulilasin vaihto',
          price: 39000,
          product: { id: 'windshieldChange', provider: 'PROAUTOLASI' },
          amount: 1,
          selected_service_identifier: 'windshieldChange',
          parameters: {},
          stage: 'DEFAULT',
          duration_minutes: 180,
        },
      ],
      product_parameters: [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue }],
      price: { active_price: 39000, normal_price: 39000, has_public_campaign: false },
      ...(selectedValue === 'LEAD' ? { booking_total_duration: null, lead_date: '2026-03-02' } : {}),
    });

  it('a replacement with a time is priced "alkaen" on its line and in the total', () => {
    const mail = composeConfirmation(replacement('RESERVE_TIME'), 'K1', 'https://example.test');
    expect(mail.text).toContain('Tuulilasin vaihto: alkaen 390\u00a0€');
    expect(mail.text).toContain('Yhteensä: alkaen 390\u00a0€');
    expect(mail.html).toContain('Yhteensä: alkaen 390\u00a0€');
  });

  it('a quote request shows no price', () => {
    const mail = composeConfirmation(replacement('LEAD'), 'K2', 'https://example.test');
    expect(mail.text).toContain('Tuulilasin vaihto: Hinta tarjouksen mukaan');
    expect(mail.text).toContain('Yhteensä: Hinta tarjouksen mukaan');
    expect(mail.text).not.toMatch(/€/);
    expect(mail.html).not.toMatch(/€/);
  });
});
