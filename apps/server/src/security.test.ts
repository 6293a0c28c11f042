import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, LOYALTY_API_BASE, PROCESS_TOKEN_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type LogLine, type TestApp } from '../test/helpers.ts';
import { loyalty } from '../test/loyalty.ts';
import { BODY_LIMIT_BYTES } from './app.ts';
import { loadConfig } from './config.ts';
import { serializeError } from './plugins/logging.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ vehicleSearchRateLimit: 5, loginRateLimit: 3, registrationRateLimit: 2, saveBookingRateLimit: 3 });
});
afterAll(async () => {
  await t?.close();
});

describe('security basics', () => {
  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sets an XSRF-TOKEN cookie and refuses a state change without the matching header', async () => {
    const first = await t.app.inject({ method: 'GET', url: `${API_BASE}/settings` });
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/XSRF-TOKEN=[\w-]+/);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    const url = `${API_BASE}/init-session?usedProcessType=MAINTENANCE`;
    const noHeader = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc' } });
    expect(noHeader.statusCode).toBe(403);
    expect(json(noHeader).error).toBe('XSRF');
    const wrong = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abd' } });
    expect(wrong.statusCode).toBe(403);
    const noCookie = await t.app.inject({ method: 'POST', url, headers: { 'x-xsrf-token': 'abc' } });
    expect(noCookie.statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url, headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' } });
    expect(ok.statusCode).toBe(200);
    const processes = await t.db.selectFrom('process').select('token').execute();
    expect(processes).toHaveLength(1);
  });

  it('rate-limits search-vehicle per client', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 1 })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.slice(5)).toEqual([429, 429]);
    const limited = await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 1 });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).error).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('does not let a client choose its own address with X-Forwarded-For (TRUST_PROXY unset)', async () => {
    const c = new ApiClient(t.app, { remoteAddress: '198.51.100.7' });
    await c.init();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/search-vehicle`,
        remoteAddress: '198.51.100.7',
        headers: {
          cookie: 'XSRF-TOKEN=abc',
          'x-xsrf-token': 'abc',
          [PROCESS_TOKEN_HEADER]: c.token!,
          'content-type': 'application/json',
          'x-forwarded-for': `203.0.113.${i}`,
        },
        payload: { registerNumber: 'ABC-123', kilometers: 1 },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts the proxy-given address when TRUST_PROXY names the proxy', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a body over the limit with 413', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/save-notes', { value: 'x'.repeat(BODY_LIMIT_BYTES + 10) });
    expect(res.statusCode).toBe(413);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/save-notes`,
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=a', 'x-xsrf-token': 'a', 'x-process-token': c.token! },
      payload: '{"value": ',
    });
    expect(res.statusCode).toBe(400);
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/no-such-call` });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('NOT_FOUND');
  });

  it('a failure inside a handler is a 500 that leaks nothing', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    // Corrupt the stored cart so that reading it fails inside the service.
    await t.db.updateTable('process').set({ cart: JSON.stringify({ not: 'an array' }) }).where('token', '=', c.token!).execute();
    const res = await c.get('/get-booking/v2');
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ error: 'INTERNAL', message: 'Toiminnon suorittaminen epäonnistui.' });
  });
});

/** 429 with a Retry-After of at most the one-minute window. */
function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/** The seeded OmaLaakkonen demo account. */
const LOYALTY_USER = { username: 'testi@example.com', password: 'Salasana123!' };

describe('rate limits (429 with Retry-After)', () => {
  it('limits OmaLaakkonen logins per client address, correct passwords included', async () => {
    for (let i = 0; i < 3; i++) expect((await loyalty(t.app, '/login/', LOYALTY_USER, { remoteAddress: '10.20.0.1' })).statusCode).toBe(200);
    expectRateLimited(await loyalty(t.app, '/login/', LOYALTY_USER, { remoteAddress: '10.20.0.1' }));
    // Another address is not affected.
    expect((await loyalty(t.app, '/login/', LOYALTY_USER, { remoteAddress: '10.20.0.2' })).statusCode).toBe(200);
  });

  it('limits OmaLaakkonen registrations and confirmations per client address', async () => {
    const registration = (n: number) => ({ username: `uusi${n}@example.com`, password: 'Salasana123!', firstname: 'Uusi', lastname: 'Asiakas' });
    for (let i = 0; i < 2; i++) expect((await loyalty(t.app, '/registerUser/', registration(i), { remoteAddress: '10.21.0.1' })).statusCode).toBe(200);
    expectRateLimited(await loyalty(t.app, '/registerUser/', registration(9), { remoteAddress: '10.21.0.1' }));
    for (let i = 0; i < 2; i++) expect((await loyalty(t.app, '/confirmUser/', { username: 'uusi0@example.com', code: '000000' }, { remoteAddress: '10.21.0.2' })).statusCode).toBe(400);
    expectRateLimited(await loyalty(t.app, '/confirmUser/', { username: 'uusi0@example.com', code: '000000' }, { remoteAddress: '10.21.0.2' }));
  });

  it('limits save-booking per client address', async () => {
    const c = new ApiClient(t.app, { remoteAddress: '10.22.0.1' });
    await c.init();
    // An incomplete booking answers INVALID, but each call counts.
    for (let i = 0; i < 3; i++) expect((await c.post('/save-booking')).statusCode).toBe(200);
    expectRateLimited(await c.post('/save-booking'));
    const other = new ApiClient(t.app, { remoteAddress: '10.22.0.2' });
    await other.init();
    expect((await other.post('/save-booking')).statusCode).toBe(200);
  });
});

/**
 * Every route of the app as `METHOD /full/path`, read from Fastify's route tree
 * (`printRoutes({ commonPrefix: false })`: one node a line, children indented by four).
 */
function registeredRoutes(tree: string) {
  const routes: { method: string; url: string }[] = [];
  const path: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    path.length = m[1]!.length / 4;
    path.push(m[2]!);
    for (const method of m[3]?.split(', ') ?? []) routes.push({ method, url: path.join('') });
  }
  return routes;
}

describe('XSRF on every state-changing call', () => {
  it('every POST, PUT, PATCH and DELETE route answers 403 without a matching x-xsrf-token header', async () => {
    const unsafe = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    // Trailing slashes are ignored by the router, which lists '/login/' as '/login'.
    const names = unsafe.map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`);
    // The tree was read: both APIs' state-changing calls are there.
    expect(unsafe.length).toBeGreaterThan(40);
    expect(names).toContain(`POST ${API_BASE}/save-booking`);
    expect(names).toContain(`POST ${API_BASE}/init-session`);
    expect(names).toContain(`POST ${LOYALTY_API_BASE}/login`);
    expect(names).toContain(`POST ${LOYALTY_API_BASE}/registerUser`);

    const c = new ApiClient(t.app);
    await c.init();
    const accepted: string[] = [];
    for (const route of unsafe) {
      const url = route.url.replace(/:\w+/g, 'x').replace(/\*/g, 'x');
      for (const headers of [
        { cookie: `${XSRF_COOKIE}=abc` },
        { cookie: `${XSRF_COOKIE}=abc`, [XSRF_HEADER]: 'abd' },
        { [XSRF_HEADER]: 'abc' },
      ]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { ...headers, [PROCESS_TOKEN_HEADER]: c.token! },
          payload: {},
        });
        if (res.statusCode !== 403 || json(res).error !== 'XSRF') accepted.push(`${route.method} ${url} ${JSON.stringify(headers)} → ${res.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});

describe('one booking process cannot reach another', () => {
  const OTHER = { ...CUSTOMER, first_name: 'Maija', last_name: 'Virtanen', email: 'maija.virtanen@example.com', phone_number: '050 765 4321' };

  it("A's token reads and changes only A's booking; B's stays B's", async () => {
    const a = new ApiClient(t.app, { remoteAddress: '10.40.0.1' });
    const b = new ApiClient(t.app, { remoteAddress: '10.40.0.2' });
    await prepareMaintenance(a, { registerNumber: 'ABC-123' });
    await prepareMaintenance(b, { registerNumber: 'TOY-123' });
    expect(a.token).not.toBe(b.token);
    // 256 random bits: nothing to guess or count up to.
    expect(a.token).toMatch(/^[\w-]{43}$/);
    await a.post('/customer/v2', CUSTOMER);
    await b.post('/customer/v2', OTHER);
    await b.post('/save-notes', { value: 'B:n muistiinpano' });

    const seenByA = await a.get('/get-booking/v2');
    expect(json(seenByA).vehicle.register_number).toBe('ABC-123');
    expect(json(seenByA).customer.email).toBe(CUSTOMER.email);
    for (const secret of ['TOY-123', OTHER.email, OTHER.last_name, OTHER.phone_number, 'B:n muistiinpano', b.token!]) {
      expect(seenByA.body).not.toContain(secret);
    }

    // A changes everything it can; B's booking does not move.
    await a.post('/customer/v2', { ...CUSTOMER, first_name: 'Muutettu' });
    await a.post('/save-notes', { value: 'A:n muistiinpano' });
    await a.post('/reserve-time', { reservation: await firstFreeSlot(a), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
    const saved = json(await a.post('/save-booking'));
    expect(saved.responseCode).toBe('SUCCESS');

    const seenByB = json(await b.get('/get-booking/v2'));
    expect(seenByB.vehicle.register_number).toBe('TOY-123');
    expect(seenByB.customer).toMatchObject({ first_name: 'Maija', email: OTHER.email });
    expect(seenByB.notes).toBe('B:n muistiinpano');
    expect(seenByB.booking_total_duration).toBeNull();
    const processB = await t.db.selectFrom('process').select(['booking_id', 'vehicle']).where('token', '=', b.token!).executeTakeFirstOrThrow();
    expect(processB.booking_id).toBeNull();
    const booking = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', saved.bookingKey).executeTakeFirstOrThrow();
    expect(booking.register_number).toBe('ABC-123');
    expect(JSON.stringify(booking)).not.toContain(OTHER.email);
    // B's get-booking knows nothing of A's saved booking.
    expect(JSON.stringify(seenByB)).not.toContain(saved.bookingKey);
  });

  it('a made-up token in the right format, or none, reaches no booking (412)', async () => {
    const forged = 'A'.repeat(43);
    for (const headers of [{ [PROCESS_TOKEN_HEADER]: forged }, {}]) {
      for (const [method, path] of [['GET', '/get-booking/v2'], ['POST', '/customer/v2'], ['POST', '/save-booking']] as const) {
        const res = await t.app.inject({
          method,
          url: `${API_BASE}${path}`,
          headers: { ...headers, cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
          ...(method === 'POST' ? { payload: CUSTOMER } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(412);
        expect(res.body).not.toContain(CUSTOMER.email);
      }
    }
  });
});

describe('no personal data in the server log', () => {
  it('a whole booking run, an OmaLaakkonen registration and login, and a failing call log no name, e-mail, phone, plate, password or token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({}, { logger: { level: 'trace', stream } });
    try {
      const password = 'Salainen-Salasana-42';
      const register = await logged.app.inject({
        method: 'POST',
        url: `${LOYALTY_API_BASE}/registerUser/`,
        headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
        payload: { username: 'liisa.lokitesti@example.com', password, firstname: 'Liisa', lastname: 'Lokitesti', phone: '0401112233' },
      });
      expect(register.statusCode).toBe(200);
      const login = await logged.app.inject({
        method: 'POST',
        url: `${LOYALTY_API_BASE}/login/`,
        headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
        payload: LOYALTY_USER,
      });
      const loyaltyToken = json(login).token as string;
      expect(loyaltyToken).toBeTruthy();
      await logged.app.inject({
        method: 'POST',
        url: `${LOYALTY_API_BASE}/getUserInfo/`,
        headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k', authorization: `Bearer ${loyaltyToken}` },
        payload: { token: loyaltyToken },
      });

      const c = new ApiClient(logged.app);
      await prepareMaintenance(c, { registerNumber: 'abc-123' });
      await c.get('/services/v2', { registerNumber: 'ABC-123', email: CUSTOMER.email });
      await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });
      // A rejected customer (400) names the field, not the value.
      expect((await c.post('/customer/v2', { ...CUSTOMER, phone_number: 'ei numero' })).statusCode).toBe(400);
      await c.post('/customer/v2', CUSTOMER);
      await c.post('/save-notes', { value: `Soittakaa ${CUSTOMER.phone_number}` });
      const save = json(await c.post('/save-booking'));
      expect(save.responseCode).toBe('SUCCESS');
      await logged.app.mailer.kick();
      // The management link of the e-mail: key and plate in the query string.
      await logged.app.inject({ method: 'GET', url: `/oma-varaus?varaus=${save.bookingKey}&rekisteri=ABC-123` });
      const anonymous = new ApiClient(logged.app);
      await anonymous.post('/open-booking', { bookingKey: save.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' });
      // A failure inside a handler is logged as an error.
      const broken = new ApiClient(logged.app);
      await broken.init();
      await logged.db.updateTable('process').set({ cart: JSON.stringify({ not: 'an array' }) }).where('token', '=', broken.token!).execute();
      expect((await broken.get('/get-booking/v2')).statusCode).toBe(500);

      const text = lines.join('');
      const records = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as LogLine);
      // The log was written: request lines with ids, and the error.
      expect(records.filter((r) => r.msg === 'incoming request').length).toBeGreaterThan(15);
      const requestLines = records.filter((r) => r.req || r.res);
      expect(requestLines.every((r) => typeof r.requestId === 'string' && r.requestId.length > 0)).toBe(true);
      expect(records.some((r) => r.level >= 50 && r.err)).toBe(true);

      const secrets = [
        CUSTOMER.first_name,
        CUSTOMER.last_name,
        CUSTOMER.email,
        CUSTOMER.phone_number,
        CUSTOMER.phone_number.replace(/\s/g, ''),
        CUSTOMER.address,
        'Liisa',
        'Lokitesti',
        'liisa.lokitesti@example.com',
        '0401112233',
        password,
        LOYALTY_USER.password,
        LOYALTY_USER.username,
        loyaltyToken,
        c.token!,
        broken.token!,
        save.bookingKey,
      ];
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
      expect(text.toUpperCase()).not.toContain('ABC-123');
      expect(text).not.toMatch(/@example\.com/);
      expect(text).not.toContain('?');
      expect(text).not.toMatch(/"headers"|"cookie"|"authorization"/i);
    } finally {
      await logged.close();
    }
  });

  it('an error is logged without the personal data SMTP and PostgreSQL errors carry', () => {
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <matti.meikalainen@example.com>: Recipient address rejected"), {
      code: 'EENVELOPE',
      responseCode: 550,
      response: '550 5.1.1 <matti.meikalainen@example.com>: Recipient address rejected',
      rejected: ['matti.meikalainen@example.com'],
    });
    const pg = Object.assign(new Error('duplicate key value violates unique constraint "booking_plate"'), {
      code: '23505',
      detail: 'Key (register_number, phone)=(ABC-123, 040 123 4567) already exists.',
    });
    const out = JSON.stringify([serializeError(smtp), serializeError(pg), serializeError(new Error('vehicle ABC-123 of +358 40 123 4567', { cause: smtp }))]);
    expect(out).not.toContain('matti');
    expect(out).not.toContain('ABC-123');
    expect(out).not.toContain('123 4567');
    expect(out).toContain('EENVELOPE');
    expect(out).toContain('23505');
    expect(JSON.parse(out)[0]).toMatchObject({ type: 'Error', code: 'EENVELOPE', message: expect.stringContaining('[email]') });
  });
});
