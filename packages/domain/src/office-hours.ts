/**
 * An office's opening hours: stored per office (organization.opening_time and
 * closing_time), sent in the organization answer as 'HH:mm' and shown in Finnish style.
 * A day-only reservation covers the office's working day, opening to closing.
 */
import { formatFinnishTime } from './time.ts';
import { isWorkingDay } from './reservation.ts';
import type { FreeTimeDay } from './api-time.ts';

/** The chain's common hours (requirements §9), the database's default for an office: 'HH:mm'. */
export const DEFAULT_OPENING_TIME = '07:30';
export const DEFAULT_CLOSING_TIME = '17:00';

/** Opening and closing time of an office, Helsinki wall clock 'HH:mm'. */
export interface OfficeHours {
  opening_time: string;
  closing_time: string;
}

/** 'HH:mm' of a stored time ('07:30', '07:30:00' or a longer time-of-day text). */
export function toHoursAndMinutes(time: string): string {
  return time.slice(0, 5);
}

/** The hours of an office as the organization answer carries them; the common hours when it carries none. */
export function officeHoursOf(office: Partial<OfficeHours> | null | undefined): OfficeHours {
  return {
    opening_time: office?.opening_time ?? DEFAULT_OPENING_TIME,
    closing_time: office?.closing_time ?? DEFAULT_CLOSING_TIME,
  };
}

/** '7.30–17.00' — opening hours as Finnish users read them. */
export function formatOpeningHours(hours: OfficeHours): string {
  return `${formatFinnishTime(hours.opening_time)}–${formatFinnishTime(hours.closing_time)}`;
}

/** The one time of a day-only day: the office's working day, as 'HH:mm:ss' start and end. */
export function workingDaySlot(hours: OfficeHours): { startTime: string; endTime: string } {
  return { startTime: `${toHoursAndMinutes(hours.opening_time)}:00`, endTime: `${toHoursAndMinutes(hours.closing_time)}:00` };
}

/** A time of a day to choose from, Helsinki wall clock 'HH:mm:ss'. */
export interface DaySlot {
  startTime: string;
  endTime: string;
}

/**
 * The times of a free-times day to choose from: its exact slots, or on a day-only day the
 * office's working day (opening to closing) as one; none on a day without free time.
 */
export function daySlots(day: FreeTimeDay, hours: OfficeHours): DaySlot[] {
  if (day.calendarSlots.length > 0) return day.calendarSlots;
  if (day.onlyDayTimesAvailable) return [workingDaySlot(hours)];
  return [];
}

/** An opening exception's hours (opening_exception), Helsinki wall clock: both null when it closes the day. */
export interface OpeningExceptionHours {
  opening_time: string | null;
  closing_time: string | null;
}

/**
 * The hours of a working day, 'HH:mm': the day's opening exception's when it has one
 * (null when the exception closes the day), else the office's usual hours. The caller
 * knows the day is a working day (hoursOnDate checks it).
 */
export function workingDayHours(usual: OfficeHours, exception?: OpeningExceptionHours | null): OfficeHours | null {
  if (exception) {
    return exception.opening_time && exception.closing_time
      ? { opening_time: toHoursAndMinutes(exception.opening_time), closing_time: toHoursAndMinutes(exception.closing_time) }
      : null;
  }
  return { opening_time: toHoursAndMinutes(usual.opening_time), closing_time: toHoursAndMinutes(usual.closing_time) };
}

/**
 * An office's hours on a date, 'HH:mm', or null when it is closed: closed on weekends and
 * Finnish holidays; on a working day (Monday–Friday) its opening exception for the date
 * when it has one (closed, or other hours), else its usual hours. An exception only closes
 * or changes the hours of a working day, never opens a weekend or a holiday.
 */
export function hoursOnDate(usual: OfficeHours, date: string, exception?: OpeningExceptionHours | null): OfficeHours | null {
  return isWorkingDay(date) ? workingDayHours(usual, exception) : null;
}
