import { randomBytes, randomInt } from 'node:crypto';
import { MESSAGES, isVoucherValid, todayInHelsinki, type LoyaltyAccount, type LoyaltyVehicle, type Voucher } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, sha256, verifyPassword } from '../../lib/password.ts';
import type { Executor } from '../process/repository.ts';
import * as repo from './repository.ts';
import { userText } from '../mail/text.ts';

/** Failed logins allowed per account and per client address within the window. */
export const LOGIN_LIMITS = { perAccount: 5, perAddress: 20, windowMinutes: 15 } as const;

export const unauthorized = () => new DomainError(401, 'UNAUTHORIZED', MESSAGES.loginFailed.text);
const tooMany = () => new DomainError(429, 'TOO_MANY_ATTEMPTS', 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.');

/**
 * Logs in with a username and password. A wrong password, an unknown user and an
 * unconfirmed account answer alike and take alike long.
 */
export async function login(db: Db, username: string, password: string, address: string) {
  const user = username.trim().toLowerCase();
  const accountKey = `account:${user}`;
  const addressKey = `address:${address}`;
  if (
    (await repo.countFailedLogins(db, accountKey, LOGIN_LIMITS.windowMinutes)) >= LOGIN_LIMITS.perAccount ||
    (await repo.countFailedLogins(db, addressKey, LOGIN_LIMITS.windowMinutes)) >= LOGIN_LIMITS.perAddress
  ) {
    throw tooMany();
  }
  const account = await repo.findAccountByUsername(db, user);
  const ok = await verifyPassword(password, account?.password_hash ?? (await dummyPasswordHash()));
  if (!account || !ok || !account.confirmed) {
    await repo.recordFailedLogin(db, [accountKey, addressKey]);
    throw unauthorized();
  }
  await repo.clearFailedLogins(db, accountKey);
  const token = randomBytes(32).toString('base64url');
  await repo.insertToken(db, sha256(token), account.id);
  return { token };
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
 * Creates an unconfirmed account and e-mails a six-digit confirmation code. An address
 * already registered gets a notice instead, and the answer is the same, so registration
 * cannot be used to find out who has an account.
 */
export async function registerUser(db: Db, r: Registration) {
  const existing = await repo.findAccountByUsername(db, r.username);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const passwordHash = await hashPassword(r.password);
  await db.transaction().execute(async (trx) => {
    if (existing?.confirmed) {
      await queueMail(trx, r.username, 'OmaLaakkonen-tili on jo olemassa', [
        `Hei ${userText(existing.firstname)},`,
        '',
        'tällä sähköpostiosoitteella on jo OmaLaakkonen-tili. Voit kirjautua sillä ajanvarauksessa.',
        'Jos et yrittänyt rekisteröityä, voit jättää tämän viestin huomiotta.',
      ]);
      return;
    }
    if (existing) {
      await trx
        .updateTable('loyalty_account')
        .set({ password_hash: passwordHash, firstname: r.firstname, lastname: r.lastname, phone: r.phone ?? '', confirmation_hash: sha256(code) })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await trx
        .insertInto('loyalty_account')
        .values({
          username: r.username,
          password_hash: passwordHash,
          firstname: r.firstname,
          lastname: r.lastname,
          phone: r.phone ?? '',
          email: r.username,
          confirmation_hash: sha256(code),
        })
        .execute();
    }
    await queueMail(trx, r.username, 'Vahvista OmaLaakkonen-tilisi', [
      // The name as typed is shown as text that no mail client links (mail/text.ts).
      `Hei ${userText(r.firstname)},`,
      '',
      `vahvistuskoodisi on ${code}.`,
      'Syötä koodi ajanvarauksen rekisteröitymisikkunaan, niin tilisi on valmis.',
    ]);
  });
  return { responseCode: 'SUCCESS' as const };
}

export async function confirmUser(db: Db, username: string, code: string) {
  const key = `confirm:${username}`;
  if ((await repo.countFailedLogins(db, key, LOGIN_LIMITS.windowMinutes)) >= LOGIN_LIMITS.perAccount) throw tooMany();
  const account = await repo.findAccountByUsername(db, username);
  if (!account || account.confirmed || account.confirmation_hash !== sha256(code)) {
    await repo.recordFailedLogin(db, [key]);
    throw new DomainError(400, 'INVALID_CODE', 'Vahvistuskoodi ei kelpaa.', [{ path: 'code', message: 'Vahvistuskoodi ei kelpaa' }]);
  }
  await db.updateTable('loyalty_account').set({ confirmed: true, confirmation_hash: null }).where('id', '=', account.id).execute();
  return { responseCode: 'SUCCESS' as const };
}

async function queueMail(db: Executor, to: string, subject: string, lines: string[]) {
  await db
    .insertInto('email_outbox')
    .values({
      recipient: to,
      subject,
      text_body: [...lines, '', 'Ystävällisin terveisin', 'Laakkonen'].join('\n'),
      file_name: `tili-${Date.now()}-${randomBytes(4).toString('hex')}.eml`,
    })
    .execute();
}
