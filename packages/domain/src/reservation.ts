/**
 * Rules of the reservation page that both the server and the web app apply: working
 * days, the morning/evening shift split, the key locker's half-days, lead dates and the
 * phone-number form used to recognise a returning customer. Pure; Finnish time.
 */
import { addDays, daysBetween, isFinnishHoliday, isoWeekday, startOfWeek, timeToMinutes } from './time.ts';

/** Workshops work Monday to Friday, not on Finnish holidays. */
export function isWorkingDay(date: string): boolean {
  return isoWeekday(date) <= 5 && !isFinnishHoliday(date);
}

/** Noon splits the day: a start before it is the MORNING shift, at or after it EVENING. */
export const SHIFT_SPLIT_TIME = '12:00:00';

/** The shift of a Helsinki wall-clock start time ('HH:mm' or 'HH:mm:ss'). */
export function shiftOfTime(time: string): 'MORNING' | 'EVENING' {
  return timeToMinutes(time) < timeToMinutes(SHIFT_SPLIT_TIME) ? 'MORNING' : 'EVENING';
}

/** Key lockers are counted per half-day: a start before 12:00 is that date's morning. */
export type LockerHalfDay = 'MORNING' | 'AFTERNOON';

/** The start times the web app asks about for a day-only day (requirements §9: 07:00 and 13:00). */
export const LOCKER_MORNING_TIME = '07:00:00';
export const LOCKER_AFTERNOON_TIME = '13:00:00';

/** Compartments of an office's key locker unless the office says otherwise. */
export const DEFAULT_LOCKER_COMPARTMENTS = 4;

/**
 * The start times whose key-locker compartments decide whether the locker can take the
 * car (requirements §9): for an exact time its start; for a day-only day the morning and the
 * afternoon of that date. Null when there is nothing to ask about yet.
 */
export function lockerStartTimes(choice: { date: string | null; dayOnly: boolean; reservedStart: string | null }): string[] | null {
  if (choice.date === null) return null;
  if (choice.dayOnly) return [LOCKER_MORNING_TIME, LOCKER_AFTERNOON_TIME].map((t) => `${choice.date}T${t}`);
  return choice.reservedStart === null ? null : [choice.reservedStart];
}

/** 'YYYY-MM-DD|MORNING' — the half-day of a local date-time 'YYYY-MM-DDTHH:mm:ss'. */
export function lockerHalfDayKey(localDateTime: string): string {
  const [date = '', time = '00:00:00'] = localDateTime.split('T');
  const half: LockerHalfDay = shiftOfTime(time) === 'MORNING' ? 'MORNING' : 'AFTERNOON';
  return `${date}|${half}`;
}

/** A lead date lies at most this many months ahead (requirements §2 "lead mode"). */
const LEAD_MAX_MONTHS = 3;

/** Adds calendar months to a date; a day past the month's end becomes its last day. */
export function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** Adds calendar months to a month 'YYYY-MM' (the month calendar's paging). */
export function addMonthsToMonth(month: string, months: number): string {
  return addMonthsToDate(`${month}-01`, months).slice(0, 7);
}

/** The last date a lead may be set for, from today. */
export function lastLeadDate(today: string): string {
  return addMonthsToDate(today, LEAD_MAX_MONTHS);
}

/**
 * Why a lead date cannot be chosen, in Finnish, or null when it can: it must be a working
 * day (Monday–Friday, not a Finnish holiday) after today and within three months.
 */
export function leadDateProblem(date: string, today: string): string | null {
  if (date <= today) return 'Toivotun päivän pitää olla tämän päivän jälkeen';
  if (date > lastLeadDate(today)) return `Toivottu päivä voi olla enintään ${LEAD_MAX_MONTHS} kuukauden päässä`;
  if (!isWorkingDay(date)) return 'Toivotun päivän pitää olla arkipäivä';
  return null;
}

/** Whether a lead date can be chosen: the rule of leadDateProblem, as a yes or no. */
export function isLeadDateAllowed(date: string, today: string): boolean {
  return leadDateProblem(date, today) === null;
}

/**
 * The last date a lead can actually be set for: the last working day on or before
 * lastLeadDate. Null only when no date after today qualifies (never in practice). The
 * web's month calendar ends its navigation at this date's month.
 */
export function lastAllowedLeadDate(today: string): string | null {
  for (let date = lastLeadDate(today); date > today; date = addDays(date, -1)) {
    if (isLeadDateAllowed(date, today)) return date;
  }
  return null;
}

/**
 * Free times are shown and times reserved from today (Helsinki) up to this many months
 * ahead: the booking horizon. A later date is refused, never computed.
 */
export const BOOKING_HORIZON_MONTHS = 12;

/** A free-times call covers at most this many days, its start and end both counted. */
export const FREE_TIMES_MAX_RANGE_DAYS = 62;

export const FREE_TIMES_RANGE_MESSAGE = `Aikaväli on enintään ${FREE_TIMES_MAX_RANGE_DAYS} päivää`;

/** Whether start..end (real dates, start ≤ end) covers at most FREE_TIMES_MAX_RANGE_DAYS days. */
export function isWithinFreeTimesRange(start: string, end: string): boolean {
  return daysBetween(start, end) < FREE_TIMES_MAX_RANGE_DAYS;
}

/** The last date of the booking horizon, from today. */
export function lastBookableDate(today: string): string {
  return addMonthsToDate(today, BOOKING_HORIZON_MONTHS);
}

export const HORIZON_MESSAGE = `Aikoja voi varata enintään ${BOOKING_HORIZON_MONTHS} kuukauden päähän`;

/** A Finnish reason a field of a request cannot be served. */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * Why a free-times range (real dates, start ≤ end) cannot be answered, or null when it
 * can: the one rule of free-times (and its shifts), free-times-on-organization and
 * free-times-for-booking. It must not lie wholly in the past and may start no earlier than
 * the current week's Monday (the week calendar shows the whole current week, requirements §9); it
 * must end within the booking horizon and cover at most FREE_TIMES_MAX_RANGE_DAYS days.
 */
export function freeTimesRangeProblem(range: { start: string; end: string }, today: string): FieldProblem | null {
  if (range.end < today) return { field: 'end', message: 'Aikaväli on jo mennyt' };
  if (range.start < startOfWeek(today)) return { field: 'start', message: 'Aikaväli alkaa aikaisintaan kuluvan viikon maanantaina' };
  const last = lastBookableDate(today);
  if (range.start > last) return { field: 'start', message: HORIZON_MESSAGE };
  if (range.end > last) return { field: 'end', message: HORIZON_MESSAGE };
  if (!isWithinFreeTimesRange(range.start, range.end)) return { field: 'end', message: FREE_TIMES_RANGE_MESSAGE };
  return null;
}

/** Whether a date (a real date) lies past the booking horizon. */
export function isBeyondHorizon(date: string, today: string): boolean {
  return date > lastBookableDate(today);
}

/**
 * A phone number in the form bookings are matched on: digits only, the Finnish country
 * code (+358, 00358 or 358) replaced by the leading 0. '+358 40 123 4567' → '0401234567'.
 */
export function normalizePhoneNumber(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const international = /^(00)?358(\d{4,})$/.exec(digits);
  return international ? `0${international[2]}` : digits;
}

