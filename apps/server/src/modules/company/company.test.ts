/**
 * The company's details (GET/PUT /company) and the set-up list (GET /setup) on the demo
 * company: admins change them in one transaction with an audit row, the site's settings follow
 * at once, and a refusal names its field and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_SERVICE_BREAK_MESSAGE, LOYALTY_API_BASE, XSRF_COOKIE, XSRF_HEADER, type CompanyDetailsBody } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

let t: TestApp;
let admin: StaffClient;
let office: StaffClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  office = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t?.close());

const fieldsOf = (res: { body: string }) => ((JSON.parse(res.body) as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);

/** The settings and the audit rows, digested in SQL: equal digests, nothing changed. */
const digest = async () =>
  (
    await sql<{ d: string }>`SELECT md5(
      coalesce((SELECT string_agg(key || '=' || value::text, ';' ORDER BY key) FROM setting), '') || '|' ||
      (SELECT count(*) FROM audit_event)::text) AS d`.execute(t.db)
  ).rows[0]!.d;

const VALID: CompanyDetailsBody = {
  name: 'Korjaamo Virtanen Oy',
  bookingPhone: '09 123 4567',
  frontPageUrl: 'https://virtanen.example/',
  damageInspectionUrl: '',
  phoneBookingUrl: 'https://virtanen.example/yhteystiedot',
  privacyUrl: 'https://virtanen.example/tietosuoja',
  mailSenderName: 'Virtanen ajanvaraus',
  serviceBreak: { start: '2030-06-01T17:00:00', end: '2030-06-02T06:00:00', message: 'Ajanvarauksessa on huoltokatko.' },
  businessId: '7654321-0',
  address: 'Konepajankuja 2, 33100 Tampere',
  email: 'tietosuoja@virtanen.example',
  tagManagerId: 'GTM-ABC1234',
  loyalty: true,
  loyaltyName: 'Virtasen Etu',
};

describe('GET /company', () => {
  it("answers the demo company's details to any signed-in staff member", async () => {
    for (const c of [admin, office]) {
      const res = await c.get('/company');
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual({
        name: 'Laakkonen',
        bookingPhone: '010 525 4000',
        frontPageUrl: 'https://www.laakkonen.fi/',
        damageInspectionUrl: 'https://www.laakkonen.fi/vahinkotarkastus',
        phoneBookingUrl: 'https://www.laakkonen.fi/yhteystiedot',
        privacyUrl: 'https://www.laakkonen.fi/tietosuojaseloste',
        mailSenderName: 'Laakkonen ajanvaraus',
        // A stored break without its text answers the text the customers see, so the answer can be sent back as it is.
        serviceBreak: { start: '2024-11-29T17:00:00', end: '2024-12-02T06:00:00', message: DEFAULT_SERVICE_BREAK_MESSAGE },
        businessId: '1234567-8',
        address: 'Tuupakantie 3, 01740 Vantaa',
        email: 'asiakaspalvelu@laakkonen.example',
        tagManagerId: '',
        // No modules setting: the loyalty programme is on by default.
        loyalty: true,
        loyaltyName: 'OmaLaakkonen',
      });
    }
  });

  it('401 signed out', async () => {
    expect((await new StaffClient(t.app).get('/company')).statusCode).toBe(401);
  });
});

describe('PUT /company', () => {
  it('401 signed out and 403 for an office user; nothing changes', async () => {
    const before = await digest();
    expect((await new StaffClient(t.app).put('/company', VALID)).statusCode).toBe(401);
    const res = await office.put('/company', VALID);
    expect(res.statusCode).toBe(403);
    expect(json(res).error).toBe('FORBIDDEN');
    expect(await digest()).toBe(before);
  });

  it.each<[string, Partial<CompanyDetailsBody> | Record<string, unknown>, string]>([
    ['a missing name', { name: '' }, 'name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'name'],
    ['an address that is not http(s)', { frontPageUrl: 'javascript:alert(1)' }, 'frontPageUrl'],
    ['an address without a scheme', { privacyUrl: 'www.virtanen.example' }, 'privacyUrl'],
    ['a bad phone number', { bookingPhone: 'soita meille' }, 'bookingPhone'],
    ['a sender name with an address in it', { mailSenderName: 'Virtanen <x@evil.example>' }, 'mailSenderName'],
    ['a service break ending before it starts', { serviceBreak: { start: '2030-06-02T06:00:00', end: '2030-06-01T17:00:00', message: 'Katko' } }, 'serviceBreak.end'],
    ['a service break on 30 February', { serviceBreak: { start: '2030-02-30T17:00:00', end: '2030-03-02T06:00:00', message: 'Katko' } }, 'serviceBreak.start'],
    ['a business ID in the wrong form', { businessId: '12345678' }, 'businessId'],
    ['a contact e-mail that is not one', { email: 'tietosuoja(at)virtanen' }, 'email'],
    ['a tag manager id that is not a container', { tagManagerId: 'UA-1234-1' }, 'tagManagerId'],
    ['a loyalty switch that is not true or false', { loyalty: 'kyllä' }, 'loyalty'],
    ['a loyalty programme name over 60 characters', { loyaltyName: 'x'.repeat(61) }, 'loyaltyName'],
    ['a loyalty programme name that is not text', { loyaltyName: 42 }, 'loyaltyName'],
    ['a service break without a message', { serviceBreak: { start: '2030-06-01T17:00:00', end: '2030-06-02T06:00:00', message: '' } }, 'serviceBreak.message'],
  ])('%s → 400 naming the field; nothing changes', async (_label, change, field) => {
    const before = await digest();
    const res = await admin.put('/company', { ...VALID, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldsOf(res)).toContain(field);
    expect(await digest()).toBe(before);
  });

  it('stores the details with an audit row, and the site settings and GET /company answer them at once', async () => {
    const saved = await t.db.selectFrom('setting').selectAll().execute();
    const version = async () => (await t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version;
    const versionBefore = await version();
    try {
      const res = await admin.put('/company', { ...VALID, name: '  Korjaamo Virtanen Oy ' });
      expect(res.statusCode, res.body).toBe(200);
      const expected = { ...VALID };
      expect(json(res)).toEqual(expected);
      expect(json(await office.get('/company'))).toEqual(expected);

      const settings = json(await new ApiClient(t.app).get('/settings'));
      expect(settings).toMatchObject({
        companyName: 'Korjaamo Virtanen Oy',
        bookingPhone: '09 123 4567',
        serviceBreak: VALID.serviceBreak,
        bookingOpen: true,
        tagManagerId: 'GTM-ABC1234',
        loyaltyName: 'Virtasen Etu',
      });
      // An empty address leaves its link out; the links not in the details (instalment billing) stay.
      expect(settings.links).toMatchObject({
        frontPage: 'https://virtanen.example/',
        damageInspection: '',
        phoneBooking: 'https://virtanen.example/yhteystiedot',
        bookingByPhone: 'https://virtanen.example/yhteystiedot',
        privacy: 'https://virtanen.example/tietosuoja',
        instalmentBilling: 'https://www.laakkonen.fi/osamaksu',
      });
      // The setting table's trigger moves the catalogue version: other processes' caches follow.
      expect(BigInt(await version())).toBeGreaterThan(BigInt(versionBefore));

      const [audit] = await listAudit(t.db, 'COMPANY', undefined, 1);
      expect(audit).toMatchObject({ entity: 'COMPANY', entity_id: null, action: 'UPDATED' });
      expect(audit!.staff_user_id).toBeGreaterThan(0);
      expect(audit!.before).toMatchObject({ name: 'Laakkonen', mailSenderName: 'Laakkonen ajanvaraus', loyaltyName: 'OmaLaakkonen' });
      expect(audit!.after).toMatchObject({ name: 'Korjaamo Virtanen Oy', mailSenderName: 'Virtanen ajanvaraus', loyaltyName: 'Virtasen Etu' });

      // No service break: the notice goes.
      expect((await admin.put('/company', { ...VALID, serviceBreak: null })).statusCode).toBe(200);
      expect(json(await new ApiClient(t.app).get('/settings')).serviceBreak).toBeNull();
      expect(json(await admin.get('/company')).serviceBreak).toBeNull();
    } finally {
      await t.db.deleteFrom('setting').execute();
      await t.db.insertInto('setting').values(saved.map((s) => ({ key: s.key, value: JSON.stringify(s.value) }))).execute();
    }
  });
});

describe('PUT /company: the loyalty programme', () => {
  const moduleOn = async () => json(await new ApiClient(t.app).get('/module-setting', { module: 'LOYALTY' }));

  it("off: the customers' module setting and site settings answer off at once, the other modules stay; on again: on", async () => {
    const saved = await t.db.selectFrom('setting').selectAll().execute();
    const version = async () => (await t.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version;
    try {
      await sql`INSERT INTO setting (key, value) VALUES ('modules', '{"TIRE_HOTEL": true}'::jsonb)
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`.execute(t.db);
      expect(await moduleOn()).toEqual({ module: 'LOYALTY', enabled: true });

      const versionBefore = await version();
      const off = await admin.put('/company', { ...VALID, loyalty: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(json(off).loyalty).toBe(false);
      expect(await moduleOn()).toEqual({ module: 'LOYALTY', enabled: false });
      expect(json(await new ApiClient(t.app).get('/settings')).loyalty).toBe(false);
      expect(json(await admin.get('/company')).loyalty).toBe(false);
      const stored = await t.db.selectFrom('setting').select('value').where('key', '=', 'modules').executeTakeFirstOrThrow();
      expect(stored.value).toEqual({ TIRE_HOTEL: true, LOYALTY: false });
      expect(BigInt(await version())).toBeGreaterThan(BigInt(versionBefore));
      const [audit] = await listAudit(t.db, 'COMPANY', undefined, 1);
      expect(audit).toMatchObject({ action: 'UPDATED', before: { loyalty: true }, after: { loyalty: false } });

      // Left out of the body, the switch stays as stored.
      const { loyalty: _left, ...withoutSwitch } = VALID;
      expect((await admin.put('/company', withoutSwitch)).statusCode).toBe(200);
      expect(await moduleOn()).toEqual({ module: 'LOYALTY', enabled: false });

      const on = await admin.put('/company', { ...VALID, loyalty: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(await moduleOn()).toEqual({ module: 'LOYALTY', enabled: true });
      expect(json(await new ApiClient(t.app).get('/settings')).loyalty).toBe(true);
    } finally {
      await t.db.deleteFrom('setting').execute();
      await t.db.insertInto('setting').values(saved.map((s) => ({ key: s.key, value: JSON.stringify(s.value) }))).execute();
    }
  });

  it('an office user cannot switch it: 403 and the module stays on', async () => {
    expect((await office.put('/company', { ...VALID, loyalty: false })).statusCode).toBe(403);
    expect(await moduleOn()).toEqual({ module: 'LOYALTY', enabled: true });
  });
});

describe("PUT /company: the loyalty programme's name", () => {
  const register = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: `${LOYALTY_API_BASE}/registerUser/`,
      headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
      payload: { username, password: 'Pitkä salasana 1', firstname: 'Uusi', lastname: 'Jäsen' },
      remoteAddress: '10.9.0.1',
    });
  const mailTo = (recipient: string) =>
    t.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('recipient', '=', recipient).executeTakeFirstOrThrow();

  it('the demo names its programme: the site settings answer it and the registration e-mail uses it', async () => {
    expect(json(await new ApiClient(t.app).get('/settings')).loyaltyName).toBe('OmaLaakkonen');
    expect((await register('demo.jasen@example.com')).statusCode).toBe(200);
    expect((await mailTo('demo.jasen@example.com')).subject).toBe('Vahvista OmaLaakkonen-tilisi');
  });

  it('set: GET /company, the site settings and the e-mails answer it at once, audited; left out it stays; empty: neutral texts', async () => {
    const saved = await t.db.selectFrom('setting').selectAll().execute();
    try {
      const res = await admin.put('/company', { ...VALID, loyaltyName: '  Virtasen Etu ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).loyaltyName).toBe('Virtasen Etu');
      expect(json(await admin.get('/company')).loyaltyName).toBe('Virtasen Etu');
      expect(json(await new ApiClient(t.app).get('/settings')).loyaltyName).toBe('Virtasen Etu');
      const [audit] = await listAudit(t.db, 'COMPANY', undefined, 1);
      expect(audit).toMatchObject({ action: 'UPDATED', before: { loyaltyName: 'OmaLaakkonen' }, after: { loyaltyName: 'Virtasen Etu' } });
      // A name of two words takes a space before the hyphen.
      expect((await register('virtanen.jasen@example.com')).statusCode).toBe(200);
      const named = await mailTo('virtanen.jasen@example.com');
      expect(named.subject).toBe('Vahvista Virtasen Etu -tilisi');
      expect(named.text_body).not.toContain('Laakkonen');
      // An address with an account is told so with the name too.
      expect((await register('testi@example.com')).statusCode).toBe(200);
      expect((await mailTo('testi@example.com')).text_body).toContain('tällä sähköpostiosoitteella on jo Virtasen Etu -tili.');

      // Left out of the body, the name stays as stored.
      const { loyaltyName: _left, ...withoutName } = VALID;
      expect((await admin.put('/company', withoutName)).statusCode).toBe(200);
      expect(json(await admin.get('/company')).loyaltyName).toBe('Virtasen Etu');

      // No name: the site settings answer '' and the e-mails speak of a kanta-asiakastili.
      expect((await admin.put('/company', { ...VALID, loyaltyName: '' })).statusCode).toBe(200);
      expect(json(await new ApiClient(t.app).get('/settings')).loyaltyName).toBe('');
      await t.db.deleteFrom('email_outbox').where('recipient', '=', 'testi@example.com').execute();
      expect((await register('testi@example.com')).statusCode).toBe(200);
      const neutral = await mailTo('testi@example.com');
      expect(neutral.subject).toBe('Kanta-asiakastili on jo olemassa');
      expect(neutral.text_body).toContain('tällä sähköpostiosoitteella on jo kanta-asiakastili.');
      expect(`${neutral.subject}${neutral.text_body}`).not.toMatch(/Laakkonen|Virtasen Etu/);
    } finally {
      await t.db.deleteFrom('setting').execute();
      await t.db.insertInto('setting').values(saved.map((s) => ({ key: s.key, value: JSON.stringify(s.value) }))).execute();
    }
  });
});

describe('GET then PUT /company', () => {
  it('the details as answered are stored again as they are (the demo break without a text of its own)', async () => {
    const saved = await t.db.selectFrom('setting').selectAll().execute();
    try {
      const answered = json(await admin.get('/company'));
      const res = await admin.put('/company', answered);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toEqual(answered);
    } finally {
      await t.db.deleteFrom('setting').execute();
      await t.db.insertInto('setting').values(saved.map((s) => ({ key: s.key, value: JSON.stringify(s.value) }))).execute();
    }
  });
});

describe('GET /setup', () => {
  it('admins only: 401 signed out, 403 for an office user', async () => {
    expect((await new StaffClient(t.app).get('/setup')).statusCode).toBe(401);
    expect((await office.get('/setup')).statusCode).toBe(403);
  });

  it('the demo company has done every step', async () => {
    const res = await admin.get('/setup');
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      steps: ['company', 'office', 'resources', 'hours', 'services'].map((step) => ({ step, done: true })),
      complete: true,
    });
  });

  it('an active office without an active resource undoes the resources step', async () => {
    const inactive = (await t.db.selectFrom('resource').select('id').where('active', '=', false).execute()).map((r) => r.id);
    await t.db.updateTable('resource').set({ active: false }).where('organization_id', '=', 2).execute();
    try {
      const body = json(await admin.get('/setup'));
      expect(body.steps.find((s: { step: string }) => s.step === 'resources').done).toBe(false);
      expect(body.complete).toBe(false);
    } finally {
      await t.db.updateTable('resource').set({ active: true }).where('organization_id', '=', 2).where('id', 'not in', [0, ...inactive]).execute();
    }
  });
});
