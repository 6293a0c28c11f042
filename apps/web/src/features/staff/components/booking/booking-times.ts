/** How the booking page writes a booking's times, and the length and day it moves by. */
import { STAFF_MOVE_STEP_MINUTES, formatFinnishDate, formatFinnishTime, timeToMinutes, todayInHelsinki, type StaffBookingDetail } from '@huolto/domain';
import { helsinkiDateTime } from '@/features/staff/format.ts';

/** A lead has no length of its own: it is moved to a time of this many minutes. */
const LEAD_MINUTES = 60;

/** 'ti 24.11.2026 klo 8.00' from an API time, or the text as it came. */
export function formatWhen(value: string): string {
  const parts = helsinkiDateTime(value);
  return parts ? `${formatFinnishDate(parts.date, true)} klo ${formatFinnishTime(parts.time)}` : value;
}

/** 'ti 24.11.2026 klo 8.00–9.30' from an API start and end; '' without a start. */
export function timeRange(start: string | null, end: string | null): string {
  if (!start) return '';
  const s = helsinkiDateTime(start);
  const e = end ? helsinkiDateTime(end) : null;
  if (!s) return start;
  return `${formatFinnishDate(s.date, true)} klo ${formatFinnishTime(s.time)}${e ? `–${formatFinnishTime(e.time)}` : ''}`;
}

/** The day of the booking (its wished day for a lead). */
export function dayOf(booking: StaffBookingDetail): string {
  const start = booking.start ? helsinkiDateTime(booking.start) : null;
  return start?.date ?? booking.leadDate ?? todayInHelsinki();
}

/** The booking's length in minutes, at least one step of the move grid; a lead's is LEAD_MINUTES. */
export function bookingMinutes(booking: StaffBookingDetail): number {
  if (!booking.start || !booking.end) return LEAD_MINUTES;
  const s = helsinkiDateTime(booking.start);
  const e = helsinkiDateTime(booking.end);
  if (!s || !e) return LEAD_MINUTES;
  const days = s.date === e.date ? 0 : 1;
  return Math.max(STAFF_MOVE_STEP_MINUTES, timeToMinutes(e.time) + days * 24 * 60 - timeToMinutes(s.time));
}
