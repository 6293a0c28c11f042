/**
 * The staff's move of a booking: the grid of start times the back-office offers and the
 * server accepts (any quarter hour of the office's hours of the day), and the starts of
 * the move form with what takes each.
 */
import type { StaffDay } from './staff-bookings.ts';
import { formatLocalDateTime, minutesToTime, timeToMinutes } from './time.ts';

/** Staff may start a booking at any quarter hour the office is open: the move grid, in minutes. */
export const STAFF_MOVE_STEP_MINUTES = 15;

/** A start of the move form: 'HH:mm:ss', whether something else holds the resource then, and whether it has passed. */
export interface StaffMoveStart {
  time: string;
  taken: boolean;
  past: boolean;
}

/**
 * The starts of the move form on a day: every quarter hour of the clock (the grid the server
 * accepts) from the day's opening, or the first quarter hour after it when an exception opens
 * off the grid (8.10 → 8.15), where the booking's `minutes` fit before closing (none on a
 * closed day). A start
 * is taken when another confirmed booking on the resource, a customer's hold on it or its
 * absence overlaps the time; past when it is at or before `now` ('YYYY-MM-DDTHH:mm:ss',
 * Helsinki wall clock). The booking itself (`bookingId`) takes nothing.
 */
export function staffMoveStarts(
  day: StaffDay,
  resourceId: number,
  minutes: number,
  bookingId: number,
  now: string = formatLocalDateTime(new Date()),
): StaffMoveStart[] {
  if (!day.opening) return [];
  const open = Math.ceil(timeToMinutes(day.opening.openingTime) / STAFF_MOVE_STEP_MINUTES) * STAFF_MOVE_STEP_MINUTES;
  const close = timeToMinutes(day.opening.closingTime);
  const taken: [string, string][] = [
    ...day.bookings
      .filter((b) => b.id !== bookingId && b.status === 'CONFIRMED' && b.start && b.end && b.resourceIds.includes(resourceId))
      .map((b) => [b.start!, b.end!] as [string, string]),
    ...day.holds.filter((h) => h.resourceId === resourceId).map((h) => [h.start, h.end] as [string, string]),
    ...day.absences.filter((a) => a.resourceId === resourceId).map((a) => [a.start, a.end] as [string, string]),
  ];
  const starts: StaffMoveStart[] = [];
  for (let m = open; m + minutes <= close; m += STAFF_MOVE_STEP_MINUTES) {
    const from = `${day.date}T${minutesToTime(m)}`;
    const to = `${day.date}T${minutesToTime(m + minutes)}`;
    starts.push({ time: minutesToTime(m), taken: taken.some(([s, e]) => s < to && from < e), past: from <= now });
  }
  return starts;
}
