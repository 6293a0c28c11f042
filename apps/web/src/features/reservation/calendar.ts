import { addDays, type FreeTimeDay } from '@huolto/domain';

export interface Slot {
  startTime: string;
  endTime: string;
}

/** Opening hours (SPEC §9); a day-only reservation covers the working day. */
export const OPENING_TIME = '07:30:00';
export const CLOSING_TIME = '17:00:00';

/** 'HH:mm' → 'HH:mm:ss'. */
export function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** A day the customer cannot book: only day-level times, no exact slots. */
export function isDayOnly(day: FreeTimeDay): boolean {
  return day.onlyDayTimesAvailable && !day.exactTimesAvailable;
}

/** The times of a day to choose from. A day-only day offers the working day as one. */
export function daySlots(day: FreeTimeDay): Slot[] {
  if (day.calendarSlots.length > 0) return day.calendarSlots;
  if (day.onlyDayTimesAvailable) return [{ startTime: OPENING_TIME, endTime: CLOSING_TIME }];
  return [];
}

export function isFreeDay(day: FreeTimeDay): boolean {
  return daySlots(day).length > 0;
}

/** ISO 8601 week number of a 'YYYY-MM-DD' date (Finnish calendars use it). */
export function isoWeekNumber(date: string): number {
  const d = new Date(`${date}T12:00:00Z`);
  const weekday = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return Math.ceil(((d.getTime() - yearStart) / 86400000 + 1) / 7);
}

/** 'Viikko 48: 23.–29.11.' or 'Viikko 49: 30.11.–6.12.' */
export function weekLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const [, m1, d1] = monday.split('-').map(Number);
  const [, m2, d2] = sunday.split('-').map(Number);
  const range = m1 === m2 ? `${d1}.–${d2}.${m2}.` : `${d1}.${m1}.–${d2}.${m2}.`;
  return `Viikko ${isoWeekNumber(monday)}: ${range}`;
}

/** The reservation string of a slot on a date (SPEC §4: 'start|end'). */
export function reservationOf(date: string, slot: Slot): string {
  return `${date}T${withSeconds(slot.startTime)}|${date}T${withSeconds(slot.endTime)}`;
}

export function sameSlot(date: string, slot: Slot, reserved: { start: string; end: string } | null | undefined): boolean {
  if (!reserved) return false;
  return reserved.start === `${date}T${withSeconds(slot.startTime)}` && reserved.end === `${date}T${withSeconds(slot.endTime)}`;
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** The month after or before 'YYYY-MM'. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The cells of a month view, weeks starting on Monday: the month's dates, with null
 * for the blanks before the first and after the last day.
 */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const next = `${addMonths(month, 1)}-01`;
  const cells: (string | null)[] = Array.from({ length: isoWeekdayOf(first) - 1 }, () => null);
  for (let d = first; d < next; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

function isoWeekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay() || 7;
}

/** 'marraskuu 2026' */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const name = new Intl.DateTimeFormat('fi-FI', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
  return `${name} ${y}`;
}
