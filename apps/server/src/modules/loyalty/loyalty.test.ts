import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { sql } from 'kysely';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { loyalty } from '#test/loyalty.ts';
import { LOGIN_LIMITS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const USER = { username: 'testi@example.com', password: 'Salasana123!' };

async function login(ip?: string) {
  const res = await loyalty(t.app, '/login/', USER, { remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  return json<{ token: string }>(res).token;
}

describe('OmaLaakkonen login', () => {
  it('logs in with the demo account and answers a random token', async () => {
    const token = await login();
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await t.db.selectFrom('loyalty_token').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const wrong = await loyalty(t.app, '/login/', { ...USER, password: 'väärä' }, { remoteAddress: '10.0.0.2' });
    const unknown = await loyalty(t.app, '/login/', { username: 'ei@example.com', password: 'x' }, { remoteAddress: '10.0.0.2' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong).message).toBe('Kirjautuminen epäonnistui. Tarkista käyttäjätunnus ja salasana.');
  });

  it('needs both fields', async () => {
    const res = await loyalty(t.app, '/login/', { username: 'testi@example.com' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('password');
  });

  it('stores passwords only as scrypt hashes', async () => {
    const row = await t.db.selectFrom('loyalty_account').select('password_hash').where('username', '=', USER.username).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain(USER.password);
  });

  it('delays failed logins per account and client address, and per client address', async () => {
    const victim = { username: 'lukittu@example.com', password: 'x' };
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.step; i++) {
      expect((await loyalty(t.app, '/login/', victim, { remoteAddress: '10.1.0.1' })).statusCode).toBe(401);
    }
    const refused = await loyalty(t.app, '/login/', victim, { remoteAddress: '10.1.0.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.accountAtAddress.delays[0]);
    // Another address is still compared.
    expect((await loyalty(t.app, '/login/', victim, { remoteAddress: '10.1.1.1' })).statusCode).toBe(401);
  });

  it('rate-limits failed logins per client address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.step; i++) {
      await loyalty(t.app, '/login/', { username: `u${i}@example.com`, password: 'x' }, { remoteAddress: '10.9.9.9' });
    }
    const res = await loyalty(t.app, '/login/', USER, { remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    // Another address still logs in.
    expect((await loyalty(t.app, '/login/', USER, { remoteAddress: '10.9.9.10' })).statusCode).toBe(200);
  });
});

describe('account data', () => {
  it('getUserInfo answers the account for a live token', async () => {
    const token = await login();
    const info = json(await loyalty(t.app, '/getUserInfo/', { token }));
    expect(info).toMatchObject({ token, firstname: 'Testi', lastname: 'Asiakas', email: 'testi@example.com', zip: '00390', city: 'Helsinki' });
    expect(info.brands.length).toBe(2);
  });

  it('refuses an unknown, revoked or expired token', async () => {
    expect((await loyalty(t.app, '/getUserInfo/', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    const token = await login();
    await loyalty(t.app, '/logout/', { token });
    expect((await loyalty(t.app, '/getUserInfo/', { token })).statusCode).toBe(401);
    const other = await login();
    await sql`UPDATE loyalty_token SET expires_at = now() - interval '1 second'`.execute(t.db);
    expect((await loyalty(t.app, '/getActiveCars/', { token: other })).statusCode).toBe(401);
  });

  it('getActiveCars lists the saved cars with pictures', async () => {
    const token = await login();
    const { cars } = json(await loyalty(t.app, '/getActiveCars/', { token }));
    expect(cars.map((c: { license: string }) => c.license)).toEqual(['ABC-123', 'BMW-123']);
    expect(cars[0]).toMatchObject({ brand_name: 'Volkswagen', model_name: 'Golf', car_type_specified: expect.any(String) });
    const image = await t.app.inject({ method: 'GET', url: cars[0].image });
    expect(image.statusCode).toBe(200);
  });

  it('getUserVouchers lists a valid and an expired voucher', async () => {
    const token = await login();
    const { vouchers } = json(await loyalty(t.app, '/getUserVouchers/', { token }));
    const today = todayInHelsinki();
    expect(vouchers).toHaveLength(2);
    const valid = vouchers.filter((v: { validFrom: string; validTo: string }) => v.validFrom <= today && today <= v.validTo);
    expect(valid).toHaveLength(1);
  });

  it('getCarServiceContracts answers the contract of ABC-123 only', async () => {
    const token = await login();
    expect(json(await loyalty(t.app, '/getCarServiceContracts/', { token, license: 'abc-123' })).contracts).toHaveLength(1);
    expect(json(await loyalty(t.app, '/getCarServiceContracts/', { token, license: 'BMW-123' })).contracts).toEqual([]);
    expect((await loyalty(t.app, '/getCarServiceContracts/', { token, license: 'huono' })).statusCode).toBe(400);
  });
});

describe('registration', () => {
  it('registers, e-mails a code, confirms, and then logs in', async () => {
    const body = { username: 'Uusi.Asiakas@example.com', password: 'Pitkä salasana 1', firstname: 'Uusi', lastname: 'Asiakas' };
    const registered = await loyalty(t.app, '/registerUser/', body, { remoteAddress: '10.0.0.1' });
    expect(json(registered)).toEqual({ responseCode: 'SUCCESS' });
    // The registration is confirmed from the browser that made it (its cookie).
    const browser = registered.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    // Not confirmed yet: login fails like a wrong password.
    expect((await loyalty(t.app, '/login/', { username: body.username, password: body.password }, { remoteAddress: '10.2.0.1' })).statusCode).toBe(401);
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('recipient', '=', 'uusi.asiakas@example.com').executeTakeFirstOrThrow();
    const code = /vahvistuskoodisi on (\d{6})/.exec(mail.text_body)![1]!;
    expect((await loyalty(t.app, '/confirmUser/', { username: body.username, code: code === '000000' ? '111111' : '000000' }, { remoteAddress: '10.0.0.1', cookie: browser })).statusCode).toBe(400);
    expect((await loyalty(t.app, '/confirmUser/', { username: body.username, code }, { remoteAddress: '10.0.0.1' })).statusCode).toBe(400);
    expect(json(await loyalty(t.app, '/confirmUser/', { username: body.username, code }, { remoteAddress: '10.0.0.1', cookie: browser }))).toEqual({ responseCode: 'SUCCESS' });
    expect((await loyalty(t.app, '/login/', { username: body.username, password: body.password }, { remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('answers an already registered address the same way, without a second account', async () => {
    const res = await loyalty(t.app, '/registerUser/', { username: USER.username, password: 'Jotain pitkää 123', firstname: 'X', lastname: 'Y' });
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    const accounts = await t.db.selectFrom('loyalty_account').select('id').where('username', '=', USER.username).execute();
    expect(accounts).toHaveLength(1);
    // The old password still works.
    expect((await loyalty(t.app, '/login/', USER, { remoteAddress: '10.3.0.1' })).statusCode).toBe(200);
  });

  it('refuses a short password and a bad e-mail address', async () => {
    const res = await loyalty(t.app, '/registerUser/', { username: 'ei-osoite', password: 'lyhyt', firstname: 'A', lastname: 'B' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['username', 'password']));
  });
});

describe('campaign code and vouchers on a booking', () => {
  it('OMALAAKKONEN needs a login (MEMBERS_ONLY without one); with one it takes 10 % off and applies the valid voucher', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const before = json(await c.get('/get-booking/v2')).price;
    expect(json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN' }))).toEqual({ responseCode: 'MEMBERS_ONLY' });
    expect((await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: 'y'.repeat(43) })).statusCode).toBe(401);

    const token = await login('10.4.0.1');
    const res = json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: token }));
    expect(res).toEqual({ responseCode: 'SUCCESS', percentOff: 10, vouchers: ['ETU-20-HUOLTO'] });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.campaign_code).toBe('OMALAAKKONEN');
    const tenPercent = Math.round(before.active_price / 10);
    expect(booking.discounts).toEqual([
      { code: 'OMALAAKKONEN', description: expect.any(String), amount: tenPercent },
      { code: 'ETU-20-HUOLTO', description: 'Huoltoetu 20 €', amount: 2000 },
    ]);
    expect(booking.price.active_price).toBe(before.active_price - tenPercent - 2000);

    // Saved: the booking carries the code and the voucher, and the voucher is spent.
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', CUSTOMER);
    const save = json(await c.post('/save-booking'));
    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored.campaign_code).toBe('OMALAAKKONEN');
    expect(stored.voucher_ids).toEqual(['ETU-20-HUOLTO']);
    expect(stored.total_cents).toBe(booking.price.active_price);
    const voucher = await t.db.selectFrom('loyalty_voucher').select('used_booking_id').where('id', '=', 'ETU-20-HUOLTO').executeTakeFirstOrThrow();
    expect(voucher.used_booking_id).toBe(stored.id);

    // A spent voucher is not applied again.
    const d = new ApiClient(t.app);
    await prepareMaintenance(d);
    expect(json(await d.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: token })).vouchers).toEqual([]);
  });

  it('applies a voucher only within its validity window, edges included', async () => {
    const token = await login('10.5.0.1');
    const today = todayInHelsinki();
    const account = await t.db.selectFrom('loyalty_account').select('id').where('username', '=', USER.username).executeTakeFirstOrThrow();
    const add = (id: string, from: string, to: string) =>
      t.db.insertInto('loyalty_voucher').values({ id, account_id: account.id, title: id, discount_cents: 500, valid_from: from, valid_to: to }).execute();
    await add('EDGE-FROM-TODAY', today, addDays(today, 5));
    await add('EDGE-TO-TODAY', addDays(today, -5), today);
    await add('EDGE-FUTURE', addDays(today, 1), addDays(today, 5));
    await add('EDGE-PAST', addDays(today, -5), addDays(today, -1));
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const res = json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: token }));
    expect(res.vouchers.sort()).toEqual(['EDGE-FROM-TODAY', 'EDGE-TO-TODAY']);
  });

  it('a blank code removes the code and the vouchers; an unknown code is NOT_FOUND', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.post('/campaign-code/v2', { value: 'EIOLE' }))).toEqual({ responseCode: 'NOT_FOUND' });
    expect(json(await c.post('/campaign-code/v2', { value: 'syksy2026' }))).toEqual({ responseCode: 'SUCCESS', percentOff: expect.any(Number) });
    expect(json(await c.get('/get-booking/v2')).campaign_code).toBe('SYKSY2026');
    await c.post('/campaign-code/v2', { value: null });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.campaign_code).toBeNull();
    expect(booking.discounts).toEqual([]);
  });
});

describe('the LOYALTY module', () => {
  /** A digest of the loyalty tables, the failed-login counts and the mail outbox: "nothing changed" over all their rows. */
  const digest = async () =>
    (
      await sql<{ d: string }>`SELECT md5(
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM loyalty_account t), '') ||
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM loyalty_token t), '') ||
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM loyalty_registration t), '') ||
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM login_throttle t), '') ||
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM sign_in_device t), '') ||
        coalesce((SELECT string_agg(t::text, '|' ORDER BY t::text) FROM email_outbox t), '')) AS d`.execute(t.db)
    ).rows[0]!.d;

  it('is on for the demo company: the settings say so and the API answers', async () => {
    expect(json(await new ApiClient(t.app).get('/settings')).loyalty).toBe(true);
    expect((await loyalty(t.app, '/login/', USER, { remoteAddress: '10.6.0.1' })).statusCode).toBe(200);
  });

  it('turned off, the loyalty API answers 404 to every call and changes nothing, and the members’ code is not taken', async () => {
    const token = await login('10.6.0.2');
    await t.db.insertInto('setting').values({ key: 'modules', value: JSON.stringify({ LOYALTY: false }) }).execute();
    try {
      expect(json(await new ApiClient(t.app).get('/settings')).loyalty).toBe(false);
      const before = await digest();
      const calls: [string, unknown][] = [
        ['/login/', USER],
        ['/logout/', { token }],
        ['/getUserInfo/', { token }],
        ['/getActiveCars/', { token }],
        ['/getUserVouchers/', { token }],
        ['/getCarServiceContracts/', { token, license: 'ABC-123' }],
        ['/registerUser/', { username: 'uusi@example.com', password: 'Salasana123!', firstname: 'Uusi', lastname: 'Asiakas', phone: '0401234567' }],
        ['/confirmUser/', { username: 'uusi@example.com', code: '123456' }],
        ['/login/', {}],
      ];
      for (const [path, body] of calls) {
        const res = await loyalty(t.app, path, body, { remoteAddress: '10.6.0.3' });
        expect(res.statusCode, path).toBe(404);
        expect(json(res).error, path).toBe('NOT_FOUND');
      }
      expect(await digest()).toBe(before);
      const c = new ApiClient(t.app);
      await prepareMaintenance(c);
      expect(json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: token }))).toEqual({ responseCode: 'NOT_FOUND' });
      expect(json(await c.get('/get-booking/v2')).campaign_code).toBeNull();
    } finally {
      await t.db.deleteFrom('setting').where('key', '=', 'modules').execute();
    }
    expect(json(await new ApiClient(t.app).get('/settings')).loyalty).toBe(true);
    expect((await loyalty(t.app, '/getUserInfo/', { token }, { remoteAddress: '10.6.0.4' })).statusCode).toBe(200);
  });
});
