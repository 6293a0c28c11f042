/**
 * The rules of managing a saved booking online (cancelling, moving), without zod: the web
 * app's booking page imports them without the schema code.
 */

/** A booking can be cancelled online until this many hours before its start. */
export const CANCEL_LIMIT_HOURS = 2;

/**
 * Whether a booking can still be cancelled: it is confirmed, and it is a lead (no agreed
 * time) or starts more than CANCEL_LIMIT_HOURS from now.
 */
export function isCancellable(b: { status: string; kind: string; start: Date | null }, now: Date): boolean {
  if (b.status !== 'CONFIRMED') return false;
  if (b.kind === 'LEAD' || b.start === null) return true;
  return b.start.getTime() - now.getTime() > CANCEL_LIMIT_HOURS * 3600_000;
}

/**
 * Whether a booking can still be moved to another time online: the same deadline as
 * cancelling (CANCEL_LIMIT_HOURS), and only a booking with a time (a lead has none).
 */
export function isMovable(b: { status: string; kind: string; start: Date | null }, now: Date): boolean {
  return b.kind === 'RESERVATION' && b.start !== null && isCancellable(b, now);
}
