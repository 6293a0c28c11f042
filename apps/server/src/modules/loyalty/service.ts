import { randomBytes, randomInt } from 'node:crypto';
import { MESSAGES, capitalized, isVoucherValid, loyaltyAccountName, todayInHelsinki, type LoyaltyAccount, type LoyaltyVehicle, type Voucher } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from '#src/lib/password.ts';
import { updateProcess } from '../process/index.ts';
import * as repo from './repository.ts';
import { accountKey, clearAttempts, countSignInAttempt, returnAttempt, takeAttempts, throttleKey } from '../sign-in/index.ts';
import { insertOutboxMail, signatureLines, userText } from '../mail/index.ts';
import { companyDetails, loyaltyEnabled } from '../settings/index.ts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export { LOGIN_LIMITS, TooManyAttemptsError } from '../sign-in/index.ts';

/** Confirmation codes: attempts per code, and wrong codes per e-mail address (over all its registrations). */
export const CONFIRMATION_LIMITS = {
  attemptsPerCode: 5,
  /** A registration waits this long for its code. */
  validHours: 24,
  /** Registrations of one address kept waiting: a newer one drops the oldest. */
  pendingPerAddress: 3,
  perAddress: { step: 5, delays: [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR], forgetSeconds: 24 * HOUR },
} as const;

/** The cookie that binds a registration to the browser that made it. */
export const REGISTRATION_COOKIE = 'omalaakkonen-rekisteroityminen';

export const unauthorized = () => new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginFailed.text);

const invalidCode = (message = 'Vahvistuskoodi ei kelpaa') =>
  new DomainError(400, 'INVALID_CODE', 'Vahvistuskoodi ei kelpaa.', [{ path: 'code', message }]);

/** Stale counters and registrations go at most once in this many milliseconds per process. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;
async function sweepNow(db: Db) {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  await repo.sweepLoyalty(db, 24 * HOUR);
}

/**
 * Logs in with a username and password. A wrong password, an unknown user and an
 * unconfirmed account answer alike and take alike long. Answers the token and the browser's
 * new device cookie value (sign-in/service.ts).
 */
export async function login(db: Db, username: string, password: string, address: string, deviceToken?: string) {
  const user = username.trim().toLowerCase();
  const attempt = await countSignInAttempt(db, { kind: 'loyalty', account: user, address, deviceToken });
  const found = await repo.findAccountByUsername(db, user);
  const ok = await verifyPassword(password, found?.password_hash ?? (await dummyPasswordHash()));
  if (!found || !ok || !found.confirmed) throw unauthorized();
  // The attempt was no failure: the counts start over and the browser is remembered.
  const device = await attempt.succeeded();
  const token = randomBytes(32).toString('base64url');
  await repo.insertToken(db, sha256(token), found.id);
  await sweepNow(db);
  return { token, device };
}

export async function accountOfToken(db: Executor, token: string) {
  const account = await repo.findAccountByTokenHash(db, sha256(token));
  if (!account) throw unauthorized();
  return account;
}

export async function logout(db: Db, token: string) {
  await repo.revokeToken(db, sha256(token));
}

export async function userInfo(db: Db, token: string): Promise<LoyaltyAccount> {
  const a = await accountOfToken(db, token);
  return {
    token,
    firstname: a.firstname,
    lastname: a.lastname,
    phone: a.phone,
    email: a.email,
    address: a.address,
    zip: a.zip,
    city: a.city,
    brands: await repo.listBrands(db, a.id),
  };
}

export async function activeCars(db: Db, token: string): Promise<{ cars: LoyaltyVehicle[] }> {
  const a = await accountOfToken(db, token);
  const cars = await repo.listVehicles(db, a.id);
  return {
    cars: cars.map((c) => ({
      license: c.license,
      brand_name: c.brand_name,
      model_name: c.model_name,
      car_type_specified: c.car_type_specified,
      image: c.image_id ? `/ServiceBooking/rest/media?id=${encodeURIComponent(c.image_id)}` : null,
    })),
  };
}

export function toVoucher(v: { id: string; title: string; discount_cents: number; valid_from: string; valid_to: string; used_booking_id: string | null }): Voucher {
  return {
    voucherId: v.id,
    title: v.title,
    discount: v.discount_cents,
    validFrom: v.valid_from,
    validTo: v.valid_to,
    used: v.used_booking_id !== null,
  };
}

export async function userVouchers(db: Db, token: string): Promise<{ vouchers: Voucher[] }> {
  const a = await accountOfToken(db, token);
  return { vouchers: (await repo.listVouchers(db, a.id)).map(toVoucher) };
}

/** The account's unused vouchers valid today (Helsinki date). */
export async function validVouchers(db: Executor, accountId: number, now = new Date()) {
  const today = todayInHelsinki(now);
  return (await repo.listVouchers(db, accountId)).map(toVoucher).filter((v) => !v.used && isVoucherValid(v, today));
}

export async function carServiceContracts(db: Db, token: string, license: string) {
  const a = await accountOfToken(db, token);
  const contracts = await repo.listContracts(db, a.id, license);
  return {
    contracts: contracts.map((c) => ({
      license: c.license,
      contractType: c.contract_type,
      description: c.description,
      validTo: c.valid_to,
    })),
  };
}

export interface Registration {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  phone?: string | undefined;
}

/**
 * Registers an e-mail address: stores a registration with its password, bound to the
 * browser by a secret (the route's cookie), and e-mails a six-digit code; the account opens
 * when that browser confirms that code (confirmUser). Registering an address again, by
 * anyone, changes no earlier registration, so nobody can put a password of theirs on
 * another's pending account; and someone who forgot the password just registers again.
 * An address with an account gets a notice instead. Every case answers alike, with a
 * secret, so registration cannot tell who has an account.
 */
export async function registerUser(db: Db, r: Registration) {
  const username = r.username.trim().toLowerCase();
  const browserSecret = randomBytes(32).toString('base64url');
  const existing = await repo.findAccountByUsername(db, username);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const passwordHash = await hashPassword(r.password);
  await db.transaction().execute(async (trx) => {
    if (existing?.confirmed) {
      await queueMail(trx, username, (account) => ({
        subject: `${capitalized(account)} on jo olemassa`,
        lines: [
          `Hei ${userText(existing.firstname)},`,
          '',
          `tällä sähköpostiosoitteella on jo ${account}. Voit kirjautua sillä ajanvarauksessa.`,
          'Jos et yrittänyt rekisteröityä, voit jättää tämän viestin huomiotta.',
        ],
      }));
      return;
    }
    await repo.insertRegistration(
      trx,
      {
        username,
        browserHash: sha256(browserSecret),
        codeHash: sha256(code),
        passwordHash,
        firstname: r.firstname,
        lastname: r.lastname,
        phone: r.phone ?? '',
      },
      CONFIRMATION_LIMITS.validHours,
      CONFIRMATION_LIMITS.pendingPerAddress,
    );
    await queueMail(trx, username, (account) => ({
      subject: `Vahvista ${account}si`,
      lines: [
        // The name as typed is shown as text that no mail client links (mail/text.ts).
        `Hei ${userText(r.firstname)},`,
        '',
        `vahvistuskoodisi on ${code}.`,
        'Syötä koodi ajanvarauksen rekisteröitymisikkunaan, niin tilisi on valmis.',
        `Koodi kelpaa ${CONFIRMATION_LIMITS.validHours} tuntia ja vain siinä selaimessa, jossa rekisteröidyit.`,
        'Jos et rekisteröitynyt, voit jättää tämän viestin huomiotta: tiliä ei avata ilman koodia.',
      ],
    }));
  });
  await sweepNow(db);
  return { responseCode: 'SUCCESS' as const, browserSecret };
}

/**
 * Confirms this browser's registration of the address with its code, and opens the account
 * with the password given in that registration. A code attempt is counted before the code is
 * compared: per registration (attemptsPerCode, then the browser registers again) and per
 * address over all its registrations (growing delays).
 */
export async function confirmUser(db: Db, username: string, code: string, browserSecret: string | undefined) {
  const user = username.trim().toLowerCase();
  // Without a registration of this browser there is nothing to compare, and nothing is counted.
  if (!browserSecret) throw invalidCode();
  const browserHash = sha256(browserSecret);
  const perAddress = { key: throttleKey('confirm', user), policy: CONFIRMATION_LIMITS.perAddress };
  await takeAttempts(db, [perAddress]);
  const registration = await repo.takeRegistrationAttempt(db, browserHash, user, CONFIRMATION_LIMITS.attemptsPerCode);
  if (!registration) {
    await returnAttempt(db, perAddress);
    if (await repo.registrationOutOfAttempts(db, browserHash, user, CONFIRMATION_LIMITS.attemptsPerCode)) {
      throw invalidCode('Koodia on yritetty liian monta kertaa. Rekisteröidy uudelleen, niin saat uuden koodin');
    }
    throw invalidCode();
  }
  if (registration.code_hash !== sha256(code)) throw invalidCode();
  const opened = await db.transaction().execute((trx) => repo.openAccount(trx, registration));
  if (!opened) throw invalidCode();
  await clearAttempts(db, [perAddress]);
  return { responseCode: 'SUCCESS' as const };
}

/**
 * Queues a registration e-mail. `compose` writes it with the member's account as the company's
 * details name it ('OmaLaakkonen-tili', or 'kanta-asiakastili' without a programme name).
 */
async function queueMail(db: Executor, to: string, compose: (account: string) => { subject: string; lines: string[] }) {
  const company = await companyDetails(db);
  const { subject, lines } = compose(loyaltyAccountName(company.loyaltyName));
  return insertOutboxMail(db, {
    kind: 'REGISTRATION',
    recipient: to,
    subject,
    text: [...lines, '', ...signatureLines(company)].join('\n'),
    fileName: `tili-${Date.now()}-${randomBytes(4).toString('hex')}.eml`,
  });
}

/** Whether a campaign code applies on a Helsinki date: active, and on its days (both included; null: open). */
export function campaignCodeState(
  c: { active: boolean; valid_from: string | null; valid_to: string | null },
  today: string,
): 'VALID' | 'EXPIRED' | 'NOT_YET_VALID' {
  // A code taken out of use is over, as one past its last day.
  if (!c.active || (c.valid_to !== null && today > c.valid_to)) return 'EXPIRED';
  if (c.valid_from !== null && today < c.valid_from) return 'NOT_YET_VALID';
  return 'VALID';
}

/**
 * The campaign code that applies to a booking on the Helsinki date `today`: the process's
 * code while it is active and on its days. A code that lapses after it was put on the cart
 * gives nothing from that day on, so a booking saved then is priced (and stored) without
 * it; a booking saved while it applied keeps it and its price (booking.campaign_code and
 * the booking's snapshot), whatever happens to the code later.
 */
export async function applicableCampaign(db: Executor, code: string | null, today: string) {
  if (!code) return undefined;
  const campaign = await repo.findCampaign(db, code);
  return campaign && campaignCodeState(campaign, today) === 'VALID' ? campaign : undefined;
}

export type CampaignCodeAnswer = {
  responseCode: 'SUCCESS' | 'NOT_FOUND' | 'EXPIRED' | 'NOT_YET_VALID' | 'MEMBERS_ONLY';
  percentOff?: number;
  vouchers?: string[];
};

/**
 * campaign-code/v2: sets or clears a booking's campaign code. A code is taken only while it
 * is active and on its days (Helsinki today): else EXPIRED or NOT_YET_VALID, and the
 * booking's code stays as it was. The members' code needs a live loyalty token (without
 * one MEMBERS_ONLY); it links the booking to the account and applies the account's vouchers
 * that are valid today. A code taken answers its percentage off.
 */
export async function setCampaignCode(
  db: Db,
  token: string,
  body: { value?: string | null | undefined; loyaltyToken?: string | null | undefined },
  now = new Date(),
): Promise<CampaignCodeAnswer> {
  const code = body.value?.trim().toUpperCase() || null;
  if (!code) {
    await updateProcess(db, token, { campaign_code: null, loyalty_account_id: null, voucher_ids: [] });
    return { responseCode: 'SUCCESS' };
  }
  const campaign = await repo.findCampaign(db, code);
  if (!campaign) return { responseCode: 'NOT_FOUND' };
  // The members' code needs the loyalty programme on, as the token it comes with does.
  if (campaign.members_only && !(await loyaltyEnabled(db))) return { responseCode: 'NOT_FOUND' };
  const state = campaignCodeState(campaign, todayInHelsinki(now));
  if (state !== 'VALID') return { responseCode: state };
  if (!campaign.members_only) {
    await updateProcess(db, token, { campaign_code: campaign.code });
    return { responseCode: 'SUCCESS', percentOff: campaign.percent_off };
  }
  if (!body.loyaltyToken) return { responseCode: 'MEMBERS_ONLY' };
  const account = await accountOfToken(db, body.loyaltyToken);
  const vouchers = await validVouchers(db, account.id, now);
  await updateProcess(db, token, {
    campaign_code: campaign.code,
    loyalty_account_id: account.id,
    voucher_ids: vouchers.map((v) => v.voucherId),
  });
  return { responseCode: 'SUCCESS', percentOff: campaign.percent_off, vouchers: vouchers.map((v) => v.voucherId) };
}

/**
 * Deletes a loyalty account with its cars, vouchers, contracts, brands, tokens, waiting
 * registrations and remembered devices (repository.ts deleteLoyaltyAccount); its bookings
 * stay without the link. Called with the caller's transaction.
 */
export async function deleteLoyaltyAccount(db: Executor, accountId: number): Promise<boolean> {
  return repo.deleteLoyaltyAccount(db, accountId, (username) => accountKey('loyalty', username).key);
}
