/**
 * DEMO_DATA=off: a new database is migrated and gets only the data of no company (the vehicle
 * makes and models), is marked as started empty, and no later start pours the demo company
 * over it. The site then says it takes no bookings yet and names no company.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOYALTY_API_BASE, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { Mailer } from './modules/mail/outbox.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { DATA_ORIGIN_EMPTY_START, DATA_ORIGIN_SETTING, prepareDatabase } from './db/seed-if-empty.ts';
import { ApiClient, json } from '#test/helpers.ts';
import { signedInStaff } from '#test/staff.ts';

let handle: DatabaseHandle;
let dataDir: string;
beforeAll(async () => {
  handle = await openDatabase({});
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-empty-'));
}, 60_000);
afterAll(async () => {
  await handle?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const count = async (table: string) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(handle.db)).rows[0]!.n;
// The windshield form's products, inactive at 0 €, are the only products (windshield-start.test.ts).
const COMPANY_TABLES = ['organization', 'resource', 'staff_user', 'booking', 'vehicle', 'redirect_setting', 'offer'];

async function startApp() {
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' }), webDist: undefined, reminderIntervalMs: 0 };
  const mailer = new Mailer(handle.db, { from: config.mailFrom, outboxDir: join(dataDir, 'outbox') });
  const app = await buildApp({ config, database: handle, mailer, logger: false });
  await app.ready();
  return app;
}

describe('DEMO_DATA', () => {
  it("is 'on' by default, 'off' on request, and anything else stops the start naming it", () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
    expect(() => loadConfig({ DEMO_DATA: 'no' })).toThrow(/DEMO_DATA: must be 'on' or 'off'/);
  });
});

describe('an empty start (DEMO_DATA=off)', () => {
  it('migrates, loads the makes and models, seeds nothing of a company and records the empty start', async () => {
    const result = await prepareDatabase(handle, {}, { demoData: false });
    expect(result.migrations.length).toBeGreaterThan(0);
    expect(result).toMatchObject({ seeded: null, startedEmpty: true });
    for (const table of COMPANY_TABLES) expect(await count(table), table).toBe(0);
    expect(await handle.db.selectFrom('product').select('id').where('active', '=', true).execute()).toEqual([]);
    expect(await count('vehicle_make')).toBeGreaterThan(20);
    expect(await count('vehicle_model')).toBeGreaterThan(100);
    const settings = await handle.db.selectFrom('setting').select(['key', 'value']).execute();
    expect(settings).toEqual(
      expect.arrayContaining([
        { key: DATA_ORIGIN_SETTING, value: DATA_ORIGIN_EMPTY_START },
        { key: 'modules', value: { LOYALTY: false } },
      ]),
    );
    expect(settings).toHaveLength(2);
  }, 120_000);

  it('the site names no company, no links nor booking line, and takes no bookings yet; the makes can be chosen', async () => {
    const app = await startApp();
    try {
      const c = new ApiClient(app);
      const settings = json(await c.get('/settings'));
      expect(settings).toMatchObject({ companyName: '', bookingPhone: '', bookingOpen: false, serviceBreak: null, loyalty: false });
      expect(Object.values(settings.links).every((v) => v === '')).toBe(true);
      await c.init();
      const makes = json(await c.get('/vehicle-makes'));
      expect(Array.isArray(makes) ? makes.length : 0).toBeGreaterThan(20);
    } finally {
      await app.close();
    }
  });

  it('has no loyalty programme: its API answers 404 to a login and a registration, and nothing is stored or mailed', async () => {
    const app = await startApp();
    try {
      const c = new ApiClient(app);
      expect(json(await c.get('/module-setting', { module: 'LOYALTY' }))).toEqual({ module: 'LOYALTY', enabled: false });
      const call = (path: string, payload: object) =>
        app.inject({ method: 'POST', url: `${LOYALTY_API_BASE}${path}`, headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' }, payload });
      const login = await call('/login/', { username: 'testi@example.com', password: 'Salasana123!' });
      expect(login.statusCode).toBe(404);
      expect(json(login).error).toBe('NOT_FOUND');
      expect(login.headers['set-cookie']).toBeUndefined();
      const register = await call('/registerUser/', { username: 'uusi@example.com', password: 'Salasana123!', firstname: 'Uusi', lastname: 'Asiakas', phone: '' });
      expect(register.statusCode).toBe(404);
      for (const table of ['loyalty_account', 'loyalty_registration', 'login_throttle', 'sign_in_device', 'email_outbox']) expect(await count(table), table).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('a later start with the default DEMO_DATA=on does not seed the demo over it, also while it has no office', async () => {
    const again = await prepareDatabase(handle, {}, { demoData: true });
    expect(again).toEqual({ migrations: [], seeded: null, startedEmpty: false });
    for (const table of COMPANY_TABLES) expect(await count(table), table).toBe(0);
  });

  it('the set-up list starts with nothing done, and the company step is done once its details are given', async () => {
    const app = await startApp();
    try {
      const { client: admin } = await signedInStaff(app, handle.db, { role: 'ADMIN' });
      expect(json(await admin.get('/setup'))).toEqual({
        steps: ['company', 'office', 'resources', 'hours', 'services'].map((step) => ({ step, done: false })),
        complete: false,
      });
      expect(json(await admin.get('/company'))).toEqual({
        name: '',
        bookingPhone: '',
        frontPageUrl: '',
        damageInspectionUrl: '',
        phoneBookingUrl: '',
        privacyUrl: '',
        mailSenderName: '',
        serviceBreak: null,
        businessId: '',
        address: '',
        email: '',
        tagManagerId: '',
        loyalty: false,
        // No programme name: the customers' pages and the members' e-mails use neutral words.
        loyaltyName: '',
      });
      const put = await admin.put('/company', {
        name: 'Korjaamo Virtanen',
        bookingPhone: '',
        frontPageUrl: '',
        damageInspectionUrl: '',
        phoneBookingUrl: '',
        privacyUrl: '',
        mailSenderName: 'Korjaamo Virtanen',
        serviceBreak: null,
      });
      expect(put.statusCode, put.body).toBe(200);
      const steps = json(await admin.get('/setup')).steps as { step: string; done: boolean }[];
      expect(steps.filter((s) => s.done).map((s) => s.step)).toEqual(['company']);
      expect(json(await new ApiClient(app).get('/settings'))).toMatchObject({ companyName: 'Korjaamo Virtanen', bookingOpen: false, loyalty: false, loyaltyName: '' });
      // The loyalty programme, stored off by the empty start, is turned on from the company's details.
      const on = await admin.put('/company', { ...json<Record<string, unknown>>(await admin.get('/company')), loyalty: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(json(await new ApiClient(app).get('/module-setting', { module: 'LOYALTY' }))).toEqual({ module: 'LOYALTY', enabled: true });
      expect(json(await new ApiClient(app).get('/settings')).loyalty).toBe(true);
      // Still no demo after a default start.
      expect((await prepareDatabase(handle, {}, { demoData: true })).seeded).toBeNull();
      expect(await count('organization')).toBe(0);
    } finally {
      await app.close();
    }
  });
});
