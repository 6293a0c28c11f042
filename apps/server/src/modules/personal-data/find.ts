/**
 * POST /staff/personal-data/search: what is held about a person, found by any of the keys
 * given (personalDataQuery), listed and counted. The same finding is what the export writes
 * out and what the erasure removes, so the three never disagree.
 */
import { formatLocalDateTime, todayInHelsinki, type PersonalDataFound } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { recordAudit } from '../audit/index.ts';
import {
  findBookingsOf,
  findFeedbackOf,
  findLoyaltyAccountsOf,
  findMessagesOf,
  type BookingRecord,
  type FeedbackRecord,
  type LoyaltyAccountRecord,
  type MessageRecord,
  type PersonKeys,
} from './repository.ts';

/** Everything found about a person, as stored. */
export interface PersonRecords {
  bookings: BookingRecord[];
  loyaltyAccounts: LoyaltyAccountRecord[];
  messages: MessageRecord[];
  feedback: FeedbackRecord[];
}

/** Which kinds of key a request gave (for the audit trail: never the keys themselves). */
export function keyKinds(keys: PersonKeys): ('email' | 'phone' | 'registerNumber')[] {
  return (['email', 'phone', 'registerNumber'] as const).filter((k) => keys[k] !== '');
}

/** The booking's visit is still ahead (or going on) and it is not cancelled; a lead counts by its wished day. */
export function isUpcoming(b: Pick<BookingRecord, 'status' | 'end_at' | 'lead_date'>, now: Date): boolean {
  if (b.status === 'CANCELLED') return false;
  if (b.end_at) return b.end_at.getTime() > now.getTime();
  return b.lead_date !== null && b.lead_date >= todayInHelsinki(now);
}

/**
 * The person's records: the bookings of the keys, the loyalty accounts of the keys, the
 * messages of those bookings and those sent to the given addresses or to the accounts'
 * e-mail addresses (not about another booking), and the feedback on the bookings.
 */
export async function findPersonRecords(db: Executor, keys: PersonKeys): Promise<PersonRecords> {
  const bookings = await findBookingsOf(db, keys);
  const loyaltyAccounts = await findLoyaltyAccountsOf(db, keys);
  const bookingIds = bookings.map((b) => String(b.id));
  const addresses = [keys.email, keys.phone, ...loyaltyAccounts.map((a) => a.email)];
  const messages = await findMessagesOf(db, bookingIds, addresses);
  const feedback = await findFeedbackOf(db, bookingIds);
  return { bookings, loyaltyAccounts, messages, feedback };
}

export async function countVehiclesAndVouchers(db: Executor, accountIds: readonly number[]) {
  const counts = new Map<number, { vehicles: number; vouchers: number }>();
  for (const id of accountIds) counts.set(id, { vehicles: 0, vouchers: 0 });
  if (accountIds.length === 0) return counts;
  const vehicles = await db
    .selectFrom('loyalty_vehicle')
    .select(['account_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('account_id', 'in', [...accountIds])
    .groupBy('account_id')
    .execute();
  const vouchers = await db
    .selectFrom('loyalty_voucher')
    .select(['account_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('account_id', 'in', [...accountIds])
    .groupBy('account_id')
    .execute();
  for (const v of vehicles) counts.get(v.account_id)!.vehicles = Number(v.n);
  for (const v of vouchers) counts.get(v.account_id)!.vouchers = Number(v.n);
  return counts;
}

/** The visit's start as the API writes a booking's time: ISO with Helsinki's offset. */
export function startText(b: Pick<BookingRecord, 'start_at'>): string | null {
  if (!b.start_at) return null;
  const local = formatLocalDateTime(b.start_at);
  const offsetMinutes = Math.round((Date.parse(`${local}Z`) - b.start_at.getTime()) / 60000);
  const sign = offsetMinutes >= 0 ? '+' : '-';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export function customerNameOf(customer: unknown): string {
  const c = (customer ?? {}) as { first_name?: unknown; last_name?: unknown };
  return [c.first_name, c.last_name].filter((p): p is string => typeof p === 'string' && p !== '').join(' ');
}

/** The search's answer for records found. */
export async function foundOf(db: Executor, records: PersonRecords, now: Date): Promise<PersonalDataFound> {
  const counts = await countVehiclesAndVouchers(
    db,
    records.loyaltyAccounts.map((a) => a.id),
  );
  const bookings = records.bookings.map((b) => ({
    id: Number(b.id),
    bookingKey: b.booking_key,
    officeName: b.office_name,
    start: startText(b),
    status: b.status,
    registerNumber: b.register_number,
    customerName: customerNameOf(b.customer),
    upcoming: isUpcoming(b, now),
    removed: b.personal_data_removed_at !== null,
  }));
  return {
    bookings,
    loyaltyAccounts: records.loyaltyAccounts.map((a) => ({
      id: a.id,
      name: `${a.firstname} ${a.lastname}`.trim(),
      email: a.email,
      vehicles: counts.get(a.id)?.vehicles ?? 0,
      vouchers: counts.get(a.id)?.vouchers ?? 0,
    })),
    messages: records.messages.length,
    feedback: records.feedback.length,
    upcoming: bookings.filter((b) => b.upcoming).length,
  };
}

/** POST /staff/personal-data/search: the person's records listed, with an audit row of the counts only. */
export async function searchPersonalData(db: Executor, staffUserId: number, keys: PersonKeys, now = new Date()): Promise<PersonalDataFound> {
  const found = await foundOf(db, await findPersonRecords(db, keys), now);
  await recordAudit(db, {
    staffUserId,
    entity: 'PERSONAL_DATA',
    entityId: null,
    action: 'SEARCHED',
    after: {
      by: keyKinds(keys),
      bookings: found.bookings.length,
      loyaltyAccounts: found.loyaltyAccounts.length,
      messages: found.messages,
      feedback: found.feedback,
      upcoming: found.upcoming,
    },
  });
  return found;
}
