/**
 * The loyalty vouchers' SQL for the back-office (loyalty_voucher, migration 003): a voucher
 * with its member's e-mail address (loyalty_account.username) and the key of the booking
 * that spent it, and a new voucher's row.
 */
import { sql, type Insertable } from 'kysely';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';

export interface VoucherWithMember {
  id: string;
  username: string;
  title: string;
  discount_cents: number;
  valid_from: string;
  valid_to: string;
  booking_key: string | null;
}

function withMember(db: Executor) {
  return db
    .selectFrom('loyalty_voucher as v')
    .innerJoin('loyalty_account as a', 'a.id', 'v.account_id')
    .leftJoin('booking as b', 'b.id', 'v.used_booking_id')
    .select(['v.id', 'a.username', 'v.title', 'v.discount_cents', 'v.valid_from', 'v.valid_to', 'b.booking_key']);
}

/** The newest vouchers first (the last day furthest ahead, then the id), all or one member's (`username`), at most `limit`. */
export async function listVouchers(db: Executor, limit: number, username?: string): Promise<VoucherWithMember[]> {
  let q = withMember(db);
  if (username !== undefined) q = q.where('a.username', '=', username);
  return q.orderBy('v.valid_to', 'desc').orderBy('v.valid_from', 'desc').orderBy('v.id').limit(limit).execute();
}

export async function findVoucher(db: Executor, id: string, forUpdate = false): Promise<VoucherWithMember | undefined> {
  let q = withMember(db).where('v.id', '=', id);
  if (forUpdate) q = q.forUpdate('v');
  return q.executeTakeFirst();
}

/** The member's account id by user name (the lower-cased e-mail address). */
export async function findAccountId(db: Executor, username: string): Promise<number | undefined> {
  return (await db.selectFrom('loyalty_account').select('id').where('username', '=', username).executeTakeFirst())?.id;
}

export async function insertVoucher(db: Executor, values: Insertable<Database['loyalty_voucher']>) {
  await db.insertInto('loyalty_voucher').values(values).execute();
}

/** Ends a voucher on `lastDay`: its first day moves back to it when it was later. */
export async function endVoucher(db: Executor, id: string, lastDay: string) {
  await db
    .updateTable('loyalty_voucher')
    .set({ valid_to: lastDay, valid_from: sql<string>`least(valid_from, ${lastDay}::date)` })
    .where('id', '=', id)
    .execute();
}
