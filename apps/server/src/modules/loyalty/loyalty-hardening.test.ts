/**
 * OmaLaakkonen against guessing and takeover: a registration waiting for its code keeps the
 * password it was made with; failed logins and codes are counted before anything is compared,
 * so concurrent guesses get no more tries than the limit; a stranger's failures slow the owner
 * on another address for at most a short delay; and the counts live in the database, shared
 * by every server instance (two apps on one database here).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { LOYALTY_API_BASE, MESSAGES, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { createTestDatabase, json, type TestDatabase } from '#test/helpers.ts';
import { fastPasswordHash } from '#test/fast-password.ts';
import { buildApp } from '#src/app.ts';
import { loadConfig, type Config } from '#src/config.ts';
import { Mailer } from '../mail/outbox.ts';
import { CONFIRMATION_LIMITS, LOGIN_LIMITS, REGISTRATION_COOKIE } from './service.ts';

/**
 * Every password comparison (scrypt) and every hash of a six-digit code (its comparison).
 * Passwords are hashed at a low scrypt cost here (#test/fast-password.ts), compared by the same
 * code: the file makes about a hundred comparisons, what is counted does not depend on the cost.
 */
const compared = vi.hoisted(() => ({ passwords: 0, codes: 0 }));
vi.mock('#src/lib/password.ts', async (importOriginal) => {
  const { withFastHashes } = await import('#test/fast-password.ts');
  const real = withFastHashes(await importOriginal<typeof import('#src/lib/password.ts')>());
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      compared.passwords++;
      return real.verifyPassword(password, stored);
    },
    sha256: (value: string) => {
      if (/^\d{6}$/.test(value)) compared.codes++;
      return real.sha256(value);
    },
  };
});

let database: TestDatabase;
let apps: FastifyInstance[] = [];
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // The demo company's member (seeded at the server's cost): the same password at the low cost.
  await database.handle.db
    .updateTable('loyalty_account')
    .set({ password_hash: fastPasswordHash('Salasana123!') })
    .where('username', '=', 'testi@example.com')
    .execute();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-loyalty-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    webDist: undefined,
    // The per-minute call limits of the routes stay out of the way of the counts tested here.
    loginRateLimit: 100_000,
    registrationRateLimit: 100_000,
  };
  for (let i = 0; i < 2; i++) {
    const mailer = new Mailer(database.handle.db, { from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: join(dataDir, `outbox-${i}`) });
    const app = await buildApp({ config, database: database.handle, mailer, logger: false });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  apps = [];
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const db = () => database.handle.db;

/** A browser: its own cookies, on one of the two server instances, from one client address. */
class Browser {
  cookies = new Map<string, string>([[XSRF_COOKIE, 'k']]);
  constructor(
    readonly ip: string,
    readonly instance = 0,
  ) {}

  async post(path: string, body: object) {
    const res = await apps[this.instance]!.inject({
      method: 'POST',
      url: `${LOYALTY_API_BASE}${path}`,
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), [XSRF_HEADER]: 'k' },
      payload: body,
      remoteAddress: this.ip,
    });
    for (const c of res.cookies as { name: string; value: string }[]) this.cookies.set(c.name, c.value);
    return res;
  }
}

const registration = (username: string, password: string) => ({ username, password, firstname: 'Olli', lastname: 'Omistaja' });

/** The code of the newest confirmation e-mail to an address. */
async function newestCode(username: string) {
  const mail = await db()
    .selectFrom('email_outbox')
    .select('text_body')
    .where('recipient', '=', username)
    .where('subject', '=', 'Vahvista OmaLaakkonen-tilisi')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /vahvistuskoodisi on (\d{6})/.exec(mail.text_body)![1]!;
}

/** A confirmed account of one's own, made through the API. */
async function openAccount(username: string, password: string) {
  const b = new Browser('10.70.0.1');
  expect((await b.post('/registerUser/', registration(username, password))).statusCode).toBe(200);
  expect((await b.post('/confirmUser/', { username, code: await newestCode(username) })).statusCode).toBe(200);
}

const loginStatus = async (username: string, password: string, ip: string, instance = 0) =>
  (await new Browser(ip, instance).post('/login/', { username, password })).statusCode;

/** Waits out every delay now running (moves the counters' clocks back instead of sleeping). */
async function waitOutDelays() {
  await sql`UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE blocked_until IS NOT NULL`.execute(db());
}

describe('a registration waiting for its code', () => {
  it("another person's second registration does not change its password: the owner's newest code does not open it, the owner's own code opens it with the owner's password", async () => {
    const user = 'odottava@example.com';
    const owner = new Browser('10.71.0.1');
    const stranger = new Browser('10.71.0.2', 1);
    expect(json(await owner.post('/registerUser/', registration(user, 'Omistajan salasana 1')))).toEqual({ responseCode: 'SUCCESS' });
    const ownersCode = await newestCode(user);
    // The stranger's registration answers exactly like a first one, and sends the owner a new code.
    const second = await stranger.post('/registerUser/', registration(user, 'Vieraan salasana 2'));
    expect(second.statusCode).toBe(200);
    expect(json(second)).toEqual({ responseCode: 'SUCCESS' });
    const newest = await newestCode(user);
    expect(newest).not.toBe(ownersCode);

    // The owner types the newest code: it belongs to the stranger's registration, not to this browser.
    const wrong = await owner.post('/confirmUser/', { username: user, code: newest });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe('INVALID_CODE');
    expect(await loginStatus(user, 'Vieraan salasana 2', '10.71.0.3')).toBe(401);

    // The owner's own code opens the account with the owner's password only.
    expect(json(await owner.post('/confirmUser/', { username: user, code: ownersCode }))).toEqual({ responseCode: 'SUCCESS' });
    expect(await loginStatus(user, 'Omistajan salasana 1', '10.71.0.4')).toBe(200);
    expect(await loginStatus(user, 'Vieraan salasana 2', '10.71.0.5')).toBe(401);
    // The stranger, even holding the newest code, opens nothing now.
    expect((await stranger.post('/confirmUser/', { username: user, code: newest })).statusCode).toBe(400);
    expect(await loginStatus(user, 'Vieraan salasana 2', '10.71.0.6')).toBe(401);
    const accounts = await db().selectFrom('loyalty_account').select(['confirmed', 'firstname']).where('username', '=', user).execute();
    expect(accounts).toEqual([{ confirmed: true, firstname: 'Olli' }]);
  });

  it("a stranger who registered the address first gets no account: the owner's later registration opens it with the owner's password", async () => {
    const user = 'ennakkoon@example.com';
    const stranger = new Browser('10.72.0.1');
    const owner = new Browser('10.72.0.2', 1);
    await stranger.post('/registerUser/', registration(user, 'Vieraan salasana 3'));
    const strangersCode = await newestCode(user);
    await owner.post('/registerUser/', registration(user, 'Omistajan salasana 4'));
    const ownersCode = await newestCode(user);
    expect(ownersCode).not.toBe(strangersCode);
    // The stranger's code (in the owner's mailbox) does not confirm in the owner's browser.
    expect((await owner.post('/confirmUser/', { username: user, code: strangersCode })).statusCode).toBe(400);
    expect((await owner.post('/confirmUser/', { username: user, code: ownersCode })).statusCode).toBe(200);
    expect(await loginStatus(user, 'Omistajan salasana 4', '10.72.0.3')).toBe(200);
    expect(await loginStatus(user, 'Vieraan salasana 3', '10.72.0.4')).toBe(401);
  });

  it('someone who forgot the password given registers again and opens the account with the new one', async () => {
    const user = 'unohtaja@example.com';
    const browser = new Browser('10.73.0.1');
    await browser.post('/registerUser/', registration(user, 'Unohtunut salasana 5'));
    const firstCode = await newestCode(user);
    await browser.post('/registerUser/', registration(user, 'Uusi muistettava 6'));
    const secondCode = await newestCode(user);
    expect(secondCode).not.toBe(firstCode);
    expect((await browser.post('/confirmUser/', { username: user, code: secondCode })).statusCode).toBe(200);
    expect(await loginStatus(user, 'Uusi muistettava 6', '10.73.0.2')).toBe(200);
    expect(await loginStatus(user, 'Unohtunut salasana 5', '10.73.0.3')).toBe(401);
  });

  it('the registration cookie is HttpOnly, SameSite=Strict and scoped to the loyalty API; a confirmed address answers alike', async () => {
    const res = await new Browser('10.74.0.1').post('/registerUser/', registration('eka@example.com', 'Salasana joka 7'));
    const again = await new Browser('10.74.0.2').post('/registerUser/', registration('testi@example.com', 'Salasana joka 8'));
    for (const r of [res, again]) {
      expect(json(r)).toEqual({ responseCode: 'SUCCESS' });
      const cookie = (r.cookies as { name: string; value: string; httpOnly?: boolean; sameSite?: string; path?: string }[]).find(
        (c) => c.name === REGISTRATION_COOKIE,
      );
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: LOYALTY_API_BASE });
      expect(cookie!.value).toMatch(/^[\w-]{43}$/);
    }
    // The confirmed demo account kept its password.
    expect(await loginStatus('testi@example.com', 'Salasana123!', '10.74.0.3')).toBe(200);
  });
});

describe('failed logins are counted before the password is compared', () => {
  it(`${8} concurrent wrong passwords from one address: at most ${LOGIN_LIMITS.accountAtAddress.step} are compared, the rest answer 429 with Retry-After`, async () => {
    const user = 'rinnakkain@example.com';
    await openAccount(user, 'Oikea salasana 9');
    compared.passwords = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => new Browser('10.75.0.1', i % 2).post('/login/', { username: user, password: `väärä ${i}` })),
    );
    expect(compared.passwords).toBeLessThanOrEqual(LOGIN_LIMITS.accountAtAddress.step);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(compared.passwords);
    expect(refused).toHaveLength(8 - compared.passwords);
    for (const r of refused) {
      expect(json(r)).toEqual({ error: 'TOO_MANY_ATTEMPTS', message: 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.accountAtAddress.delays[0]);
    }
  });

  it(`30 concurrent wrong codes: at most ${CONFIRMATION_LIMITS.attemptsPerCode} are compared, and the code is then spent`, async () => {
    const user = 'koodinarvaaja@example.com';
    const browser = new Browser('10.76.0.1');
    await browser.post('/registerUser/', registration(user, 'Oikea salasana 10'));
    const code = await newestCode(user);
    const wrong = code === '000000' ? '111111' : '000000';
    compared.codes = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, () => browser.post('/confirmUser/', { username: user, code: wrong })));
    expect(compared.codes).toBeLessThanOrEqual(CONFIRMATION_LIMITS.attemptsPerCode);
    expect(answers.filter((a) => a.statusCode === 400 && json(a).fields?.[0]?.message === 'Vahvistuskoodi ei kelpaa')).toHaveLength(compared.codes);
    expect(answers.every((a) => a.statusCode === 400 || a.statusCode === 429)).toBe(true);
    const stored = await db().selectFrom('loyalty_registration').select('attempts').where('username', '=', user).execute();
    expect(stored.map((s) => s.attempts)).toEqual([compared.codes]);
    // No further code is compared on this registration, the right one included: the browser registers again.
    await waitOutDelays();
    expect(compared.codes).toBe(CONFIRMATION_LIMITS.attemptsPerCode);
    const spent = await browser.post('/confirmUser/', { username: user, code });
    expect(spent.statusCode).toBe(400);
    expect(json(spent).fields[0].message).toMatch(/^Koodia on yritetty liian monta kertaa/);
    await browser.post('/registerUser/', registration(user, 'Oikea salasana 10'));
    await waitOutDelays();
    expect((await browser.post('/confirmUser/', { username: user, code: await newestCode(user) })).statusCode).toBe(200);
    expect(await loginStatus(user, 'Oikea salasana 10', '10.76.0.2')).toBe(200);
  });

  it('a confirmation without this browser’s registration compares nothing and counts nothing', async () => {
    const user = 'selaimeton@example.com';
    await new Browser('10.77.0.1').post('/registerUser/', registration(user, 'Oikea salasana 11'));
    const code = await newestCode(user);
    compared.codes = 0;
    const res = await new Browser('10.77.0.2').post('/confirmUser/', { username: user, code });
    expect(res.statusCode).toBe(400);
    expect(compared.codes).toBe(0);
    expect(await loginStatus(user, 'Oikea salasana 11', '10.77.0.3')).toBe(401);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it("the owner on another address logs in at once after a stranger's 5 failures; the stranger waits 1 min, then 5 min", async () => {
    const user = 'omistaja@example.com';
    await openAccount(user, 'Omistajan oikea 12');
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.step; i++) {
      expect(await loginStatus(user, `arvaus ${i}`, '10.78.0.1', i % 2)).toBe(401);
    }
    const refused = await new Browser('10.78.0.1', 1).post('/login/', { username: user, password: 'Omistajan oikea 12' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The owner, elsewhere, is not delayed at all.
    expect(await loginStatus(user, 'Omistajan oikea 12', '10.78.0.2')).toBe(200);

    // After the minute the stranger gets 5 more guesses, then waits 5 minutes.
    await waitOutDelays();
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.step; i++) expect(await loginStatus(user, `toinen ${i}`, '10.78.0.1')).toBe(401);
    const longer = await new Browser('10.78.0.1').post('/login/', { username: user, password: 'x' });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(290);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(300);
    expect(await loginStatus(user, 'Omistajan oikea 12', '10.78.0.3', 1)).toBe(200);
  });

  it('failures from many addresses together delay the account for a short while only (20 → 1 min)', async () => {
    const user = 'hajautettu@example.com';
    await openAccount(user, 'Omistajan oikea 13');
    const perAddress = LOGIN_LIMITS.accountAtAddress.step;
    for (let a = 0; a < LOGIN_LIMITS.account.step / perAddress; a++) {
      for (let i = 0; i < perAddress; i++) expect(await loginStatus(user, `arvaus ${i}`, `10.79.${a}.1`, a % 2)).toBe(401);
    }
    const owner = await new Browser('10.79.100.1').post('/login/', { username: user, password: 'Omistajan oikea 13' });
    expect(owner.statusCode).toBe(429);
    expect(Number(owner.headers['retry-after'])).toBeLessThanOrEqual(LOGIN_LIMITS.account.delays[0]);
    await waitOutDelays();
    expect(await loginStatus(user, 'Omistajan oikea 13', '10.79.100.1')).toBe(200);
    // The login started the account's count over.
    const accountKey = `account:${createHash('sha256').update(user).digest('base64url')}`;
    expect(await db().selectFrom('login_throttle').select('key').where('key', '=', accountKey).execute()).toEqual([]);
  });

  it('one address guessing many accounts waits 15 minutes after 20 failures; a right password there waits too, elsewhere it does not', async () => {
    const ip = '10.80.0.1';
    for (let i = 0; i < LOGIN_LIMITS.address.step; i++) expect(await loginStatus(`arvattu${i}@example.com`, 'x', ip, i % 2)).toBe(401);
    const res = await new Browser(ip).post('/login/', { username: 'testi@example.com', password: 'Salasana123!' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(LOGIN_LIMITS.address.delays[0] - 10);
    expect(await loginStatus('testi@example.com', 'Salasana123!', '10.80.0.2')).toBe(200);
  });

  it('a right password is no failure: many logins from one address are never delayed', async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.step + 5; i++) expect(await loginStatus('testi@example.com', 'Salasana123!', '10.81.0.1', i % 2)).toBe(200);
  });

  it('counts live in the database, keyed by hashes: no e-mail or address is stored', async () => {
    await loginStatus('tallennettu@example.com', 'x', '10.82.0.1');
    const rows = await db().selectFrom('login_throttle').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.key).toMatch(/^(address|login|account|confirm):[\w-]{43}$/);
    expect(JSON.stringify(rows)).not.toMatch(/@|10\.82/);
    expect(MESSAGES.loginFailed.text).toBe('Kirjautuminen epäonnistui. Tarkista käyttäjätunnus ja salasana.');
  });
});
