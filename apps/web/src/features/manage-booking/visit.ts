import type { ManagedBooking } from '@huolto/domain';

/** The Helsinki date of the visit: the reserved time's day, or a lead's wished day; null when neither. */
export function visitDate(booking: Pick<ManagedBooking, 'start' | 'leadDate'>): string | null {
  return booking.start?.slice(0, 10) ?? booking.leadDate ?? null;
}

/**
 * The satisfaction survey is asked once the visit is over: from the day after the visit's
 * day (Helsinki date), for a booking that was not cancelled.
 */
export function feedbackOpen(booking: Pick<ManagedBooking, 'status' | 'start' | 'leadDate'>, today: string): boolean {
  const date = visitDate(booking);
  return booking.status === 'CONFIRMED' && date !== null && date < today;
}

/**
 * Whether the booking can be moved to another time online: the server's rule (the same
 * deadline as cancelling, and a booking with a time) as the booking's answer tells it.
 */
export function canMove(booking: Pick<ManagedBooking, 'cancellable' | 'kind' | 'start'>): boolean {
  return booking.cancellable && booking.kind === 'RESERVATION' && booking.start !== null;
}

