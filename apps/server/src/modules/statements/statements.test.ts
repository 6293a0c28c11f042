import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PERSONAL_DATA_RETENTION_MONTHS, LOYALTY_REGISTRATION_RETENTION_DAYS, NO_COMPANY_EMAIL_MESSAGE } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { loadConfig } from '#src/config.ts';
import { FEEDBACK_SUBJECT, mailHostOf } from './service.ts';

/** The seeded company (apps/server/seed/index.ts). */
const COMPANY_EMAIL = 'asiakaspalvelu@laakkonen.example';

// Configured as the environment gives it: a retention other than the default.
const configured = loadConfig({ PERSONAL_DATA_RETENTION_MONTHS: '36', OUTBOX_BODY_RETENTION_DAYS: '45' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    retention: configured.retention,
    smtpUrl: 'smtps://mailuser:secret@smtp.posti.example:465',
    smsReminders: true,
    feedbackRateLimit: 3,
  });
});
afterAll(async () => {
  await t?.close();
});

let address = 1;
/** A client of its own address, so that each test starts with a fresh feedback count. */
const client = () => new ApiClient(t.app, { remoteAddress: `198.51.100.${address++}` });

const feedbackRows = () =>
  t.db.selectFrom('email_outbox').selectAll().where('kind', '=', 'ACCESSIBILITY_FEEDBACK').orderBy('id').execute();

describe('GET /privacy-notice', () => {
  it('answers the seeded company as the controller and the retention and recipients as configured', async () => {
    expect(configured.retention.personalDataMonths).not.toBe(DEFAULT_PERSONAL_DATA_RETENTION_MONTHS);
    const res = await client().get('/privacy-notice');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(json(res)).toEqual({
      controller: {
        name: 'Laakkonen',
        businessId: '1234567-8',
        address: 'Tuupakantie 3, 01740 Vantaa',
        email: COMPANY_EMAIL,
        phone: '010 525 4000',
      },
      retention: { personalDataMonths: 36, outboxBodyDays: 45, loyaltyRegistrationDays: LOYALTY_REGISTRATION_RETENTION_DAYS },
      // The host only: the SMTP user and password never leave the server.
      recipients: { mailHost: 'smtp.posti.example', sms: true, tagManager: false },
      companyPrivacyUrl: expect.any(String),
      loyalty: expect.any(Boolean),
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers no mail host without SMTP_URL, and the mail host without credentials', () => {
    expect(mailHostOf(undefined)).toBeNull();
    expect(mailHostOf('smtp://u:p@mail.example.fi:587/x')).toBe('mail.example.fi');
  });
});

describe('POST /accessibility-feedback', () => {
  it('queues exactly one e-mail to the company with the message, the page and the reply address', async () => {
    const before = (await feedbackRows()).length;
    const res = await client().post('/accessibility-feedback', {
      message: 'Aikojen painikkeet eivät toimi näppäimistöllä.\nKatso https://evil.example/pay',
      email: 'Maija@Example.com',
      page: '/huolto/aika',
    });
    expect(res.statusCode).toBe(202);
    expect(json(res)).toEqual({});
    const rows = await feedbackRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ recipient: COMPANY_EMAIL, booking_id: null, subject: FEEDBACK_SUBJECT, html_body: null, channel: 'EMAIL' });
    expect(row.text_body).toContain('Aikojen painikkeet eivät toimi näppäimistöllä.\n');
    expect(row.text_body).toContain('Sivu: /huolto/aika');
    // The customer's text never reads as a link: the address is lower-cased and defanged like the office notices'.
    expect(row.text_body).toContain('Vastausosoite: maija@example[.]com');
    expect(row.text_body).toContain('https[:]//evil[.]example/pay');
    expect(row.text_body).not.toContain('https://');
  });

  it('sends without the optional fields', async () => {
    const before = (await feedbackRows()).length;
    expect((await client().post('/accessibility-feedback', { message: 'Kontrasti on heikko.' })).statusCode).toBe(202);
    const rows = await feedbackRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.text_body).toContain('Vastausosoite: (ei annettu)');
  });

  it.each([
    ['message', {}],
    ['message', { message: '   ' }],
    ['message', { message: 'x'.repeat(2001) }],
    ['email', { message: 'Hei', email: 'ei-osoite' }],
    ['page', { message: 'Hei', page: 'https://evil.example/' }],
  ])('400 naming %s changes nothing', async (field, body) => {
    const before = (await feedbackRows()).length;
    const res = await client().post('/accessibility-feedback', body);
    expect(res.statusCode).toBe(400);
    expect((json(res).fields as { path: string }[]).map((f) => f.path)).toContain(field);
    expect(await feedbackRows()).toHaveLength(before);
  });

  it('refuses a call without the XSRF header and queues nothing', async () => {
    const before = (await feedbackRows()).length;
    const res = await t.app.inject({ method: 'POST', url: '/ServiceBooking/rest/accessibility-feedback', payload: { message: 'Hei' } });
    expect(res.statusCode).toBe(403);
    expect(await feedbackRows()).toHaveLength(before);
  });

  it('answers 429 after FEEDBACK_RATE_LIMIT messages an hour from one address', async () => {
    const c = client();
    const before = (await feedbackRows()).length;
    for (let i = 0; i < 3; i++) expect((await c.post('/accessibility-feedback', { message: `Palaute ${i}` })).statusCode).toBe(202);
    const refused = await c.post('/accessibility-feedback', { message: 'Neljäs' });
    expect(refused.statusCode).toBe(429);
    expect(await feedbackRows()).toHaveLength(before + 3);
    // Another address is counted on its own.
    expect((await client().post('/accessibility-feedback', { message: 'Toinen osoite' })).statusCode).toBe(202);
  });
});

describe('POST /accessibility-feedback without a company e-mail', () => {
  let u: TestApp;
  beforeAll(async () => {
    u = await createTestApp();
    await u.db
      .updateTable('setting')
      .set({ value: JSON.stringify({ businessId: '1234567-8', address: 'Tuupakantie 3, 01740 Vantaa', email: '' }) })
      .where('key', '=', 'companyContact')
      .execute();
  });
  afterAll(async () => {
    await u?.close();
  });

  it('answers 409 with the message and queues nothing', async () => {
    const res = await new ApiClient(u.app).post('/accessibility-feedback', { message: 'Hei' });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(NO_COMPANY_EMAIL_MESSAGE);
    expect(await u.db.selectFrom('email_outbox').select('id').where('kind', '=', 'ACCESSIBILITY_FEEDBACK').execute()).toHaveLength(0);
    // The notice still answers, with no e-mail for the controller.
    expect(json(await new ApiClient(u.app).get('/privacy-notice')).controller.email).toBe('');
  });
});
