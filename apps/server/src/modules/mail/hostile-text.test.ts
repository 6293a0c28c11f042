/**
 * Customer text that tries to use the workshop's e-mails: links in names, notes, symptoms
 * and cart parameters; line breaks and other control characters in make and model that
 * would add lines to the .ics event; emoji and symbols in notes. What is stored is clean
 * (requirements §5 for notes and symptoms), and what is mailed has no link and no injected line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOYALTY_API_BASE,
  WINDSHIELD_PRODUCTS,
  XSRF_COOKIE,
  XSRF_HEADER,
  replacementParameters,
  sanitizeNotes,
  type Booking,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** What a mail client or a calendar would make into a link: a scheme, www., or a domain name with a top-level domain. */
const LINKABLE = /[a-z][a-z0-9+.-]*:\/\/|\b(?:mailto|tel):|\bwww\.|[\p{L}\p{N}-]\.\p{L}{2,}/iu;
/** Control characters (C0, DEL, C1) and bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- the characters the mail text must never carry
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const URL = 'https://evil.example/pay';

/** Every string in a stored JSON value, with where it is. */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}.${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [[`${path}.${k}#key`, k] as [string, string], ...strings(v, `${path}.${k}`)]);
  return [];
}

/**
 * A mail's parts with the booking's own links taken out: the /oma-varaus page, the map of
 * the office and the office's and the company's phone (tel:, digits only), the event's
 * UID, and the event's organizer when it is the office's own address (the seed's offices
 * are at laakkonen.example); the .ics is read unfolded.
 */
function userVisibleParts(mail: { subject: string; text_body: string; html_body: string | null; ics: string | null }) {
  const own =
    /https?:\/\/[^\s"<]*\/oma-varaus\?[^\s"<]*|https:\/\/www\.google\.com\/maps\/search\/\?api=1&(?:amp;)?query=[^\s"<]*|tel:\+\d+|UID:[^\r\n]*|^ORGANIZER;CN="[^"\r\n]*":mailto:[a-z.]+@laakkonen\.example(?=\r?$)/gm;
  const ics = (mail.ics ?? '').replace(/\r\n[ \t]/g, '');
  return [mail.subject, mail.text_body, mail.html_body ?? '', ics].map((part) => part.replace(own, ''));
}

/** The .ics content lines, unfolded. */
const icsContentLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n').filter((l) => l !== '');

async function saveAndRead(c: ApiClient) {
  const reservation = await firstFreeSlot(c);
  expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode).toBe('SUCCESS');
  const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  const mail = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).orderBy('id').executeTakeFirstOrThrow();
  return { bookingKey: save.bookingKey as string, stored, mail };
}

describe('a booking made of hostile text', () => {
  it('is stored without control characters, notes and symptoms per requirements §5, and mailed with no link and no injected .ics line', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    const vehicle = {
      make: 'Volvo\rDTSTART:20000101T000000Z',
      regNbr: 'TXT-1',
      model: `V70\nATTENDEE:mailto:evil@evil.example\r\nORGANIZER:${URL}`,
      classification: { id: 1 },
    };
    expect((await c.post('/set-vehicle', vehicle)).statusCode).toBe(200);
    expect((await c.post('/set-vehicle-kilometers', { kilometers: 50000 })).statusCode).toBe(200);
    expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
    const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(await c.get('/services/v2'));
    const product = groups[0]!.suggestions[0]!.product;
    const add = await c.post('/add-products-to-cart', {
      items: [{ productId: product.id, provider: product.provider, amount: 1, description: 'Huolto\r\nX-INJECT:1\u202e' }],
      stage: 'DEFAULT',
    });
    expect(add.statusCode).toBe(200);
    const customer = {
      ...CUSTOMER,
      first_name: `${URL}\u202e`,
      last_name: 'Evil\rMallikas\u2066',
      address: 'Katu 1\nA 2\u0085',
      post_office: 'Hel\u0007sinki\u009b',
    };
    expect((await c.post('/customer/v2', customer)).statusCode).toBe(200);
    const notes = `Maksa osoitteessa ${URL} ♥ 😀\r\nKiitos!\u0007 www.evil.example`;
    expect((await c.post('/save-notes', { value: notes })).statusCode).toBe(200);
    expect((await c.post('/symptoms', [{ description: 'Kolina\rBEGIN:VALARM\nTRIGGER:-PT1M evil.example 👍' }])).statusCode).toBe(200);
    expect((await c.post('/product-parameter', { parameterCode: 'CONTACT_REQUEST', selectedValue: 'Soita\r\nheti' })).statusCode).toBe(200);

    const { bookingKey, stored, mail } = await saveAndRead(c);

    // Stored: one line each, as typed otherwise; notes and symptoms keep only letters, digits, punctuation and spaces.
    const expectedNotes = 'Maksa osoitteessa https://evil.example/pay   Kiitos! www.evil.example';
    expect(sanitizeNotes(notes).trim()).toBe(expectedNotes);
    expect(stored.vehicle).toMatchObject({ make: 'Volvo DTSTART:20000101T000000Z', model: `V70 ATTENDEE:mailto:evil@evil.example ORGANIZER:${URL}` });
    expect(stored.customer).toMatchObject({ first_name: URL, last_name: 'Evil Mallikas', address: 'Katu 1 A 2', post_office: 'Helsinki' });
    const snapshot = stored.snapshot as Booking;
    expect(snapshot.notes).toBe(expectedNotes);
    expect(snapshot.symptoms).toEqual([{ id: 1, description: 'Kolina BEGIN:VALARM TRIGGER:-PT1M evil.example' }]);
    expect(snapshot.product_parameters).toEqual([{ parameterCode: 'CONTACT_REQUEST', selectedValue: 'Soita heti' }]);
    for (const [path, s] of strings({ stored, process: await t.db.selectFrom('process').selectAll().where('token', '=', c.token!).executeTakeFirstOrThrow() })) {
      expect(s, path).not.toMatch(CONTROL);
    }
    expect(snapshot.notes).not.toMatch(/[\p{S}\p{C}]/u);

    // Mailed: no link anywhere a customer sees, in subject, text, HTML and the .ics event.
    for (const part of userVisibleParts(mail)) expect(part).not.toMatch(LINKABLE);
    expect(mail.text_body).toContain('Hei https[:]//evil[.]example/pay,');
    expect(mail.text_body).toContain('Lisätiedot: Maksa osoitteessa https[:]//evil[.]example/pay   Kiitos! www[.]evil[.]example');
    expect(mail.html_body).toContain('<p>Hei https[:]//evil[.]example/pay,</p>');
    // Its links are its own: the booking's page, the office on the map, the office's and the company's phone.
    const hrefs = [...mail.html_body!.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs[0]).toBe(`${t.config.publicUrl}/oma-varaus?varaus=${bookingKey}&amp;rekisteri=TXT-1`);
    for (const href of hrefs.slice(1)) expect(href).toMatch(/^(https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=[\w%.-]+|tel:\+\d+)$/);
    expect(mail.html_body!.match(/<a /g)).toHaveLength(hrefs.length);

    // The event: CR LF line ends only, and exactly its own properties; the office is its organizer.
    const ics = mail.ics!;
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    // The calendar, its Europe/Helsinki VTIMEZONE, then the event.
    expect(icsContentLines(ics).map((l) => /^[A-Z-]+/.exec(l)![0])).toEqual([
      'BEGIN', 'VERSION', 'PRODID', 'METHOD',
      'BEGIN', 'TZID', 'BEGIN', 'TZOFFSETFROM', 'TZOFFSETTO', 'TZNAME', 'DTSTART', 'RRULE', 'END', 'BEGIN', 'TZOFFSETFROM', 'TZOFFSETTO', 'TZNAME', 'DTSTART', 'RRULE', 'END', 'END',
      'BEGIN', 'UID', 'SEQUENCE', 'DTSTAMP', 'DTSTART', 'DTEND', 'SUMMARY', 'LOCATION', 'DESCRIPTION', 'ORGANIZER', 'END', 'END',
    ]);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(icsContentLines(ics).find((l) => l.startsWith('SUMMARY:'))).toBe(
      'SUMMARY:Huoltoaika: TXT-1 Volvo DTSTART:20000101T000000Z V70 ATTENDEE:mailto[:]evil@evil[.]example ORGANIZER:https[:]//evil[.]example/pay',
    );
    expect(icsContentLines(ics).find((l) => l.startsWith('ORGANIZER'))).toBe('ORGANIZER;CN="Laakkonen Helsinki Konala":mailto:konala.huolto@laakkonen.example');
  });

  it('a windshield claim code with a link or a line break is stored as one line and mailed defanged', async () => {
    const c = new ApiClient(t.app);
    await c.init('WINDSHIELD');
    expect(json(await c.post('/search-vehicle', { registerNumber: 'ABC-123' })).responseCode).toBe('SUCCESS');
    const office = await t.db.selectFrom('organization').select('id').where('windshield', '=', true).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    expect((await c.post('/active-organization/v2', { organizationId: office.id })).statusCode).toBe(200);
    const answers = {
      hasInsurance: true,
      insuranceCompany: 'LähiTapiola',
      noClaimCode: false,
      deductibleAmount: 150,
      unknownDeductibleAmount: false,
      rainDetector: 'YES',
      cameraSystem: 'DONT_KNOW',
      contactMethod: 'EMAIL',
    } as const;
    const parameters = replacementParameters({ ...answers, claimCode: `${URL}\rX:1` });
    const add = await c.post('/add-products-to-cart', {
      items: [{ productId: WINDSHIELD_PRODUCTS.change, provider: 'PROAUTOLASI', amount: 1, description: WINDSHIELD_PRODUCTS.change, parameters }],
      stage: 'DEFAULT',
    });
    expect(add.statusCode).toBe(200);
    expect((await c.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
    const { stored, mail } = await saveAndRead(c);

    const items = stored.order_items as Booking['order_items'];
    expect(items[0]!.parameters).toEqual(replacementParameters({ ...answers, claimCode: `${URL} X:1` }));
    for (const part of userVisibleParts(mail)) expect(part).not.toMatch(LINKABLE);
    expect(mail.text_body).toContain('Vahinkonumero: https[:]//evil[.]example/pay X:1');
    expect(mail.html_body).toContain('Vahinkonumero: https[:]//evil[.]example/pay X:1');
  });
});

describe('the other e-mails', () => {
  it('a change request reaches the workshop line by line, without a link or a control character', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    expect(json(await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 })).responseCode).toBe('SUCCESS');
    expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
    const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(await c.get('/services/v2'));
    const product = groups[0]!.suggestions[0]!.product;
    expect((await c.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' })).statusCode).toBe(200);
    expect((await c.post('/customer/v2', { ...CUSTOMER, first_name: `Maija ${URL}` })).statusCode).toBe(200);
    const { bookingKey, stored } = await saveAndRead(c);

    const message = `Siirto\r\n${URL}\rwww.evil.example\u202e\u0007 kiitos`;
    const access = { bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' };
    expect(json(await new ApiClient(t.app).post('/send-edit-request', { ...access, message }))).toEqual({ responseCode: 'SUCCESS' });
    const mails = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).orderBy('id').execute();
    const request = mails.find((m) => m.subject.startsWith('Muutospyyntö'))!;
    for (const part of userVisibleParts(request)) {
      expect(part).not.toMatch(LINKABLE);
      expect(part.replace(/\n/g, '')).not.toMatch(CONTROL);
    }
    expect(request.text_body).toContain('Asiakkaan viesti:\nSiirto\nhttps[:]//evil[.]example/pay\nwww[.]evil[.]example kiitos');
    expect(request.text_body).toContain('Asiakas: Maija https[:]//evil[.]example/pay Meikäläinen');
  });

  it('an OmaLaakkonen registration greets by the name as text, not as a link', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${LOYALTY_API_BASE}/registerUser/`,
      headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
      payload: { username: 'uhri@example.com', password: 'Pitkä salasana 1', firstname: `Maksa\r\n${URL}`, lastname: 'X' },
      remoteAddress: '10.9.0.1',
    });
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('recipient', '=', 'uhri@example.com').executeTakeFirstOrThrow();
    expect(mail.text_body).toMatch(/^Hei Maksa https\[:\]\/\/evil\[\.\]example\/pay,\n/);
    expect(mail.subject + mail.text_body).not.toMatch(LINKABLE);
  });
});
