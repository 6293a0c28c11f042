/**
 * One mechanism for the staff sign-in and the OmaLaakkonen sign-in: failures counted before
 * the password is compared (decision 006), and browsers that have signed in to the account
 * before remembered by a device cookie (decision 017).
 *
 * A stranger's guesses at an account from many addresses raise its account-wide count, and
 * that count's delays would stop the owner too. A browser with a device cookie for the
 * account is not held up by that count: its failures are counted on the device's own key
 * instead (the same steps as one account from one address), so a stolen or guessing device
 * is still slowed. The per-address keys apply to every attempt.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { sha256 } from '#src/lib/password.ts';
import * as repo from './repository.ts';

export type { ThrottlePolicy } from './repository.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Failed sign-ins, counted before the password is compared (docs/decisions/006). Each count
 * answers 429 with Retry-After for the delay that reaching it starts: a guesser on one address
 * meets short, growing delays on one account, longer ones over all accounts, and slows down,
 * but does not lock out, the owner on another address or on a remembered browser.
 */
export const LOGIN_LIMITS = {
  /** One account from one client address: 5 failures → 1 min, 10 → 5 min, 15 → 15 min, then 60 min per 5. */
  accountAtAddress: { step: 5, delays: [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR], forgetSeconds: 24 * HOUR },
  /** Any account from one client address: 20 failures → 15 min, then 60 min per 20. */
  address: { step: 20, delays: [15 * MINUTE, HOUR], forgetSeconds: 2 * HOUR },
  /** One account from all addresses together (not a remembered browser): 20 failures → 1 min, 40 → 5 min, 60 → 15 min, then 60 min per 20. */
  account: { step: 20, delays: [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR], forgetSeconds: 24 * HOUR },
  /** One remembered browser, instead of the account-wide count: 5 failures → 1 min, 10 → 5 min, 15 → 15 min, then 60 min per 5. */
  device: { step: 5, delays: [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR], forgetSeconds: 24 * HOUR },
} as const satisfies Record<string, repo.ThrottlePolicy>;

/** A browser is remembered this long after its last sign-in to an account. */
export const DEVICE_DAYS = 180;

/** The device cookie of each sign-in: HttpOnly, SameSite=Strict, Secure on https, path its API. */
export const DEVICE_COOKIES = { staff: 'hallinta-laite', loyalty: 'omalaakkonen-laite' } as const;
export type SignInKind = keyof typeof DEVICE_COOKIES;

/** The device cookie's options under an API's path. */
export function deviceCookieOptions(path: string, secure: boolean | undefined) {
  return { path, httpOnly: true, sameSite: 'strict' as const, secure, maxAge: DEVICE_DAYS * 24 * HOUR };
}

/** 429 after too many failures; the routes send retryAfter as Retry-After. */
export class TooManyAttemptsError extends DomainError {
  constructor(readonly retryAfter: number) {
    super(429, 'TOO_MANY_ATTEMPTS', 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.');
  }
}

/** A throttle key: its kind and a hash of what it counts (no address or e-mail is stored). */
export const throttleKey = (kind: string, ...parts: string[]) => `${kind}:${sha256(parts.join('\n'))}`;

export interface CountedKey {
  key: string;
  policy: repo.ThrottlePolicy;
}

/**
 * Counts an attempt on each key in turn, before anything is compared. A key that is waiting
 * out a delay refuses the attempt (429), and the keys counted before it take it back, so a
 * refused attempt counts nowhere.
 */
export async function takeAttempts(db: Db, keys: CountedKey[]) {
  const taken: CountedKey[] = [];
  for (const k of keys) {
    const attempt = await repo.takeAttempt(db, k.key, k.policy);
    if (attempt.refused) {
      for (const t of taken) await repo.returnAttempt(db, t.key, t.policy);
      throw new TooManyAttemptsError(Math.max(1, attempt.retryAfter ?? 1));
    }
    taken.push(k);
  }
}

export const returnAttempt = (db: Db, k: CountedKey) => repo.returnAttempt(db, k.key, k.policy);
export const clearAttempts = (db: Db, keys: CountedKey[]) => repo.clearAttempts(db, keys.map((k) => k.key));

/** The throttle keys' kinds of each sign-in; the loyalty API's are its first ones. */
const KINDS: Record<SignInKind, { address: string; login: string; account: string; device: string }> = {
  staff: { address: 'staff-address', login: 'staff-login', account: 'staff-account', device: 'staff-device' },
  loyalty: { address: 'address', login: 'login', account: 'account', device: 'device' },
};

/** The account-wide failure count of an account (a staff member's own password change counts on it too). */
export const accountKey = (kind: SignInKind, account: string): CountedKey => ({ key: throttleKey(KINDS[kind].account, account), policy: LOGIN_LIMITS.account });

/** A device cookie's value as it is made: 256 random bits, base64url. */
const isDeviceToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** Expired devices go at most once in this many milliseconds per process. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

export interface SignInAttempt {
  /** Whether the browser's device cookie is remembered for this account (the account-wide count did not apply). */
  knownDevice: boolean;
  /**
   * The password was right: the address takes its count back, the account's and the device's
   * counts start over, and the browser is remembered for the account under a new device
   * cookie value (the accounts it was remembered for move to it). Answers that value.
   */
  succeeded(): Promise<string>;
}

/**
 * Counts a sign-in attempt to an account (its normalised e-mail) from an address and a
 * browser (its device cookie, if any), before the password is compared: 429
 * (TooManyAttemptsError) when a key is waiting out a delay. Keys in turn: the client
 * address, the account at the address, then the device when the browser is remembered for
 * the account, else the account from all addresses.
 */
export async function countSignInAttempt(
  db: Db,
  a: { kind: SignInKind; account: string; address: string; deviceToken: string | undefined },
): Promise<SignInAttempt> {
  const kinds = KINDS[a.kind];
  const account = accountKey(a.kind, a.account);
  const tokenHash = isDeviceToken(a.deviceToken) ? sha256(a.deviceToken) : undefined;
  const knownDevice = tokenHash !== undefined && (await repo.isKnownDevice(db, tokenHash, account.key));
  const atAddress = { key: throttleKey(kinds.address, a.address), policy: LOGIN_LIMITS.address };
  const pair = { key: throttleKey(kinds.login, a.account, a.address), policy: LOGIN_LIMITS.accountAtAddress };
  const wide = knownDevice && tokenHash ? { key: throttleKey(kinds.device, tokenHash), policy: LOGIN_LIMITS.device } : account;
  await takeAttempts(db, [atAddress, pair, wide]);
  return {
    knownDevice,
    async succeeded() {
      await returnAttempt(db, atAddress);
      await clearAttempts(db, [pair, account, ...(knownDevice ? [wide] : [])]);
      const token = randomBytes(32).toString('base64url');
      await repo.rememberDevice(db, { oldTokenHash: tokenHash, newTokenHash: sha256(token), accountKey: account.key, days: DEVICE_DAYS });
      if (Date.now() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = Date.now();
        await repo.deleteExpiredDevices(db);
      }
      return token;
    },
  };
}
