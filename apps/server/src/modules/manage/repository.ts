import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import { extended, type ExtraTables } from '#src/lib/extra-tables.ts';
import type { Database } from '#src/db/types.ts';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';

// The jsonb columns of a saved booking, as far as managing it reads them. Bookings of
// older releases (and the demo data) carry only some of the fields, so each is optional.
const storedCustomerSchema = z.looseObject({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone_number: z.string().optional(),
  email: z.string().optional(),
});
const storedVehicleSchema = z
  .looseObject({
    register_number: z.string().optional(),
    make: z.string().optional(),
    model: z.string().optional(),
  })
  .nullable();
const storedOrderItemsSchema = z.array(
  z.looseObject({
    display_description: z.string(),
    amount: z.number(),
    price: z.number(),
    product: z.looseObject({ id: z.string() }).optional(),
  }),
);
const storedSnapshotSchema = z.looseObject({
  extra_order_items: z.array(z.looseObject({ description: z.string(), price: z.number() })).optional(),
  discounts: z.array(z.looseObject({ description: z.string(), amount: z.number() })).optional(),
  organization: z.looseObject({ brand_dealer: z.boolean() }).nullable().optional(),
  price: z.looseObject({ normal_price: z.number().optional(), has_public_campaign: z.boolean().optional() }).optional(),
  /** The mechanics the customer chose (none: anyone of the office). */
  selected_resource_ids: z.array(z.number()).optional(),
});

export type StoredCustomer = z.infer<typeof storedCustomerSchema>;
export type StoredVehicle = z.infer<typeof storedVehicleSchema>;

type BookingColumns = Selectable<Database['booking'] & ExtraTables['booking']>;
/** A saved booking, its jsonb columns checked as read. */
export type BookingRow = Omit<BookingColumns, 'customer' | 'vehicle' | 'order_items' | 'snapshot'> & {
  customer: StoredCustomer;
  vehicle: StoredVehicle;
  order_items: z.infer<typeof storedOrderItemsSchema>;
  snapshot: z.infer<typeof storedSnapshotSchema>;
};
export type AddedRow = Selectable<ExtraTables['booking_added_row']>;

export function checkedBooking(row: BookingColumns): BookingRow {
  return {
    ...row,
    customer: storedJson(storedCustomerSchema, row.customer, 'booking.customer'),
    vehicle: storedJson(storedVehicleSchema, row.vehicle, 'booking.vehicle'),
    order_items: storedJson(storedOrderItemsSchema, row.order_items, 'booking.order_items'),
    snapshot: storedJson(storedSnapshotSchema, row.snapshot, 'booking.snapshot'),
  };
}

/**
 * The booking with this key and registration number; one query whichever of the two is
 * wrong, so a wrong key and a wrong plate look the same. `forUpdate` locks the row for
 * the rest of the transaction.
 */
export async function findBookingByKeyAndPlate(
  db: Executor,
  bookingKey: string,
  registerNumber: string,
  forUpdate = false,
): Promise<BookingRow | undefined> {
  let q = extended(db)
    .selectFrom('booking')
    .selectAll()
    .where('booking_key', '=', bookingKey)
    .where('register_number', '=', registerNumber);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row && checkedBooking(row);
}

/** The id of the booking with this key, if any. */
export async function findBookingIdByKey(db: Executor, bookingKey: string): Promise<string | undefined> {
  const row = await db.selectFrom('booking').select('id').where('booking_key', '=', bookingKey).executeTakeFirst();
  return row?.id;
}

/** The columns of an office a booking shows (its contact details and hours): BookingOrganization. */
export const bookingOrganizationColumns = ['id', 'name', 'address', 'post_code', 'post_office', 'phone', 'email', 'opening_time', 'closing_time'] as const;

/** The office of a booking with its contact details (inactive offices too: the booking stays theirs). */
export async function findBookingOrganization(db: Executor, organizationId: number) {
  return db
    .selectFrom('organization')
    .select(bookingOrganizationColumns)
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}
export type BookingOrganization = Awaited<ReturnType<typeof findBookingOrganization>>;

export async function findAddedRows(db: Executor, bookingId: string | number): Promise<AddedRow[]> {
  return extended(db).selectFrom('booking_added_row').selectAll().where('booking_id', '=', String(bookingId)).orderBy('id').execute();
}

/** Marks a booking cancelled now. */
export async function markBookingCancelled(db: Executor, bookingId: string) {
  await extended(db).updateTable('booking').set({ status: 'CANCELLED', cancelled_at: sql<Date>`now()` }).where('id', '=', bookingId).execute();
}

/** Gives back the vouchers spent on a booking. */
export async function returnVouchers(db: Executor, bookingId: string) {
  await db.updateTable('loyalty_voucher').set({ used_booking_id: null }).where('used_booking_id', '=', bookingId).execute();
}

/** How many rows have been added to a booking. */
export async function countAddedRows(db: Executor, bookingId: string): Promise<number> {
  const row = await extended(db)
    .selectFrom('booking_added_row')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('booking_id', '=', bookingId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds rows to a booking and its total (in cents). */
export async function insertAddedRows(
  db: Executor,
  bookingId: string,
  lines: readonly { productId: string; description: string; amount: number; unitPrice: number }[],
) {
  await extended(db)
    .insertInto('booking_added_row')
    .values(lines.map((l) => ({ booking_id: bookingId, product_id: l.productId, description: l.description, amount: l.amount, unit_price_cents: l.unitPrice })))
    .execute();
  const addedCents = lines.reduce((s, l) => s + l.unitPrice * l.amount, 0);
  await db
    .updateTable('booking')
    .set({ total_cents: sql<number>`total_cents + ${addedCents}` })
    .where('id', '=', bookingId)
    .execute();
}

/** Stores a customer's feedback. */
export async function insertFeedback(db: Executor, feedback: { bookingId: string | null; rating: number; message: string | null }) {
  await extended(db)
    .insertInto('feedback')
    .values({ booking_id: feedback.bookingId, rating: feedback.rating, message: feedback.message })
    .execute();
}

export interface BookedTime {
  resource_id: number;
  start: Date;
  end: Date;
}

/** The time a booking has taken on the office's resources (its resource_time rows). */
export async function findBookedTimes(db: Executor, bookingId: string): Promise<BookedTime[]> {
  const res = await sql<BookedTime>`
    SELECT resource_id, lower(during) AS start, upper(during) AS "end"
    FROM resource_time
    WHERE booking_id = ${bookingId}
    ORDER BY id`.execute(db);
  return res.rows.map((r) => ({ resource_id: r.resource_id, start: new Date(r.start), end: new Date(r.end) }));
}

/** Sets a booking's time (its resource_time rows are the holds module's). */
export async function updateBookingTime(
  db: Executor,
  bookingId: string,
  time: { start: Date; end: Date; timeSelectionType: string },
) {
  await db
    .updateTable('booking')
    .set({ start_at: time.start, end_at: time.end, time_selection_type: time.timeSelectionType })
    .where('id', '=', bookingId)
    .execute();
}
