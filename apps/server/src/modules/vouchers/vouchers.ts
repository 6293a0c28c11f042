/**
 * The loyalty members' vouchers, given by admins on the back-office: a sum off the member's
 * next booking on its Helsinki days (both included). The voucher is applied when the member
 * logs in on a booking (loyalty/service.ts setCampaignCode, validVouchers) and spent by the
 * booking saved with it. A voucher is made once, in the caller's transaction with its
 * VOUCHER audit row; vouchers are read from the database at each use, no cache holds them,
 * so a new voucher applies to the member's next login on a booking. Without the LOYALTY
 * module (setting 'modules') there are no members: the calls answer 404 as the loyalty API does.
 */
import { randomBytes } from 'node:crypto';
import { addDays, createVoucherBody, todayInHelsinki, type CreateVoucherBody, type VoucherAdmin } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { loyaltyEnabled } from '../settings/index.ts';
import { endVoucher, findAccountId, findVoucher, insertVoucher, listVouchers, type VoucherWithMember } from './repository.ts';

/** The most vouchers a list answers: the newest of all members, or of one. */
export const VOUCHER_LIST_LIMIT = 100;

/** The loyalty API's answer when the programme is off (loyalty/routes.ts), word for word. */
const loyaltyOff = () => new DomainError(404, 'NOT_FOUND', 'Kanta-asiakasohjelma ei ole käytössä.');

/** 404 when the company has no loyalty programme (the LOYALTY module off). */
export async function requireLoyalty(db: Executor) {
  if (!(await loyaltyEnabled(db))) throw loyaltyOff();
}

export function voucherOf(r: VoucherWithMember): VoucherAdmin {
  return {
    id: r.id,
    accountEmail: r.username,
    title: r.title,
    discountCents: r.discount_cents,
    validFrom: r.valid_from,
    validTo: r.valid_to,
    usedBookingKey: r.booking_key,
  };
}

/** A new voucher's id, shown to the member with the voucher: 'ETU-' and 8 random hex digits in capitals. */
const newVoucherId = () => `ETU-${randomBytes(4).toString('hex').toUpperCase()}`;

/** The newest vouchers, the last day furthest ahead first: all members' or the member's with that e-mail address. */
export async function vouchers(db: Executor, email?: string): Promise<VoucherAdmin[]> {
  return (await listVouchers(db, VOUCHER_LIST_LIMIT, email)).map(voucherOf);
}

/**
 * Gives a member a voucher in the caller's transaction, with an audit row; 400 naming
 * `accountEmail` when no member has that e-mail address.
 */
export async function createVoucher(trx: Executor, input: CreateVoucherBody, staffUserId: number | null): Promise<VoucherAdmin> {
  const v = parse(createVoucherBody, input);
  const accountId = await findAccountId(trx, v.accountEmail);
  if (accountId === undefined) throw badRequest('accountEmail', 'Kanta-asiakasta ei löydy tällä sähköpostiosoitteella');
  const id = newVoucherId();
  await insertVoucher(trx, { id, account_id: accountId, title: v.title, discount_cents: v.discountCents, valid_from: v.validFrom, valid_to: v.validTo });
  const after = voucherOf((await findVoucher(trx, id))!);
  await recordAudit(trx, { staffUserId, entity: 'VOUCHER', entityId: id, action: 'CREATED', after });
  return after;
}

export const voucherNotFound = () => new DomainError(404, 'NOT_FOUND', 'Etua ei löytynyt');

/**
 * Withdraws a voucher not used yet in the caller's transaction, with an audit row of the
 * voucher before and after: it ends yesterday (Helsinki date; its first day moves back to
 * that day when it was later), so no login applies it from now on. One that has already
 * ended is answered as it is, and nothing is written. 404 for an unknown voucher, 409 for
 * one a saved booking has spent (the booking keeps it and its price).
 */
export async function withdrawVoucher(trx: Executor, id: string, staffUserId: number | null, now = new Date()): Promise<VoucherAdmin> {
  const row = await findVoucher(trx, id, true);
  if (!row) throw voucherNotFound();
  const before = voucherOf(row);
  if (row.booking_key) throw new DomainError(409, 'VOUCHER_USED', `Etu on jo käytetty varauksessa ${row.booking_key}.`);
  const yesterday = addDays(todayInHelsinki(now), -1);
  if (row.valid_to <= yesterday) return before;
  await endVoucher(trx, id, yesterday);
  const after = voucherOf((await findVoucher(trx, id))!);
  await recordAudit(trx, { staffUserId, entity: 'VOUCHER', entityId: id, action: 'DEACTIVATED', before, after });
  return after;
}

export const vouchersCall = async (db: Db, email?: string) => {
  await requireLoyalty(db);
  return vouchers(db, email);
};

export const createVoucherCall = (db: Db, input: CreateVoucherBody, staffUserId: number) =>
  db.transaction().execute(async (trx) => {
    await requireLoyalty(trx);
    return createVoucher(trx, input, staffUserId);
  });

export const withdrawVoucherCall = (db: Db, id: string, staffUserId: number) =>
  db.transaction().execute(async (trx) => {
    await requireLoyalty(trx);
    return withdrawVoucher(trx, id, staffUserId);
  });
