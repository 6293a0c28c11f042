import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, isValidReference } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { loadConfig } from '#src/config.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);

/** A session in `processType` that has searched `plate`. */
async function withVehicle(plate: string, processType: 'MAINTENANCE' | 'TIRE_CHANGE' = 'MAINTENANCE', app = t.app) {
  const c = new ApiClient(app);
  await c.init(processType);
  const res = json(await c.post('/search-vehicle', { registerNumber: plate, kilometers: 45600 }));
  expect(res.responseCode).toBe('SUCCESS');
  return c;
}

describe('redirect-settings', () => {
  it.each([
    ['BMW-123', 'https://bmw.example/huoltovaraus', 'BMW-huollot varataan BMW:n omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…'],
    ['MIN-123', 'https://mini.example/huoltovaraus', 'MINI-huollot varataan MINIn omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…'],
    ['KIA-123', 'https://kia.example/huoltovaraus', 'Kia-huollot varataan Kian omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…'],
    ['MIT-123', 'https://mitsubishi.example/huoltovaraus', 'Mitsubishi-huollot varataan Mitsubishin omassa ajanvarauksessa. Siirrymme sinne 5 sekunnin kuluttua…'],
  ])('%s books maintenance at %s', async (plate, redirectUrl, redirectMessage) => {
    const c = await withVehicle(plate);
    expect(json(await c.get('/redirect-settings'))).toEqual({ redirectUrl, redirectMessage, redirectDelay: 5 });
  });

  it('is null for a make that books here, before a vehicle, and outside maintenance', async () => {
    expect(json(await (await withVehicle('ABC-123')).get('/redirect-settings'))).toBeNull();
    const none = new ApiClient(t.app);
    await none.init();
    const res = await none.get('/redirect-settings');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    // BMW tires are changed here.
    expect(json(await (await withVehicle('BMW-123', 'TIRE_CHANGE')).get('/redirect-settings'))).toBeNull();
  });

  it('follows a make typed in for an unknown car', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    await c.post('/set-vehicle', { make: 'mini', regNbr: 'ZZZ-999', model: 'Clubman', classification: { id: 1 } });
    expect(json(await c.get('/redirect-settings')).redirectUrl).toBe('https://mini.example/huoltovaraus');
  });

  it('needs a session (412)', async () => {
    expect((await new ApiClient(t.app).get('/redirect-settings')).statusCode).toBe(412);
  });

  it('REDIRECT_URL_<MAKE> overrides the stored address', async () => {
    const other = await createTestApp({ redirectUrls: { KIA: 'https://varaus.kia.example/fi' } });
    try {
      expect(json(await (await withVehicle('KIA-123', 'MAINTENANCE', other.app)).get('/redirect-settings')).redirectUrl).toBe('https://varaus.kia.example/fi');
      expect(json(await (await withVehicle('BMW-123', 'MAINTENANCE', other.app)).get('/redirect-settings')).redirectUrl).toBe('https://bmw.example/huoltovaraus');
    } finally {
      await other.close();
    }
  });

  it('reads REDIRECT_URL_* from the environment, and refuses a non-http address', () => {
    const config = loadConfig({ REDIRECT_URL_BMW: 'https://bmw.example/fi/varaa', REDIRECT_URL_MINI: '' });
    expect(config.redirectUrls).toEqual({ BMW: 'https://bmw.example/fi/varaa' });
    expect(() => loadConfig({ REDIRECT_URL_MITSUBISHI: 'ftp://mitsubishi.example' })).toThrow(/REDIRECT_URL_MITSUBISHI/);
  });
});

describe('financing', () => {
  it('get-minimum-price-for-credit answers 2 000 € in cents, without a session', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.post('/financing/get-minimum-price-for-credit', { organizationId: 1 }))).toEqual({ minimumPrice: 200000 });
  });

  it('get-minimum-price-for-credit follows the setting', async () => {
    await t.db.updateTable('setting').set({ value: JSON.stringify(300000) }).where('key', '=', 'minimumPriceForCredit').execute();
    try {
      expect(json(await new ApiClient(t.app).post('/financing/get-minimum-price-for-credit', { organizationId: 1 }))).toEqual({ minimumPrice: 300000 });
    } finally {
      await t.db.updateTable('setting').set({ value: JSON.stringify(200000) }).where('key', '=', 'minimumPriceForCredit').execute();
    }
  });

  it.each([
    ['an unknown office', { organizationId: 99999 }],
    ['no office', {}],
    ['a text', { organizationId: 'yksi' }],
  ])('get-minimum-price-for-credit with %s → 400 naming organizationId', async (_label, body) => {
    const res = await new ApiClient(t.app).post('/financing/get-minimum-price-for-credit', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['organizationId']);
  });

  it('get-credit-amount: the monthly payment of the domain rule, months and total', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.post('/financing/get-credit-amount', { price: 500000, years: 1 }))).toEqual({ years: 1, monthlyPayment: 450, months: 12, totalEuros: 5400 });
    expect(json(await c.post('/financing/get-credit-amount', { price: 500000, years: 6 }))).toEqual({ years: 6, monthlyPayment: 85, months: 72, totalEuros: 6120 });
    // The 50-euro floor.
    expect(json(await c.post('/financing/get-credit-amount', { price: 200000, years: 6 })).monthlyPayment).toBe(50);
  });

  it.each([
    [{ price: -1, years: 2 }, 'price'],
    [{ price: 1999.5, years: 2 }, 'price'],
    [{ years: 2 }, 'price'],
    [{ price: 300000, years: 7 }, 'years'],
    [{ price: 300000, years: 0 }, 'years'],
    [{ price: 300000 }, 'years'],
  ])('get-credit-amount %j → 400 naming %s', async (body, field) => {
    const res = await new ApiClient(t.app).post('/financing/get-credit-amount', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('billing-reference: the same valid reference for a booking each time, a fresh one without a key', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', CUSTOMER);
    const { bookingKey } = json(await c.post('/save-booking'));
    const anon = new ApiClient(t.app);
    const first = json(await anon.post('/billing-reference', { bookingKey, registerNumber: 'ABC-123' })).reference;
    expect(isValidReference(first)).toBe(true);
    expect(first).toMatch(/^1\d{8,}$/);
    expect(json(await anon.post('/billing-reference', { bookingKey: bookingKey.toLowerCase(), registerNumber: 'abc-123' })).reference).toBe(first);
    const random = json(await anon.post('/billing-reference', {})).reference;
    expect(isValidReference(random)).toBe(true);
    expect(random).not.toBe(first);
  });

  it.each([
    ['an unknown key', { bookingKey: 'QQQQQQQQQQQQ', registerNumber: 'ABC-123' }],
    ['a malformed key', { bookingKey: 'ei kelpaa!', registerNumber: 'ABC-123' }],
  ])('billing-reference with %s → 400 naming bookingKey', async (_label, body) => {
    const res = await new ApiClient(t.app).post('/billing-reference', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['bookingKey']);
  });

  it('booking-settings/organization: office settings for a process type, without a session', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/booking-settings/organization', { organizationId: '1', processType: 'MAINTENANCE' }))).toEqual({
      organizationId: 1,
      processType: 'MAINTENANCE',
      timeSelectionType: 'EXACT_TIME',
      showStaticLoanCalculator: true,
      leadOnly: false,
      customerSelectsResource: true,
    });
    expect(json(await c.get('/booking-settings/organization', { organizationId: '10', processType: 'TIRE_CHANGE' }))).toMatchObject({
      organizationId: 10,
      showStaticLoanCalculator: false,
      leadOnly: true,
    });
  });

  it.each([
    [{ organizationId: '99999', processType: 'MAINTENANCE' }, 'organizationId'],
    [{ organizationId: 'x', processType: 'MAINTENANCE' }, 'organizationId'],
    [{ processType: 'MAINTENANCE' }, 'organizationId'],
    [{ organizationId: '1', processType: 'LAUNDRY' }, 'processType'],
  ])('booking-settings/organization %j → 400 naming %s', async (query, field) => {
    const res = await new ApiClient(t.app).get('/booking-settings/organization', query);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });
});

describe('settings', () => {
  it('active-processes and enabled-processes-generic-online: every known type, the four public ones enabled', async () => {
    const c = new ApiClient(t.app);
    for (const path of ['/active-processes', '/enabled-processes-generic-online']) {
      const res = await c.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const list = json<{ processType: string; enabled: boolean; public: boolean }[]>(res);
      expect(list.filter((p) => p.public).map((p) => p.processType)).toEqual(['MAINTENANCE', 'TIRE_CHANGE', 'TIRE_SALES', 'WINDSHIELD']);
      expect(list.filter((p) => p.public).every((p) => p.enabled)).toBe(true);
      expect(list.filter((p) => !p.public).map((p) => p.processType)).toEqual([
        'DAMAGE_INSPECTION',
        'PRE_INSPECTION_CHECK',
        'ANNUAL_INSPECTION',
        'HOUR_SERVICE',
        'CANCEL_FORM',
        'CAR_WASH',
      ]);
    }
  });

  it('get-generic-online-settings has the links of the landing page', async () => {
    const body = json(await new ApiClient(t.app).get('/get-generic-online-settings'));
    expect(body.links).toMatchObject({
      damageInspection: expect.stringMatching(/^https:\/\//),
      phoneBooking: expect.stringMatching(/^https:\/\//),
      frontPage: expect.stringMatching(/^https:\/\//),
      instalmentBilling: expect.stringMatching(/^https:\/\//),
      privacy: expect.stringMatching(/^https:\/\//),
    });
    expect(body.links.bookingByPhone).toBe(body.links.phoneBooking);
  });

  it('settings carry the booking line for the landing page, from the bookingPhone setting', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/settings')).bookingPhone).toBe('010 525 4000');
    await t.db.updateTable('setting').set({ value: JSON.stringify('09 123 4567') }).where('key', '=', 'bookingPhone').execute();
    try {
      expect(json(await c.get('/settings')).bookingPhone).toBe('09 123 4567');
      expect(json(await c.get('/get-generic-online-settings')).bookingPhone).toBe('09 123 4567');
    } finally {
      await t.db.updateTable('setting').set({ value: JSON.stringify('010 525 4000') }).where('key', '=', 'bookingPhone').execute();
    }
  });

  it("settings carry the company's name and whether the site takes bookings", async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/settings'))).toMatchObject({ companyName: 'Laakkonen', bookingOpen: true, loyalty: true });
    // No office offers a public process with an active resource: not open.
    const office1 = await t.db.selectFrom('organization').select(['maintenance', 'tire_change', 'tire_sales', 'windshield']).where('id', '=', 1).executeTakeFirstOrThrow();
    const inactive = (await t.db.selectFrom('resource').select('id').where('active', '=', false).execute()).map((r) => r.id);
    await t.db.updateTable('resource').set({ active: false }).execute();
    try {
      expect(json(await c.get('/settings')).bookingOpen).toBe(false);
      await t.db.updateTable('resource').set({ active: true }).where('id', '=', 1).execute();
      expect(json(await c.get('/settings')).bookingOpen).toBe(true);
      await t.db.updateTable('organization').set({ maintenance: false, tire_change: false, tire_sales: false, windshield: false }).where('id', '=', 1).execute();
      expect(json(await c.get('/settings')).bookingOpen).toBe(false);
    } finally {
      await t.db.updateTable('organization').set(office1).where('id', '=', 1).execute();
      await t.db.updateTable('resource').set({ active: true }).where('id', 'not in', [0, ...inactive]).execute();
    }
    expect(json(await c.get('/get-generic-online-settings'))).toMatchObject({ companyName: 'Laakkonen', bookingOpen: true });
  });

  it('servicelane-settings: off by default, on with the setting', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/servicelane-settings'))).toEqual({ enabled: false, organizationIds: [], message: null });
    await t.db
      .updateTable('setting')
      .set({ value: JSON.stringify({ enabled: true, organizationIds: [1], message: 'Aja suoraan huoltokaistalle.' }) })
      .where('key', '=', 'servicelane')
      .execute();
    try {
      expect(json(await c.get('/servicelane-settings'))).toEqual({ enabled: true, organizationIds: [1], message: 'Aja suoraan huoltokaistalle.' });
    } finally {
      await t.db.updateTable('setting').set({ value: JSON.stringify({ enabled: false, organizationIds: [], message: null }) }).where('key', '=', 'servicelane').execute();
    }
  });

  it('module-setting: defaults, unknown modules off, the setting overrides', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/module-setting', { module: 'LOAN_CALCULATOR' }))).toEqual({ module: 'LOAN_CALCULATOR', enabled: true });
    expect(json(await c.get('/module-setting', { module: 'TIRE_HOTEL' }))).toEqual({ module: 'TIRE_HOTEL', enabled: false });
    expect(json(await c.get('/module-setting', { module: 'SOMETHING_ELSE' }))).toEqual({ module: 'SOMETHING_ELSE', enabled: false });
    await t.db.insertInto('setting').values({ key: 'modules', value: JSON.stringify({ TIRE_HOTEL: true }) }).execute();
    try {
      expect(json(await c.get('/module-setting', { module: 'TIRE_HOTEL' })).enabled).toBe(true);
    } finally {
      await t.db.deleteFrom('setting').where('key', '=', 'modules').execute();
    }
  });

  it.each([[{}], [{ module: '' }], [{ module: 'a b' }]])('module-setting %j → 400 naming module', async (query) => {
    const res = await new ApiClient(t.app).get('/module-setting', query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(['module']);
  });

  it('the session-free settings calls answer with an unknown token too', async () => {
    const c = new ApiClient(t.app);
    c.token = 'x'.repeat(43);
    for (const path of ['/servicelane-settings', '/active-processes', '/get-generic-online-settings']) {
      expect((await c.get(path)).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/module-setting?module=LOYALTY` });
    expect(json(res)).toEqual({ module: 'LOYALTY', enabled: true });
  });
});
