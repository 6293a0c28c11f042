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

/** The office's address on the map, as the e-mails link it. */
const MAP_HREF = 'https://www.google.com/maps/search/?api=1&amp;query=Laakkonen%20Espoo%2C%20Kauppamiehentie%201%2C%2002150%20Espoo';
/** A part of a mail without its own links: the booking's page, the map of the office, the office's phone, the event's UID. */
const withoutOwnLinks = (part: string) =>
  part
    .replace(/https:\/\/ajanvaraus\.laakkonen\.fi\/oma-varaus\?[^"\s<]*/g, '')
    .replace(/https:\/\/www\.google\.com\/maps\/search\/\?api=1&(?:amp;)?query=[^"\s<]*/g, '')
    .replace(/tel:\+?\d+/g, '')
    .replace(/UID:ABCD1234@ajanvaraus/g, '');
/** Every link's href in an HTML part. */
const ownHrefs = (html: string) => [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);

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
      // The links are the mail's own: the booking's management page and the office's map.
      expect(withoutOwnLinks(part)).not.toMatch(LINKABLE);
    }
    expect(mail.text).toContain('Hei https[:]//evil[.]example/pay,');
    expect(mail.text).toContain('Lisätiedot: Maksa osoitteessa https[:]//evil[.]example/pay tai www[.]evil[.]example');
    expect(mail.text).toContain('Katso evil[.]example: Maksa osoitteessa https[:]//evil[.]example/pay');
    expect(mail.text).toContain('Muu korjaus/huolto: Kolina Maksa osoitteessa https[:]//evil[.]example/pay');
    expect(mail.subject).toContain('ABC-123 www[.]evil[.]example Golf evil[.]fi');
    expect(ownHrefs(mail.html)).toEqual(['https://ajanvaraus.laakkonen.fi/oma-varaus?varaus=ABCD1234&amp;rekisteri=ABC-123', MAP_HREF]);
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
    totalDisplay: 'exact',
    symptoms: [],
    deliveryOption: null,
    customerFirstName: 'Maija https://evil.example/pay',
    cancellable: true,
  };
  const contact = { name: 'Maija evil.example', phone: '0401234567', email: 'maija@example.com' };

  it('show the customer text defanged, on one line each, in text and HTML', () => {
    const mails = [
      composeCancellationToCustomer(managed, { name: 'Autokorjaamo Oy' }),
      composeRowsAdded(managed, contact, [{ description: 'Tuulilasinpesuneste', amount: 2, price: 990 }]),
      composeEditRequest(managed, contact, 'Siirto\r\nhttps://evil.example/pay\rwww.evil.example\u2028x'),
    ];
    for (const mail of mails) {
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(LINKABLE);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toMatch(/<a /);
    }
    expect(mails[0]!.text).toContain('Hei Maija https[:]//evil[.]example/pay,');
    expect(mails[0]!.text.trimEnd().split('\n').slice(-2)).toEqual(['Ystävällisin terveisin', 'Autokorjaamo Oy']);
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

describe('the confirmation as an accessible, branded HTML e-mail with the drop-off instructions', () => {
  const office = { email: 'espoo@laakkonen.fi', phone: '09 123 4567', company: { name: 'Laakkonen', bookingPhone: '010 525 4000' } };
  const keyLocker = booking({
    using_key_locker: true,
    product_parameters: [{ parameterCode: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', selectedValue: 'true' }],
  });
  const mail = composeConfirmation(keyLocker, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z'), office);

  it('tells where the key locker is, how to leave the key and by when, in the text and the HTML', () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Auton tuominen');
      expect(part).toContain('Tuo auto aukioloaikojen ulkopuolella ja jätä avain avainautomaattiin viimeistään varauspäivän aamuna klo 7.30.');
      expect(part).toContain('Avainautomaatti on toimipisteen pääoven vieressä osoitteessa Kauppamiehentie 1, 02150 Espoo.');
      expect(part).toContain('kirjoita siihen auton rekisterinumero ja puhelinnumerosi');
    }
    expect(mail.html).toMatch(/<h2[^>]*>Auton tuominen<\/h2>/);
    expect(mail.html).toMatch(/<ol[^>]*>(<li[^>]*>[^<]+<\/li>){4}<\/ol>/);
  });

  it('every delivery option gets its instructions', () => {
    const options: [Partial<Booking>, RegExp][] = [
      [{ customer_waiting: true }, /Tuo auto noin 20 minuuttia ennen sovittua aikaa\.\n- Tule toimipisteeseen klo 7\.40/],
      [{ vehicle_left_for_day: true }, /Tuo auto klo 7\.30–8\.00 varauspäivän aamuna\./],
      [{ product_parameters: [{ parameterCode: 'CONTACT_REQUEST', selectedValue: 'true' }] }, /Otamme sinuun yhteyttä ennen varattua aikaa/],
    ];
    for (const [over, expected] of options) {
      const m = composeConfirmation(booking(over), 'K', 'https://x.fi', new Date(), office);
      expect(m.text).toMatch(expected);
      expect(m.html).toMatch(/<h2[^>]*>Auton tuominen<\/h2>/);
    }
  });

  it('is a real HTML document: lang fi, a title and one h1 that the subject repeats, layout tables marked presentation', () => {
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="fi">/);
    expect(mail.html).toContain('<meta charset="utf-8">');
    expect(mail.html).toContain('<title>Aikasi on varattu</title>');
    expect(mail.html.match(/<h1[^>]*>/g)).toHaveLength(1);
    expect(mail.html).toMatch(/<h1[^>]*>Aikasi on varattu<\/h1>/);
    expect(mail.subject).toBe('Aikasi on varattu: ABC-123 Volkswagen Golf, maanantai 2.3.2026');
    const tables = mail.html.match(/<table[^>]*>/g)!;
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) expect(t).toContain('role="presentation"');
    expect(mail.html).not.toMatch(/<img|<th/);
    expect(mail.text.split('\n')[0]).toBe('Aikasi on varattu');
    // A booked time is not called a request under that heading.
    expect(mail.text).not.toContain('Palvelupyyntösi');
    expect(mail.html).not.toContain('Palvelupyyntösi');
  });

  it('carries the company name, the office phone as a tel: link and the address as a map link, and the booking link', () => {
    expect(mail.html).toMatch(/<td[^>]*>Laakkonen<\/td>/);
    expect(mail.html).toContain('<a href="tel:+35891234567"');
    expect(mail.html).toContain('>09 123 4567</a>');
    expect(mail.html).toContain(`<a href="${MAP_HREF}"`);
    expect(mail.html).toContain('>Kauppamiehentie 1, 02150 Espoo</a>');
    expect(mail.html).toContain('<a href="tel:+358105254000"');
    expect(mail.html).toContain('<a href="https://ajanvaraus.laakkonen.fi/oma-varaus?varaus=ABCD1234&amp;rekisteri=ABC-123"');
    expect(mail.text).toContain('Puhelin: 09 123 4567');
    expect(mail.text).toContain(`Kartta: ${MAP_HREF.replace('&amp;', '&')}`);
    expect(mail.text).toContain('Katso, siirrä tai peru varauksesi: https://ajanvaraus.laakkonen.fi/oma-varaus?varaus=ABCD1234&rekisteri=ABC-123');
    expect(mail.text.trimEnd().split('\n').slice(-2)).toEqual(['Ystävällisin terveisin', 'Laakkonen']);
  });

  it('takes the company name from the settings it is given', () => {
    const other = composeConfirmation(keyLocker, 'K', 'https://x.fi', new Date(), { ...office, company: { name: 'Autokorjaamo Oy' } });
    expect(other.html).toMatch(/<td[^>]*>Autokorjaamo Oy<\/td>/);
    expect(other.text.trimEnd().endsWith('Autokorjaamo Oy')).toBe(true);
    expect(other.ics).toMatch(/^PRODID:-\/\/Autokorjaamo Oy\/\/Ajanvaraus\/\/FI\r?$/m);
  });

  it('signs as "Ajanvaraus" while the company has no name, and the .ics says no company either', () => {
    const unnamed = composeConfirmation(keyLocker, 'K', 'https://x.fi', new Date(), { ...office, company: { name: '' } });
    expect(unnamed.html).toMatch(/<td[^>]*>Ajanvaraus<\/td>/);
    expect(unnamed.text.trimEnd().split('\n').slice(-2)).toEqual(['Ystävällisin terveisin', 'Ajanvaraus']);
    expect(unnamed.ics).toMatch(/^PRODID:-\/\/Ajanvaraus\/\/Ajanvaraus\/\/FI\r?$/m);
    expect(unnamed.ics).toMatch(/^UID:K@ajanvaraus\r?$/m);
  });

  it('a request (a wished date, a quote) is received, not booked: heading and subject agree', () => {
    const lead = composeConfirmation(booking({ booking_total_duration: null, lead_date: '2026-03-02' }), 'K', 'https://x.fi', new Date(), office);
    expect(lead.subject).toMatch(/^Palvelupyyntösi on vastaanotettu: /);
    expect(lead.html).toMatch(/<h1[^>]*>Palvelupyyntösi on vastaanotettu<\/h1>/);
    expect(lead.text).toContain('Toimipiste ottaa sinuun yhteyttä ja sopii ajan kanssasi.');
    expect(lead.text).not.toContain('Aikasi on varattu');
  });
});

describe('the confirmation of a moved booking', () => {
  it('says the booking was moved, in the subject and the heading, with the same details and instructions', () => {
    const b = booking({ vehicle_left_for_day: true });
    const mail = composeConfirmation(b, 'ABCD1234', 'https://ajanvaraus.laakkonen.fi', new Date('2026-02-01T10:00:00Z'), undefined, { moved: true });
    expect(mail.subject).toBe('Varauksesi on siirretty: ABC-123 Volkswagen Golf, maanantai 2.3.2026');
    expect(mail.html).toMatch(/<h1[^>]*>Varauksesi on siirretty<\/h1>/);
    expect(mail.text).toContain('varauksesi on siirretty uuteen aikaan.');
    expect(mail.text).not.toContain('kiitos varauksestasi');
    expect(mail.text).toContain('Auton tuominen: Tuo auto klo 7.30–8.00 varauspäivän aamuna.');
    expect(mail.ics).toContain('DTSTART;TZID=Europe/Helsinki:20260302T073000');
  });
});
