import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';

/**
 * The parts of a booking's saved snapshot (the booking as it was saved, a jsonb column)
 * that its calendar event shows; older bookings may lack some, which then count as none.
 */
const storedSnapshot = z.object({
  vehicle: z.object({ make: z.string().nullish(), model: z.string().nullish() }).nullish(),
  order_items: z
    .array(
      z
        .object({
          display_description: z.string(),
          amount: z.number(),
          price: z.number(),
          // Which product decides how its price shows ('alkaen', a quote); none: an exact price.
          product: z.object({ id: z.string() }).loose().default({ id: '' }),
        })
        .loose(),
    )
    .default([]),
  extra_order_items: z.array(z.object({ description: z.string(), price: z.number() }).loose()).default([]),
  discounts: z.array(z.object({ description: z.string(), amount: z.number() }).loose()).default([]),
  symptoms: z.array(z.object({ description: z.string() }).loose()).default([]),
  customer_waiting: z.boolean().default(false),
  vehicle_left_for_day: z.boolean().default(false),
  product_parameters: z.array(z.object({ parameterCode: z.string(), selectedValue: z.string() })).default([]),
});
export type StoredSnapshot = z.infer<typeof storedSnapshot>;

/** A saved booking as its calendar file needs it. */
export interface CalendarBookingRow {
  id: string;
  bookingKey: string;
  registerNumber: string;
  status: string;
  kind: 'RESERVATION' | 'LEAD';
  start: Date | null;
  end: Date | null;
  timeSelectionType: string | null;
  totalCents: number;
  organizationId: number;
  snapshot: StoredSnapshot;
}

/**
 * The booking with this key and registration number; one query whichever of the two is
 * wrong, so a wrong key and a wrong plate look the same.
 */
export async function findBookingByKeyAndPlate(db: Executor, bookingKey: string, registerNumber: string): Promise<CalendarBookingRow | undefined> {
  const row = await db
    .selectFrom('booking')
    .select(['id', 'booking_key', 'register_number', 'status', 'kind', 'start_at', 'end_at', 'time_selection_type', 'total_cents', 'snapshot', 'organization_id'])
    .where('booking_key', '=', bookingKey)
    .where('register_number', '=', registerNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    bookingKey: row.booking_key,
    registerNumber: row.register_number,
    status: row.status,
    kind: row.kind,
    start: row.start_at,
    end: row.end_at,
    timeSelectionType: row.time_selection_type,
    totalCents: row.total_cents,
    organizationId: row.organization_id,
    snapshot: storedSnapshot.parse(row.snapshot ?? {}),
  };
}

/** The office of a booking as its calendar event names it, with its e-mail (the event's organizer). */
export async function findBookingOffice(db: Executor, organizationId: number) {
  return db
    .selectFrom('organization')
    .select(['id', 'name', 'address', 'post_code', 'post_office', 'email', 'phone', 'opening_time', 'closing_time'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}

/** The rows added to a booking after it was saved (from its own page), oldest first. */
export async function findAddedRows(db: Executor, bookingId: string) {
  return db
    .selectFrom('booking_added_row')
    .select(['product_id', 'description', 'amount', 'unit_price_cents'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}
