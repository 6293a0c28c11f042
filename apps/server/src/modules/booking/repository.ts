import type { Booking, BookingChannel } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

/** A saved booking's key, office and the booking as it was saved. */
export async function findSavedBooking(db: Executor, bookingId: string | number): Promise<{ bookingKey: string; organizationId: number; snapshot: Booking }> {
  const row = await db
    .selectFrom('booking')
    .select(['booking_key', 'organization_id', 'snapshot', 'register_number'])
    .where('id', '=', String(bookingId))
    .executeTakeFirstOrThrow();
  // Bookings saved before the snapshot held every field: the plate is a column, the flags default to none.
  const snap = (row.snapshot ?? {}) as Partial<Booking>;
  const snapshot = {
    customer_waiting: false,
    vehicle_left_for_day: false,
    product_parameters: [],
    ...snap,
    vehicle: { ...(snap.vehicle ?? {}), register_number: row.register_number },
  } as Booking;
  return { bookingKey: row.booking_key, organizationId: row.organization_id, snapshot };
}

/** A booking as it is saved: the booking's read model with what the save decided. */
export interface NewBooking {
  bookingKey: string;
  processToken: string;
  processType: string;
  organizationId: number;
  registerNumber: string;
  kind: 'RESERVATION' | 'LEAD';
  start: Date | null;
  end: Date | null;
  timeSelectionType: string | null;
  leadDate: string | null;
  usingKeyLocker: boolean;
  customerPhone: string;
  customer: Booking['customer'];
  vehicle: Booking['vehicle'];
  orderItems: Booking['order_items'];
  totalCents: number;
  snapshot: Booking;
  campaignCode: string | null;
  voucherIds: string[];
  loyaltyAccountId: number | null;
  clientKey: string | null;
  /** How it came in: ONLINE from the customer flow, PHONE or COUNTER made by staff. */
  channel: BookingChannel;
  /** The staff member who made it (null for ONLINE). */
  createdByStaffId: number | null;
}

/** Inserts a booking row; answers its id. */
export async function insertBooking(db: Executor, b: NewBooking): Promise<string> {
  const inserted = await db
    .insertInto('booking')
    .values({
      booking_key: b.bookingKey,
      process_token: b.processToken,
      process_type: b.processType,
      organization_id: b.organizationId,
      register_number: b.registerNumber,
      kind: b.kind,
      start_at: b.start,
      end_at: b.end,
      time_selection_type: b.timeSelectionType,
      lead_date: b.leadDate,
      using_key_locker: b.usingKeyLocker,
      customer_phone: b.customerPhone,
      customer: JSON.stringify(b.customer),
      vehicle: JSON.stringify(b.vehicle),
      order_items: JSON.stringify(b.orderItems),
      total_cents: b.totalCents,
      snapshot: JSON.stringify(b.snapshot),
      campaign_code: b.campaignCode,
      voucher_ids: JSON.stringify(b.voucherIds),
      loyalty_account_id: b.loyaltyAccountId,
      client_key: b.clientKey,
      channel: b.channel,
      created_by_staff_id: b.createdByStaffId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Marks a loyalty voucher spent by a booking; false when it was already spent. */
export async function spendVoucher(db: Executor, voucherId: string, bookingId: string): Promise<boolean> {
  const spent = await db
    .updateTable('loyalty_voucher')
    .set({ used_booking_id: bookingId })
    .where('id', '=', voucherId)
    .where('used_booking_id', 'is', null)
    .returning('id')
    .execute();
  return spent.length > 0;
}
