/**
 * An office's opening hours: stored per office (organization.opening_time and
 * closing_time), sent in the organization answer as 'HH:mm' and shown in Finnish style.
 * A day-only reservation covers the office's working day, opening to closing.
 */
import { formatFinnishTime } from './time.ts';

/** The chain's common hours (SPEC §9), the database's default for an office: 'HH:mm'. */
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
