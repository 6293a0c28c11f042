import { addDays, addMonthsToDate, formatDuration, isoWeekday, type DaySlot, type FreeTimeDay } from '@huolto/domain';

/** A time of a day to choose from (the domain's daySlots gives a day's). */
export type Slot = DaySlot;

/** 'HH:mm' → 'HH:mm:ss'. */
export function withSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** A day the customer cannot book: only day-level times, no exact slots. */
export function isDayOnly(day: FreeTimeDay): boolean {
  return day.onlyDayTimesAvailable && !day.exactTimesAvailable;
}

/** How many times a day offers (the length of the domain's daySlots, whatever the office's hours). */
export function freeSlotCount(day: FreeTimeDay): number {
  return day.calendarSlots.length > 0 ? day.calendarSlots.length : day.onlyDayTimesAvailable ? 1 : 0;
}

export function isFreeDay(day: FreeTimeDay): boolean {
  return freeSlotCount(day) > 0;
}

/** The reservation string of a slot on a date (requirements §4: 'start|end'). */
export function reservationOf(date: string, slot: Slot): string {
  return `${date}T${withSeconds(slot.startTime)}|${date}T${withSeconds(slot.endTime)}`;
}

export function sameSlot(date: string, slot: Slot, reserved: { start: string; end: string } | null | undefined): boolean {
  if (!reserved) return false;
  return reserved.start === `${date}T${withSeconds(slot.startTime)}` && reserved.end === `${date}T${withSeconds(slot.endTime)}`;
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/**
 * The cells of a month view, weeks starting on Monday: the month's dates, with null
 * for the blanks before the first and after the last day.
 */
export function monthGrid(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const next = addMonthsToDate(first, 1);
  const cells: (string | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let d = first; d < next; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** 'marraskuu 2026' */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const name = new Intl.DateTimeFormat('fi-FI', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 15)));
  return `${name} ${y}`;
}

/** Minutes from 'HH:mm(:ss)' to 'HH:mm(:ss)'. */
function minutesBetween(start: string, end: string): number {
  const toMinutes = (t: string) => {
    const [h = 0, m = 0] = t.split(':').map(Number);
    return h * 60 + m;
  };
  return toMinutes(end) - toMinutes(start);
}

/**
 * How long each exact time of the day lasts ('2 h'), when they are all equally long: the
 * times show their start only. Null for a day-only day or times of different lengths.
 */
export function slotDuration(day: FreeTimeDay): string | null {
  if (day.calendarSlots.length === 0) return null;
  const lengths = new Set(day.calendarSlots.map((s) => minutesBetween(s.startTime, s.endTime)));
  const [only] = [...lengths];
  return lengths.size === 1 && only !== undefined && only > 0 ? formatDuration(only) : null;
}
