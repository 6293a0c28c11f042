/**
 * The calendar arithmetic of an office, without a database: which exact start times a
 * day offers, whether a day-only day has room, and how the morning and evening shifts
 * split a day. Everything is Helsinki wall-clock time turned into instants with
 * fromHelsinki, so a slot stays at 8.00 on both sides of a daylight-saving change.
 */
import type { FreeTimeDay, ShiftPosition, TimeSelectionType } from '@huolto/domain';
import {
  SHIFT_SPLIT_TIME,
  addDays,
  daysBetween,
  fromHelsinki,
  isRealTime,
  isWorkingDay,
  minutesToTime,
  shiftOfTime,
  timeToMinutes,
  todayInHelsinki,
  workingDayHours,
  type OpeningExceptionHours,
} from '@huolto/domain';

/** The earliest a same-day slot can start, in minutes from now. */
export const SAME_DAY_LEAD_MINUTES = 60;

/** What the computation needs of an office (a subset of its row). */
export interface OfficeCalendar {
  /** EXACT_TIME or DAY_ONLY. */
  time_selection_type: string;
  /** Helsinki wall clock 'HH:mm' or 'HH:mm:ss'. */
  opening_time: string;
  closing_time: string;
  first_slot_time: string;
  slot_step_minutes: number;
  /**
   * Days with other hours than the usual ones, by date 'YYYY-MM-DD' (opening_exception);
   * a date not listed keeps the usual hours.
   */
  exceptions?: ReadonlyMap<string, ExceptionHours> | undefined;
}

/** An opening exception's hours (Helsinki wall clock): both null when closed all day. */
export type ExceptionHours = OpeningExceptionHours;

/** An office's hours on one date, in minutes from midnight, with the first start of its slot grid. */
export interface DayHours {
  opening: number;
  closing: number;
  firstSlot: number;
}

/**
 * The office's hours on a date as the slot grid uses them: its usual ones, or an opening
 * exception's; undefined when an exception closes it (the domain's workingDayHours, the
 * rule hoursOnDate applies). Weekends and holidays are closed by the callers, before or
 * after the grid (computeFreeDays, reserve-time, the customer's move, which tells a time
 * on the grid of a closed day from a time off the grid). On an exception day the slot
 * grid stays the office's (its first slot time and step, in both directions), within the
 * exception's hours: its first start is the first grid time at or after the opening.
 */
export function hoursOn(office: OfficeCalendar, date: string): DayHours | undefined {
  const exception = office.exceptions?.get(date);
  const hours = workingDayHours(office, exception);
  if (!hours) return undefined;
  const opening = timeToMinutes(hours.opening_time);
  const closing = timeToMinutes(hours.closing_time);
  const usualFirst = timeToMinutes(office.first_slot_time);
  if (!exception) return { opening, closing, firstSlot: usualFirst };
  const step = office.slot_step_minutes;
  const firstSlot = step > 0 ? usualFirst + Math.ceil((opening - usualFirst) / step) * step : Math.max(opening, usualFirst);
  return { opening, closing, firstSlot };
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface Candidate extends Interval {
  startTime: string;
  endTime: string;
}

/**
 * fromHelsinki, remembered: the same few wall-clock times of the same dates come up for
 * every office and every request, and Intl-based conversion is the slow part of a month
 * of calendars. The function is pure, so remembering is always right; the memory is
 * bounded.
 */
const instants = new Map<string, number>();
const MAX_REMEMBERED = 50_000;
export function helsinkiInstant(date: string, time: string): Date {
  const key = `${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    if (instants.size >= MAX_REMEMBERED) instants.clear();
    const offset = dayOffsetMs(date);
    const t = time.length === 5 ? `${time}:00` : time;
    ms = offset !== null && isRealTime(t) ? Date.parse(`${date}T${t}Z`) - offset : fromHelsinki(date, time).getTime();
    instants.set(key, ms);
  }
  return new Date(ms);
}

/**
 * How far Helsinki is ahead of UTC all through a date, in ms; null on the two days a year
 * the clocks change (their times go through fromHelsinki one by one). Two conversions a
 * date instead of two for every time of it keep even a first, uncached calendar cheap.
 */
const dayOffsets = new Map<string, number | null>();
function dayOffsetMs(date: string): number | null {
  let offset = dayOffsets.get(date);
  if (offset === undefined) {
    if (dayOffsets.size >= MAX_REMEMBERED) dayOffsets.clear();
    const midnight = Date.parse(`${date}T00:00:00Z`);
    const first = midnight - fromHelsinki(date, '00:00:00').getTime();
    const last = midnight + 86_399_000 - fromHelsinki(date, '23:59:59').getTime();
    offset = first === last ? first : null;
    dayOffsets.set(date, offset);
  }
  return offset;
}

/** A shift restricts the day to starts before 12:00 (MORNING) or at/after it (EVENING). */
export type Shift = ShiftPosition;

/**
 * Whether free-times with `requested` selection types shows anything at an office of
 * `officeType`. No list: yes. USE_ORGANIZATION_SETTING stands for the office's own type;
 * a list without the office's type shows nothing.
 */
export function officeTypeRequested(officeType: string, requested: readonly TimeSelectionType[] | undefined): boolean {
  if (requested === undefined) return true;
  return requested.some((t) => (t === 'USE_ORGANIZATION_SETTING' ? officeType : t) === officeType);
}

/** Free [start, end) on a resource: nothing it holds overlaps. */
export function isFree(busy: readonly Interval[], start: Date, end: Date): boolean {
  return !busy.some((b) => b.start < end && b.end > start);
}

/**
 * Candidate exact start times of a day on the office's grid: from the first slot time in
 * steps, each long enough for the work and ending by closing time (the day's own hours on
 * an opening exception, none when it closes the day). With a shift, only the starts of
 * that shift.
 */
export function exactCandidates(office: OfficeCalendar, date: string, minutes: number, shift?: Shift): Candidate[] {
  const out: Candidate[] = [];
  const hours = hoursOn(office, date);
  if (!hours || minutes <= 0 || office.slot_step_minutes <= 0) return out;
  const { firstSlot: first, closing } = hours;
  for (let t = first; t + minutes <= closing; t += office.slot_step_minutes) {
    const startTime = minutesToTime(t);
    if (shift && shiftOfTime(startTime) !== shift) continue;
    const endTime = minutesToTime(t + minutes);
    out.push({ startTime, endTime, start: helsinkiInstant(date, startTime), end: helsinkiInstant(date, endTime) });
  }
  return out;
}

/**
 * The part of a day a day-only booking may use: opening to closing, or with a shift
 * opening to 12:00 (MORNING) or 12:00 to closing (EVENING), by the day's own hours on an
 * opening exception. Undefined when empty or closed.
 */
export function dayWindow(office: OfficeCalendar, date: string, shift?: Shift): Interval | undefined {
  const hours = hoursOn(office, date);
  if (!hours) return undefined;
  const { opening, closing } = hours;
  const noon = timeToMinutes(SHIFT_SPLIT_TIME);
  const from = shift === 'EVENING' ? Math.max(opening, noon) : opening;
  const to = shift === 'MORNING' ? Math.min(closing, noon) : closing;
  if (to <= from) return undefined;
  return { start: helsinkiInstant(date, minutesToTime(from)), end: helsinkiInstant(date, minutesToTime(to)) };
}

/**
 * The first (MORNING) or last (EVENING) free stretch of `minutes` on one resource
 * between dayStart and dayEnd, or undefined when none fits.
 */
export function dayGap(
  busy: readonly Interval[],
  dayStart: Date,
  dayEnd: Date,
  minutes: number,
  position: Shift,
): Interval | undefined {
  const need = minutes * 60000;
  if (need <= 0 || dayEnd.getTime() - dayStart.getTime() < need) return undefined;
  const gaps: Interval[] = [];
  let cursor = dayStart;
  for (const b of [...busy].sort((x, y) => x.start.getTime() - y.start.getTime())) {
    if (b.end <= cursor) continue;
    if (b.start >= dayEnd) break;
    if (b.start.getTime() - cursor.getTime() >= need) gaps.push({ start: cursor, end: b.start });
    if (b.end > cursor) cursor = b.end;
  }
  if (dayEnd.getTime() - cursor.getTime() >= need) gaps.push({ start: cursor, end: dayEnd });
  if (gaps.length === 0) return undefined;
  if (position === 'MORNING') {
    const g = gaps[0]!;
    return { start: g.start, end: new Date(g.start.getTime() + need) };
  }
  const g = gaps[gaps.length - 1]!;
  return { start: new Date(g.end.getTime() - need), end: g.end };
}

/** Busy intervals per resource; every listed resource gets a list, others are dropped. */
export function groupByResource<T extends Interval & { resource_id: number }>(
  resourceIds: readonly number[],
  busy: readonly T[],
): Map<number, Interval[]> {
  const map = new Map<number, Interval[]>(resourceIds.map((id) => [id, []]));
  for (const b of busy) map.get(b.resource_id)?.push(b);
  return map;
}

export interface FreeDaysInput {
  office: OfficeCalendar;
  /** Length of the work, minutes. */
  minutes: number;
  /** Inclusive 'YYYY-MM-DD' range. */
  start: string;
  end: string;
  /** Busy time of each resource that may take the booking (its keys are those resources). */
  busy: ReadonlyMap<number, readonly Interval[]>;
  now: Date;
  shift?: Shift | undefined;
  /** false: every day comes back without availability (type not asked for, lead-only office). */
  open?: boolean;
}

/**
 * Each day's free times (requirements §3 "Free time day"). An EXACT_TIME office lists the grid
 * starts that some resource can take in full, not earlier than an hour from now; a
 * DAY_ONLY office says whether some resource has room for the work on a day after
 * today. Weekends, Finnish holidays, past days and days an opening exception closes have
 * nothing; an exception day offers only its own hours (hoursOn).
 */
export function computeFreeDays(input: FreeDaysInput): FreeTimeDay[] {
  const { office, minutes, busy, now, shift } = input;
  const today = todayInHelsinki(now);
  const earliest = new Date(now.getTime() + SAME_DAY_LEAD_MINUTES * 60000);
  const lists = [...busy.values()];
  // Busy time as numbers, for the many overlap tests of exact slots.
  const spans = lists.map((l) => l.map((b) => [b.start.getTime(), b.end.getTime()] as const));
  const days: FreeTimeDay[] = [];
  // Counted in days, never by comparing date strings: the range is bounded by its schema
  // and the booking horizon, and the loop by its count.
  const count = daysBetween(input.start, input.end);
  for (let i = 0; i <= count; i++) {
    const date = addDays(input.start, i);
    const day: FreeTimeDay = { date, exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] };
    days.push(day);
    if (input.open === false || lists.length === 0 || date < today || !isWorkingDayRemembered(date)) continue;
    if (office.time_selection_type === 'DAY_ONLY') {
      const window = dayWindow(office, date, shift);
      if (!window || date <= today) continue;
      const from = window.start < earliest ? earliest : window.start;
      day.onlyDayTimesAvailable = lists.some((b) => dayGap(b, from, window.end, minutes, 'MORNING') !== undefined);
      continue;
    }
    const candidates = exactCandidates(office, date, minutes, shift);
    if (candidates.length === 0) continue;
    const dayFrom = candidates[0]!.start.getTime();
    const dayTo = candidates[candidates.length - 1]!.end.getTime();
    const todays = spans.map((l) => l.filter(([s, e]) => s < dayTo && e > dayFrom));
    for (const c of candidates) {
      if (c.start < earliest) continue;
      const from = c.start.getTime();
      const to = c.end.getTime();
      if (todays.some((l) => !l.some(([s, e]) => s < to && e > from))) {
        day.calendarSlots.push({ startTime: c.startTime, endTime: c.endTime });
      }
    }
    day.exactTimesAvailable = day.calendarSlots.length > 0;
  }
  return days;
}

/** isWorkingDay, remembered (it builds the year's holidays on every call). */
const workingDays = new Map<string, boolean>();
export function isWorkingDayRemembered(date: string): boolean {
  let v = workingDays.get(date);
  if (v === undefined) {
    if (workingDays.size >= MAX_REMEMBERED) workingDays.clear();
    v = isWorkingDay(date);
    workingDays.set(date, v);
  }
  return v;
}

/** A day of the calendar has something to book. */
export function hasAvailability(day: FreeTimeDay): boolean {
  return day.exactTimesAvailable || day.onlyDayTimesAvailable;
}
