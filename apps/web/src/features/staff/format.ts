/**
 * How the back-office writes dates, times and a booking's state, in Finnish. API times are
 * Helsinki wall-clock 'YYYY-MM-DDTHH:mm:ss'; the week starts on Monday.
 */
import {
  VISIT_STATUS_LABELS,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  finnishHolidays,
  isRealDate,
  timeToMinutes,
  type OpeningException,
  type StaffBookingSummary,
  formatLocalDateTime,
} from '@huolto/domain';

/** 'ke 2.12.2026' */
export function finnishDate(date: string): string {
  return formatFinnishDate(date, true);
}

/** 'keskiviikko 2.12.2026' */
export function finnishDateLong(date: string): string {
  return formatFinnishDateLong(date);
}

/** The date part of an API time. */
export function datePart(value: string): string {
  return value.slice(0, 10);
}

/** '8.00' from '2026-12-02T08:00:00' (or from '08:00'). */
export function clock(value: string): string {
  return formatFinnishTime(value.includes('T') ? value.slice(11) : value);
}

/** '8.00–9.30' */
export function clockRange(start: string, end: string): string {
  return `${clock(start)}–${clock(end)}`;
}

/**
 * Minutes after the day's midnight of an API time, clipped to the day: a time on an
 * earlier day is 0, on a later day 24 h (an absence running over several days).
 */
export function minutesInDay(value: string, date: string): number {
  const day = datePart(value);
  if (day < date) return 0;
  if (day > date) return 24 * 60;
  return timeToMinutes(value.slice(11));
}

export type BookingState = 'CANCELLED' | 'ARRIVED' | 'DONE' | 'NO_SHOW' | 'CONFIRMED';

export function bookingState(b: Pick<StaffBookingSummary, 'status' | 'visitStatus'>): BookingState {
  if (b.status === 'CANCELLED') return 'CANCELLED';
  return b.visitStatus ?? 'CONFIRMED';
}

/** The badge's text; null for a booking nothing has been marked on yet. */
export function bookingStateLabel(b: Pick<StaffBookingSummary, 'status' | 'visitStatus'>): string | null {
  if (b.status === 'CANCELLED') return 'Peruttu';
  return b.visitStatus ? VISIT_STATUS_LABELS[b.visitStatus] : null;
}

/** A date from the address, if it is a real 'YYYY-MM-DD' date. */
export function validDate(value: string | undefined): string | null {
  return value !== undefined && isRealDate(value) ? value : null;
}

/** A positive whole office id from the address. */
export function validId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * A day's hours as the day and week views say them: 'Auki 7.30–17.00'; 'Poikkeava aukiolo
 * 9.00–14.00' with the exception's reason; 'Suljettu' with the exception's reason or the
 * holiday's name ('Suljettu: Itsenäisyyspäivä'). unusual: not the office's usual open day.
 */
export function dayHours(
  date: string,
  opening: { openingTime: string; closingTime: string } | null,
  exception: OpeningException | null,
): { headline: string; reason: string; unusual: boolean } {
  if (!opening) {
    const reason = exception?.reason || finnishHolidays(Number(date.slice(0, 4))).get(date) || '';
    return { headline: 'Suljettu', reason, unusual: true };
  }
  const hours = clockRange(opening.openingTime, opening.closingTime);
  if (exception) return { headline: `Poikkeava aukiolo ${hours}`, reason: exception.reason, unusual: true };
  return { headline: `Auki ${hours}`, reason: '', unusual: false };
}

/**
 * A time of the API as Helsinki wall clock: 'YYYY-MM-DDTHH:mm:ss' as it is, an instant
 * (with Z or an offset) turned into Helsinki time. Null when it is neither.
 */
export function helsinkiDateTime(value: string): { date: string; time: string } | null {
  const local = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?(\.\d+)?$/.exec(value);
  if (local) return { date: local[1]!, time: `${local[2]}:00` };
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const [date, time] = formatLocalDateTime(instant).split('T') as [string, string];
  return { date, time };
}
