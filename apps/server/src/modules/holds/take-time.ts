/**
 * The one way a time is taken on a resource: by a session holding a time (reserve-time),
 * by a customer moving their booking (manage) and by staff moving a booking
 * (staff-bookings). The old time is released first, so that it never stands in the way of
 * a new one overlapping it; the exclusion constraint of resource_time (migration 001)
 * decides who wins a time, so two racing requests never both have it. When no candidate
 * is won, TimeNotWon is thrown: the caller's transaction is rolled back and the old time
 * stays exactly as it was.
 *
 * Everything runs on the caller's transaction handle (PGlite has one connection: a query
 * on the outer handle inside a transaction fails).
 */
import type { Executor } from '#src/db/database.ts';
import { purgeExpiredHolds, releaseBookedTime, releaseHolds, tryInsertBookedTime, tryInsertHold } from './repository.ts';

/** Aborts a transaction whose new time was lost, undoing the release of the old one. */
export class TimeNotWon extends Error {}

/** A time on one resource that may be taken. */
export interface TimeCandidate {
  resourceId: number;
  start: Date;
  end: Date;
}

/** Who takes the time, and so which old time is released first. */
export type TimeTaker =
  /** A booking session's hold: its earlier holds are released; the hold lasts holdMinutes, never past notAfter. */
  | { hold: { token: string; holdMinutes: number; notAfter?: Date | null | undefined } }
  /** A saved booking's time: its booked time is released and the new one booked at once. */
  | { booking: { bookingId: string; processToken: string | null } };

export interface TakeTime {
  taker: TimeTaker;
  /** The office whose expired holds overlapping `within` are deleted, so their time can be taken again. */
  organizationId: number;
  within: { start: Date; end: Date };
  /**
   * The times to try, in order; the first one won is taken. Read only after the release,
   * so a generator may read the busy time (on the same transaction) without the old time in it.
   */
  candidates: Iterable<TimeCandidate> | AsyncIterable<TimeCandidate>;
  /** The message of the TimeNotWon thrown when no candidate is won. */
  lostMessage: string;
}

/**
 * Takes the first free candidate for the taker in the caller's transaction, after releasing
 * the taker's old time; throws TimeNotWon (for the caller to roll back) when none is won.
 */
export async function takeTime(trx: Executor, request: TakeTime): Promise<TimeCandidate> {
  const { taker, within } = request;
  if ('hold' in taker) await releaseHolds(trx, taker.hold.token);
  else await releaseBookedTime(trx, taker.booking.bookingId);
  await purgeExpiredHolds(trx, request.organizationId, within.start, within.end);
  for await (const candidate of request.candidates) {
    const won =
      'hold' in taker
        ? await tryInsertHold(trx, { ...candidate, ...taker.hold })
        : await tryInsertBookedTime(trx, { ...candidate, ...taker.booking });
    if (won) return candidate;
  }
  throw new TimeNotWon(request.lostMessage);
}
