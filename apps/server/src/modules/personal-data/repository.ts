/**
 * What is held about a person, found by an e-mail address, a phone number or a registration
 * number (migration 027 indexes each key): bookings, loyalty accounts, messages and feedback.
 * Every query takes the executor it is given, so an erasure finds and changes in one
 * transaction.
 */
import { sql, type Selectable } from 'kysely';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';

/** Whom the request is about, as personalDataQuery writes the keys ('' for a key not given). */
export interface PersonKeys {
  /** Lower-cased. */
  email: string;
  /** As normalizePhoneNumber writes it. */
  phone: string;
  /** As the register writes it (upper case). */
  registerNumber: string;
}

export type BookingRecord = Selectable<Database['booking']> & { office_name: string };
export type LoyaltyAccountRecord = Selectable<Database['loyalty_account']>;
export type MessageRecord = Selectable<Database['email_outbox']>;
export type FeedbackRecord = Selectable<Database['feedback']>;

/**
 * The query of the bookings whose customer's e-mail or phone, or whose car's plate, is one
 * of the keys, oldest first (each key through its index of migration 027); undefined
 * without a key.
 */
export function bookingsOfQuery(db: Executor, keys: PersonKeys) {
  const any = [];
  if (keys.email) any.push(sql<boolean>`lower(b.customer->>'email') = ${keys.email}`);
  if (keys.phone) {
    any.push(sql<boolean>`b.customer_phone = ${keys.phone}`);
    any.push(sql<boolean>`normalized_phone(b.customer->>'phone_number') = ${keys.phone}`);
  }
  if (keys.registerNumber) any.push(sql<boolean>`upper(b.register_number) = ${keys.registerNumber}`);
  if (any.length === 0) return undefined;
  return db
    .selectFrom('booking as b')
    .innerJoin('organization as o', 'o.id', 'b.organization_id')
    .selectAll('b')
    .select('o.name as office_name')
    .where(sql<boolean>`(${sql.join(any, sql` OR `)})`)
    .orderBy(sql`coalesce(b.start_at, b.lead_date::timestamptz, b.created_at)`)
    .orderBy('b.id');
}

/** The bookings of the keys (bookingsOfQuery). */
export async function findBookingsOf(db: Executor, keys: PersonKeys): Promise<BookingRecord[]> {
  return (await bookingsOfQuery(db, keys)?.execute()) ?? [];
}

/** The bookings made with a loyalty account or with its e-mail address; oldest first. */
export async function findBookingsOfAccount(db: Executor, accountId: number, email: string): Promise<BookingRecord[]> {
  return db
    .selectFrom('booking as b')
    .innerJoin('organization as o', 'o.id', 'b.organization_id')
    .selectAll('b')
    .select('o.name as office_name')
    .where((eb) => eb.or([eb('b.loyalty_account_id', '=', accountId), eb(sql`lower(b.customer->>'email')`, '=', email.toLowerCase())]))
    .orderBy(sql`coalesce(b.start_at, b.lead_date::timestamptz, b.created_at)`)
    .orderBy('b.id')
    .execute();
}

/** Loyalty accounts of the e-mail or phone, or with the plate among their saved cars. */
export async function findLoyaltyAccountsOf(db: Executor, keys: PersonKeys): Promise<LoyaltyAccountRecord[]> {
  const any = [];
  if (keys.email) any.push(sql<boolean>`(lower(a.email) = ${keys.email} OR a.username = ${keys.email})`);
  if (keys.phone) any.push(sql<boolean>`normalized_phone(a.phone) = ${keys.phone}`);
  if (keys.registerNumber) {
    any.push(sql<boolean>`EXISTS (SELECT 1 FROM loyalty_vehicle v WHERE v.account_id = a.id AND upper(v.license) = ${keys.registerNumber})`);
  }
  if (any.length === 0) return [];
  return db
    .selectFrom('loyalty_account as a')
    .selectAll('a')
    .where(sql<boolean>`(${sql.join(any, sql` OR `)})`)
    .orderBy('a.id')
    .execute();
}

/**
 * Messages to the person or about their bookings: those of the bookings, those sent to one
 * of the addresses (an e-mail lower-cased, a phone normalised, as text messages are
 * addressed) — the latter only when not about another booking, as an address may have been
 * typed for someone else's booking.
 */
export async function findMessagesOf(db: Executor, bookingIds: readonly string[], addresses: readonly string[]): Promise<MessageRecord[]> {
  const wanted = [...new Set(addresses.filter((a) => a !== '').map((a) => a.toLowerCase()))];
  if (bookingIds.length === 0 && wanted.length === 0) return [];
  return db
    .selectFrom('email_outbox as m')
    .selectAll('m')
    .where((eb) => {
      const any = [];
      if (bookingIds.length > 0) any.push(eb('m.booking_id', 'in', [...bookingIds]));
      if (wanted.length > 0) any.push(eb.and([eb(sql`lower(m.recipient)`, 'in', wanted), eb('m.booking_id', 'is', null)]));
      return eb.or(any);
    })
    .orderBy('m.id')
    .execute();
}

export async function findFeedbackOf(db: Executor, bookingIds: readonly string[]): Promise<FeedbackRecord[]> {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('feedback').selectAll().where('booking_id', 'in', [...bookingIds]).orderBy('id').execute();
}

export async function findAddedRowsOf(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db.selectFrom('booking_added_row').selectAll().where('booking_id', 'in', [...bookingIds]).orderBy('id').execute();
}

export async function findEventsOf(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return db
    .selectFrom('booking_event as e')
    .select(['e.id', 'e.booking_id', 'e.at', 'e.action', 'e.actor', 'e.note', 'e.before', 'e.after'])
    .where('e.booking_id', 'in', [...bookingIds])
    .orderBy('e.id')
    .execute();
}

/** A loyalty account's saved cars, vouchers, service contracts and brands. */
export async function findLoyaltyDetails(db: Executor, accountIds: readonly number[]) {
  if (accountIds.length === 0) return { vehicles: [], vouchers: [], contracts: [], brands: [] };
  const ids = [...accountIds];
  // One after another: a transaction (and PGlite) has one connection.
  const vehicles = await db
    .selectFrom('loyalty_vehicle')
    .select(['account_id', 'license', 'brand_name', 'model_name', 'car_type_specified'])
    .where('account_id', 'in', ids)
    .orderBy('license')
    .execute();
  const vouchers = await db.selectFrom('loyalty_voucher').selectAll().where('account_id', 'in', ids).orderBy('valid_from').orderBy('id').execute();
  const contracts = await db.selectFrom('loyalty_service_contract').selectAll().where('account_id', 'in', ids).orderBy('license').orderBy('contract_type').execute();
  const brands = await db
    .selectFrom('loyalty_account_brand as ab')
    .innerJoin('vehicle_make as m', 'm.id', 'ab.make_id')
    .select(['ab.account_id', 'm.name'])
    .where('ab.account_id', 'in', ids)
    .orderBy('m.name')
    .execute();
  return { vehicles, vouchers, contracts, brands };
}

/** Loyalty registrations waiting for their code, by e-mail address. */
export async function deleteRegistrationsOf(db: Executor, emails: readonly string[]): Promise<number> {
  const wanted = [...new Set(emails.filter((e) => e !== '').map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return 0;
  const result = await db.deleteFrom('loyalty_registration').where(sql`lower(username)`, 'in', wanted).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many of these messages have their body cleared. */
export async function countClearedMessages(db: Executor, messageIds: readonly string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const row = await db
    .selectFrom('email_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('id', 'in', [...messageIds])
    .where('body_cleared_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
