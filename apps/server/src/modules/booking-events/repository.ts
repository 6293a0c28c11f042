/**
 * A booking's history (booking_event, migration 015): who did what and when, with the
 * booking's state before and after. Kept small: {start, end, resourceIds} for a move,
 * {status} for a cancellation, {visitStatus} for a visit status.
 */
import { formatLocalDateTime, type BookingEvent } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

export type BookingEventActor = 'CUSTOMER' | 'STAFF' | 'SYSTEM';
export type BookingEventActionName = 'CREATED' | 'MOVED' | 'CANCELLED' | 'STATUS' | 'NOTE' | 'CHANGED';

export interface NewBookingEvent {
  bookingId: number | string;
  actor: BookingEventActor;
  /** Required when actor is STAFF, absent otherwise (the table checks it). */
  staffUserId?: number | null;
  action: BookingEventActionName;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  note?: string | null;
}

/** Records one event; called inside the transaction that made the change. */
export async function recordBookingEvent(db: Executor, e: NewBookingEvent): Promise<void> {
  await db
    .insertInto('booking_event')
    .values({
      booking_id: e.bookingId,
      actor: e.actor,
      staff_user_id: e.staffUserId ?? null,
      action: e.action,
      before: e.before == null ? null : JSON.stringify(e.before),
      after: e.after == null ? null : JSON.stringify(e.after),
      note: e.note ?? null,
    })
    .execute();
}

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value == null) return null;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** A booking's events, oldest first, with the staff member's name when staff did it. */
export async function listBookingEvents(db: Executor, bookingId: number | string): Promise<BookingEvent[]> {
  const rows = await db
    .selectFrom('booking_event as e')
    .leftJoin('staff_user as u', 'u.id', 'e.staff_user_id')
    .select(['e.id', 'e.at', 'e.actor', 'e.action', 'e.before', 'e.after', 'e.note', 'u.name as staff_name'])
    .where('e.booking_id', '=', String(bookingId))
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: formatLocalDateTime(new Date(r.at)),
    actor: r.actor as BookingEventActor,
    staffName: r.staff_name ?? null,
    action: r.action as BookingEventActionName,
    before: asRecord(r.before),
    after: asRecord(r.after),
    note: r.note,
  }));
}
