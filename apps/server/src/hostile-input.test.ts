/**
 * Hostile text in the fields of a booking (issue 9, point 5): SQL-injection strings are
 * stored as text or refused and never run, and script in any text field is stored as text
 * and shown inert in the confirmation e-mail. The browser side is e2e/xss.spec.ts; the
 * fuzz of every endpoint is fuzz.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { sanitizeNotes } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * Every table with its row count: a dropped or emptied table shows here. The rate-limit
 * counters are left out: they count the calls themselves, refused ones too.
 */
async function tables() {
  const { rows } = await sql<{ tablename: string }>`
    SELECT tablename FROM pg_tables
    WHERE schemaname = current_schema() AND tablename <> 'rate_limit_counter' ORDER BY tablename`.execute(t.db);
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM ${sql.id(tablename)}`.execute(t.db);
    counts[tablename] = Number(r.rows[0]!.n);
  }
  return counts;
}

const storedProcess = (token: string) => t.db.selectFrom('process').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);

describe('SQL injection strings', () => {
  it('a plate with SQL in search-vehicle is refused naming the field; every table is intact', async () => {
    const before = await tables();
    const c = new ApiClient(t.app);
    await c.init();
    for (const registerNumber of ["ABC-123'; DROP TABLE booking;--", "ABC-123' OR '1'='1", 'ABC-123; DELETE FROM process']) {
      const res = await c.post('/search-vehicle', { registerNumber, kilometers: 1000 });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['registerNumber']);
    }
    expect((await storedProcess(c.token!)).vehicle).toBeNull();
    const after = await tables();
    // The one change: init-session's process.
    expect(after).toEqual({ ...before, process: before.process! + 1 });
  });

  it('names, make and model with SQL are stored as the text given, and read back as it', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const vehicle = { make: "Volvo'; DROP TABLE booking;--", regNbr: 'SQL-1', model: "' OR '1'='1", classification: { id: 1 } };
    expect((await c.post('/set-vehicle', vehicle)).statusCode).toBe(200);
    const customer = {
      ...CUSTOMER,
      first_name: "Robert'); DROP TABLE booking;--",
      last_name: "' OR 1=1 --",
      address: "'; TRUNCATE booking CASCADE; --",
      post_office: '$$; DELETE FROM booking; $$',
    };
    const before = await tables();
    expect((await c.post('/customer/v2', customer)).statusCode).toBe(200);
    expect(await tables()).toEqual(before);

    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.vehicle).toMatchObject({ make: vehicle.make, model: vehicle.model, register_number: 'SQL-1' });
    expect(booking.customer).toMatchObject(customer);
    const row = await storedProcess(c.token!);
    expect(row.customer).toMatchObject(customer);
    expect(row.vehicle).toMatchObject({ make: vehicle.make, model: vehicle.model });
  });

  it('look-ups with SQL find nothing and change nothing', async () => {
    const before = await tables();
    const c = new ApiClient(t.app);
    const sites = await c.get('/get-organizations-by-site/v2', { site: "Helsinki' OR '1'='1" });
    expect(sites.statusCode).toBe(200);
    expect(json(sites)).toEqual([]);
    expect((await c.get('/get-organizations-by-site/v2', { site: 'Helsinki' })).json().length).toBeGreaterThan(0);

    const login = await t.app.inject({
      method: 'POST',
      url: '/omalaakkonen/api/login/',
      headers: { cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a' },
      payload: { username: "' OR '1'='1' --", password: "' OR '1'='1" },
    });
    expect(login.statusCode).toBe(401);

    const open = await c.post('/open-booking', { bookingKey: "' OR 1=1 --", registerNumber: 'ABC-123' });
    expect(open.statusCode).toBe(400);
    expect(fieldsOf(open)).toEqual(['bookingKey']);

    const media = await c.get('/media', { id: "x' OR '1'='1" });
    expect(media.statusCode).toBe(404);

    const after = await tables();
    // The failed login is counted (per address, per account at the address, per account) to throttle guessing.
    expect(after).toEqual({ ...before, login_throttle: before.login_throttle! + 3 });
  });
});

describe('text and numbers the database cannot store', () => {
  it('NUL or an unpaired surrogate in a stored or looked-up text is refused naming the field, and nothing is stored', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    for (const value of ['a\u0000b', '\ud800', 'x\udfffy']) {
      for (const [path, body, field] of [
        ['/customer/v2', { ...CUSTOMER, first_name: value }, 'first_name'],
        ['/customer/v2', { ...CUSTOMER, post_office: value }, 'post_office'],
        ['/set-vehicle', { make: value, regNbr: 'XYZ-999', model: 'V70', classification: { id: 1 } }, 'make'],
        ['/product-parameter', { parameterCode: 'CONTACT_REQUEST', selectedValue: value }, 'selectedValue'],
        ['/campaign-code/v2', { value }, 'value'],
      ] as const) {
        const res = await c.post(path, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(fieldsOf(res)).toEqual([field]);
      }
      const res = await c.request('PUT', '/set-service-code', { value });
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual(['value']);
      // A query string carries UTF-8: an unpaired surrogate arrives as U+FFFD, NUL as itself.
      const media = await c.get('/media', { id: `car${value}` });
      if (value.includes('\u0000')) expect([media.statusCode, fieldsOf(media)]).toEqual([400, ['id']]);
      else expect(media.statusCode).toBe(404);
    }
    const row = await storedProcess(c.token!);
    expect([row.customer, row.vehicle, row.service_code, row.campaign_code]).toEqual([null, null, null, null]);
    expect(row.product_parameters).toEqual([]);
  });

  it('notes and symptoms still lose such characters instead (requirements §5 strips them from free text)', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    expect((await c.post('/save-notes', { value: 'Soita\u0000 ennen \ud800töitä' })).statusCode).toBe(200);
    expect((await c.post('/symptoms', [{ description: 'Kolina\u0000 \udfffedestä' }])).statusCode).toBe(200);
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.notes).toBe('Soita ennen töitä');
    expect(booking.symptoms).toEqual([{ id: 1, description: 'Kolina edestä' }]);
  });

  it('an id or a tire size past the integer columns is refused naming the field', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    for (const [path, body, field] of [
      ['/active-organization/v2', { organizationId: 2147483648 }, 'organizationId'],
      ['/transfer-organization', { organizationId: 2147483648 }, 'organizationId'],
      ['/financing/get-minimum-price-for-credit', { organizationId: 2147483648 }, 'organizationId'],
      ['/get-organization-info-texts', { organizationIds: [1, 2147483648] }, 'organizationIds.1'],
      ['/search-tires/v2', { suppliers: [1], width: 2147483648, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'NORMAL' }, 'width'],
      ['/search-tires/v2', { suppliers: [-2147483649], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'NORMAL' }, 'suppliers.0'],
    ] as const) {
      const res = await c.post(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(fieldsOf(res)).toEqual([field]);
    }
    const init = await c.post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', organizationId: '2147483648' });
    expect([init.statusCode, fieldsOf(init)]).toEqual([400, ['organizationId']]);
    // The largest id that fits is an office that does not exist, as before.
    const largest = await c.post('/active-organization/v2', { organizationId: 2147483647 });
    expect(largest.statusCode).toBe(400);
  });
});

const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(1)';
const SVG = "<svg/onload=alert('x')>";

describe('script in the text fields of a booking', () => {
  it('is stored as text, read back as text, and escaped in the confirmation e-mail', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    const vehicle = { make: SCRIPT, regNbr: 'XSS-1', model: IMG, classification: { id: 1 } };
    expect((await c.post('/set-vehicle', vehicle)).statusCode).toBe(200);
    expect((await c.post('/set-vehicle-kilometers', { kilometers: 50000 })).statusCode).toBe(200);
    expect((await c.post('/active-organization/v2', { organizationId: 1 })).statusCode).toBe(200);
    const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(await c.get('/services/v2'));
    const product = groups[0]!.suggestions[0]!.product;
    const parameters = { Lisätieto: SCRIPT, [IMG]: JS_URL };
    // A line takes only the parameters its product defines: here the catalogue (this test's
    // copy of the database) defines them, with the script as their choices.
    await t.db
      .insertInto('product_parameter')
      .values(
        Object.entries(parameters).map(([parameter_code, value], sort) => ({
          product_id: product.id,
          parameter_code,
          choice_values: JSON.stringify([{ value, description: value, campaign: false }]),
          sort,
        })),
      )
      .execute();
    const add = await c.post('/add-products-to-cart', {
      items: [{ productId: product.id, provider: product.provider, amount: 1, description: SVG, parameters }],
      stage: 'DEFAULT',
    });
    expect(add.statusCode).toBe(200);
    const reservation = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    const customer = { ...CUSTOMER, first_name: SCRIPT, last_name: IMG, address: `${JS_URL} ${SVG}`, post_office: IMG };
    expect((await c.post('/customer/v2', customer)).statusCode).toBe(200);
    expect((await c.post('/save-notes', { value: `${SCRIPT} ${IMG}` })).statusCode).toBe(200);
    expect((await c.post('/symptoms', [{ description: `${SVG} ${JS_URL}` }])).statusCode).toBe(200);
    expect((await c.post('/product-parameter', { parameterCode: 'CONTACT_REQUEST', selectedValue: SCRIPT })).statusCode).toBe(200);

    // The answer of get-booking/v2 carries the text as given (notes and symptoms lose < and >,
    // as requirements §5 strips them from free text before saving).
    const view = json(await c.get('/get-booking/v2'));
    expect(view.customer).toMatchObject(customer);
    expect(view.vehicle).toMatchObject({ make: SCRIPT, model: IMG });
    expect(view.order_items[0].parameters).toEqual(parameters);
    expect(view.notes).toBe(sanitizeNotes(`${SCRIPT} ${IMG}`).trim());
    expect(view.notes).not.toMatch(/[<>]/);
    expect(view.symptoms).toEqual([{ id: 1, description: sanitizeNotes(`${SVG} ${JS_URL}`).trim() }]);
    expect(view.product_parameters).toEqual([{ parameterCode: 'CONTACT_REQUEST', selectedValue: SCRIPT }]);

    const save = json(await c.post('/save-booking'));
    expect(save.responseCode).toBe('SUCCESS');
    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored.customer).toMatchObject(customer);
    expect(stored.vehicle).toMatchObject({ make: SCRIPT, model: IMG });
    expect((stored.order_items as { parameters: unknown }[])[0]!.parameters).toEqual(parameters);

    const mail = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).executeTakeFirstOrThrow();
    const html = mail.html_body!;
    // Shown, escaped: the greeting, the car, the order item's parameters.
    expect(html).toContain('Hei &lt;script&gt;alert(1)&lt;/script&gt;,');
    expect(html).toContain('XSS-1 &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<li>Lisätieto: &lt;script&gt;alert(1)&lt;/script&gt;</li>');
    expect(html).toContain('<li>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;: javascript:alert(1)</li>');
    // Never a raw tag, attribute or link made of the input.
    expect(html).not.toMatch(/<script|<img|<svg|<iframe/i);
    const openTags = html.match(/<[a-z][^>]*>/gi)!;
    expect(openTags.filter((tag) => /\son\w+=|javascript:|src=/i.test(tag))).toEqual([]);
    // The e-mail's own links only: the booking's page, the office on the map, the office's and the company's phone.
    expect(html).not.toMatch(/href="(?!https?:|tel:\+\d+")/i);
    const hrefs = [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]!);
    expect(html.match(/<a /g)).toHaveLength(hrefs.length);
    expect(hrefs.filter((h) => !/\/oma-varaus\?|^https:\/\/www\.google\.com\/maps\/search\/\?api=1&amp;query=[\w%.-]+$|^tel:\+\d+$/.test(h))).toEqual([]);
    // Only the e-mail's own tags are in it.
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
    const own = ['a', 'body', 'br', 'dd', 'div', 'dl', 'dt', 'h1', 'h2', 'head', 'html', 'li', 'meta', 'ol', 'p', 'strong', 'table', 'td', 'title', 'tr', 'ul'];
    expect([...tags].filter((tag) => !own.includes(tag))).toEqual([]);
    // The plain-text part is text: the customer's own words, as typed.
    expect(mail.text_body).toContain(`Hei ${SCRIPT},`);
    expect(mail.subject).toContain(`XSS-1 ${SCRIPT} ${IMG}`);
  });

  it('a company name is not taken (company_name is null in the API), and nothing is stored', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/customer/v2', { ...CUSTOMER, company_name: SCRIPT });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['company_name']);
    expect((await storedProcess(c.token!)).customer).toBeNull();
  });

  it('script in the e-mail address or the phone number is refused naming the field', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    for (const [field, value] of [
      ['email', `${SCRIPT}@example.com`],
      ['email', `"${IMG}"@example.com`],
      ['phone_number', `040 ${SCRIPT}`],
      ['post_code', '<b>1'],
    ] as const) {
      const res = await c.post('/customer/v2', { ...CUSTOMER, [field]: value });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    expect((await storedProcess(c.token!)).customer).toBeNull();
  });
});
