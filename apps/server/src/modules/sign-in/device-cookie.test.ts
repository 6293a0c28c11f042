/**
 * A stranger cannot lock the owner out (decision 017): 20 wrong passwords for an account
 * from four addresses start the account-wide delay, but the owner's browser that has signed
 * in to the account before (its device cookie) still signs in, from any address, on the staff
 * sign-in and the OmaLaakkonen sign-in alike. The device's own failures are limited per
 * device, the cookie is bound to its account, and the per-address limits stay.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, LOYALTY_API_BASE, STAFF_API_PATH, XSRF_COOKIE, XSRF_HEADER } from '@huolto/domain';
import { createTestApp, type TestApp } from '#test/helpers.ts';
import { addStaffUser } from '#test/staff.ts';
import { fastPasswordHash } from '#test/fast-password.ts';
import { sha256 } from '#src/lib/password.ts';
import { DEVICE_COOKIES, DEVICE_DAYS, LOGIN_LIMITS, type SignInKind } from './service.ts';

// About 170 sign-ins, each comparing a password: hashed at a low scrypt cost here, compared by
// the same code (what is counted, delayed and remembered does not depend on the cost).
vi.mock('#src/lib/password.ts', async (importOriginal) => (await import('#test/fast-password.ts')).withFastHashes(await importOriginal()));

const XSRF = 'xsrf-device-test';

/** The demo company's OmaLaakkonen member (seeded): its password hashed at the low cost too. */
async function useFastDemoMemberHash(db: TestApp['db']) {
  await db.updateTable('loyalty_account').set({ password_hash: fastPasswordHash('Salasana123!') }).where('username', '=', 'testi@example.com').execute();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await useFastDemoMemberHash(t.db);
}, 120_000);
afterAll(() => t?.close());

interface Account {
  kind: SignInKind;
  email: string;
  password: string;
}

/** Signs in from an address with a device cookie (or none): the status, Retry-After and the device cookie set. */
async function signIn(a: Account, password: string, ip: string, device?: string) {
  const cookies = [`${XSRF_COOKIE}=${XSRF}`, ...(device ? [`${DEVICE_COOKIES[a.kind]}=${device}`] : [])];
  const res = await t.app.inject({
    method: 'POST',
    url: a.kind === 'staff' ? `${API_BASE}${STAFF_API_PATH}/login` : `${LOYALTY_API_BASE}/login/`,
    headers: { cookie: cookies.join('; '), [XSRF_HEADER]: XSRF },
    remoteAddress: ip,
    payload: a.kind === 'staff' ? { email: a.email, password } : { username: a.email, password },
  });
  const set = res.cookies.find((c) => c.name === DEVICE_COOKIES[a.kind]);
  return { status: res.statusCode, retryAfter: Number(res.headers['retry-after'] ?? 0), device: set?.value, cookie: set };
}

/** Waits out every delay now running (moves the counters' clocks back instead of sleeping). */
async function waitOutDelays() {
  await sql`UPDATE login_throttle SET blocked_until = now() - interval '1 second' WHERE blocked_until IS NOT NULL`.execute(t.db);
}

let net = 0;
/** A fresh /16 of addresses for each case, so that no case meets another's per-address counts. */
const addresses = () => {
  net++;
  return (host: number) => `10.${100 + net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
};

const accounts: Record<SignInKind, () => Promise<Account>> = {
  staff: async () => {
    const user = await addStaffUser(t.db, { role: 'OFFICE', officeIds: [1] });
    return { kind: 'staff', email: user.email, password: user.password };
  },
  // The demo company's OmaLaakkonen member.
  loyalty: async () => ({ kind: 'loyalty', email: 'testi@example.com', password: 'Salasana123!' }),
};

/** A stranger's wrong passwords from four addresses: the account-wide count's first delay. */
async function strangerGuesses(a: Account, at: (host: number) => string) {
  const perAddress = LOGIN_LIMITS.accountAtAddress.step;
  for (let addr = 0; addr < LOGIN_LIMITS.account.step / perAddress; addr++) {
    for (let i = 0; i < perAddress; i++) expect((await signIn(a, `väärä-salasana-${addr}-${i}`, at(200 + addr))).status).toBe(401);
  }
}

for (const kind of ['staff', 'loyalty'] as const) {
  describe(`${kind} sign-in: a browser that has signed in before`, () => {
    it("is not locked out by a stranger's 20 wrong passwords from four addresses; a browser without the cookie waits", async () => {
      await waitOutDelays();
      const a = await accounts[kind]();
      const at = addresses();
      const first = await signIn(a, a.password, at(1));
      expect(first.status).toBe(200);
      expect(first.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await strangerGuesses(a, at);
      // A new browser on a fifth address meets the account-wide delay…
      const stranger = await signIn(a, a.password, at(5));
      expect(stranger.status).toBe(429);
      expect(stranger.retryAfter).toBeGreaterThan(0);
      // …the owner's browser, on another fifth address, signs in, and gets a new cookie value.
      const owner = await signIn(a, a.password, at(6), first.device);
      expect(owner.status).toBe(200);
      expect(owner.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(owner.device).not.toBe(first.device);
      // The old value is no longer remembered: it was replaced by the new one.
      await strangerGuesses(a, addresses());
      expect((await signIn(a, a.password, at(7), first.device)).status).toBe(429);
      expect((await signIn(a, a.password, at(8), owner.device)).status).toBe(200);
    });

    it("counts the device's own wrong passwords, from any address: 5 → a delay, the right password waits too", async () => {
      await waitOutDelays();
      const a = await accounts[kind]();
      const at = addresses();
      const { device } = await signIn(a, a.password, at(1));
      for (let i = 0; i < LOGIN_LIMITS.device.step; i++) expect((await signIn(a, `väärä-${i}`, at(10 + i), device)).status).toBe(401);
      const refused = await signIn(a, a.password, at(30), device);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
      expect(refused.retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.device.delays[0]);
    });

    it("is bound to its account: it does not pass another account's account-wide delay", async () => {
      await waitOutDelays();
      const at = addresses();
      const owner = await accounts[kind]();
      const { device } = await signIn(owner, owner.password, at(1));
      expect(device).toBeDefined();
      // Another account (a staff member's: for the loyalty member's cookie, of the other sign-in too).
      const other = await accounts.staff();
      await strangerGuesses(other, at);
      expect((await signIn(other, other.password, at(6), device)).status).toBe(429);
    });

    it('keeps the per-address limit: 5 wrong passwords from one address stop that address, cookie or not', async () => {
      await waitOutDelays();
      const a = await accounts[kind]();
      const at = addresses();
      const { device } = await signIn(a, a.password, at(1));
      const other = await signIn(a, a.password, at(2));
      for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.step; i++) expect((await signIn(a, `väärä-${i}`, at(3), device)).status).toBe(401);
      expect((await signIn(a, a.password, at(3), other.device)).status).toBe(429);
    });

    it(`sets an HttpOnly, SameSite=Strict cookie for ${DEVICE_DAYS} days on the API's path, kept in the database only as its hash`, async () => {
      await waitOutDelays();
      const a = await accounts[kind]();
      const { cookie, device } = await signIn(a, a.password, addresses()(1));
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', maxAge: DEVICE_DAYS * 24 * 3600 });
      expect(cookie!.path).toBe(kind === 'staff' ? `${API_BASE}${STAFF_API_PATH}` : LOYALTY_API_BASE);
      const rows = await t.db.selectFrom('sign_in_device').select(['token_hash', 'account_key']).where('token_hash', '=', sha256(device!)).execute();
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(await t.db.selectFrom('sign_in_device').selectAll().execute());
      expect(stored).not.toContain(device!);
      expect(stored).not.toContain(a.email);
    });
  });
}

describe('on an https site', () => {
  it('the device cookies are Secure', async () => {
    const https = await createTestApp({ publicUrl: 'https://varaus.example.fi' });
    try {
      await useFastDemoMemberHash(https.db);
      const user = await addStaffUser(https.db, { role: 'OFFICE', officeIds: [1] });
      for (const [url, payload, name] of [
        [`${API_BASE}${STAFF_API_PATH}/login`, { email: user.email, password: user.password }, DEVICE_COOKIES.staff],
        [`${LOYALTY_API_BASE}/login/`, { username: 'testi@example.com', password: 'Salasana123!' }, DEVICE_COOKIES.loyalty],
      ] as const) {
        const res = await https.app.inject({
          method: 'POST',
          url,
          headers: { cookie: `${XSRF_COOKIE}=${XSRF}`, [XSRF_HEADER]: XSRF },
          remoteAddress: '10.99.0.1',
          payload,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.cookies.find((c) => c.name === name)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      }
    } finally {
      await https.close();
    }
  });
});
