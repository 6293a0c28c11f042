/**
 * Where things go on the day view's time grid: the grid's hours and, per resource column,
 * the bookings and held times at their minutes (side by side when they overlap, e.g. a
 * cancelled booking under the new one) and the absences behind them. Pure, so tested alone.
 */
import { timeToMinutes, type Absence, type StaffBookingSummary, type StaffDay } from '@huolto/domain';
import { minutesInDay } from './format.ts';

/** When the office is closed the grid still shows a working day's hours. */
export const CLOSED_DAY_HOURS = { from: 7 * 60, to: 18 * 60 } as const;

export type StaffHold = StaffDay['holds'][number];

export type GridBlock =
  | { kind: 'booking'; key: string; booking: StaffBookingSummary; from: number; to: number; lane: number; lanes: number; overAbsence: boolean }
  | { kind: 'hold'; key: string; hold: StaffHold; from: number; to: number; lane: number; lanes: number; overAbsence: boolean };

export interface GridAbsence {
  key: string;
  absence: Absence;
  from: number;
  to: number;
}

export interface GridColumn {
  resource: StaffDay['resources'][number];
  blocks: GridBlock[];
  absences: GridAbsence[];
}

export interface DayGrid {
  /** Minutes after midnight of the grid's first and last line (whole hours). */
  from: number;
  to: number;
  columns: GridColumn[];
  /** The opening hours within the grid; null when the office is closed that day. */
  open: { from: number; to: number } | null;
  /** Bookings without a time (leads: a wished day). */
  leads: StaffBookingSummary[];
  /** Timed bookings whose resources are none of the office's (shown in a list). */
  unplaced: StaffBookingSummary[];
}

/** The day's opening hours in minutes, or the closed day's default hours. */
export function openingMinutes(day: Pick<StaffDay, 'opening'>): { from: number; to: number } {
  if (!day.opening) return { ...CLOSED_DAY_HOURS };
  return { from: timeToMinutes(day.opening.openingTime), to: timeToMinutes(day.opening.closingTime) };
}

/** Gives overlapping blocks lanes: each cluster of overlaps shares its width evenly. */
function assignLanes<T extends { from: number; to: number; lane: number; lanes: number }>(blocks: T[]): T[] {
  const sorted = [...blocks].sort((a, b) => a.from - b.from || b.to - a.to);
  let cluster: T[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const b of cluster) b.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const block of sorted) {
    if (block.from >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= block.from);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(block.to);
    } else {
      laneEnds[lane] = block.to;
    }
    block.lane = lane;
    cluster.push(block);
    clusterEnd = Math.max(clusterEnd, block.to);
  }
  close();
  return sorted;
}

export function layoutDay(day: StaffDay): DayGrid {
  const date = day.date;
  const hours = openingMinutes(day);
  let from = hours.from;
  let to = hours.to;
  const timed = day.bookings.filter((b) => b.start !== null && b.end !== null);
  const leads = day.bookings.filter((b) => b.start === null || b.end === null);
  const resourceIds = new Set(day.resources.map((r) => r.id));
  const unplaced = timed.filter((b) => !b.resourceIds.some((id) => resourceIds.has(id)));

  // Anything outside the hours (a booking moved past closing, a hold before opening) widens the grid.
  const span = (start: string, end: string) => {
    const a = minutesInDay(start, date);
    const b = minutesInDay(end, date);
    if (b > a) {
      from = Math.min(from, a);
      to = Math.max(to, b);
    }
    return { from: a, to: b };
  };

  const columns: GridColumn[] = day.resources.map((resource) => {
    const blocks: GridBlock[] = [];
    for (const booking of timed) {
      if (!booking.resourceIds.includes(resource.id)) continue;
      const s = span(booking.start!, booking.end!);
      if (s.to <= s.from) continue;
      blocks.push({ kind: 'booking', key: `b${booking.id}`, booking, ...s, lane: 0, lanes: 1, overAbsence: false });
    }
    day.holds.forEach((hold, i) => {
      if (hold.resourceId !== resource.id) return;
      const s = span(hold.start, hold.end);
      if (s.to <= s.from) return;
      blocks.push({ kind: 'hold', key: `h${i}-${hold.start}`, hold, ...s, lane: 0, lanes: 1, overAbsence: false });
    });
    const absences: GridAbsence[] = [];
    for (const absence of day.absences) {
      if (absence.resourceId !== resource.id) continue;
      const a = minutesInDay(absence.start, date);
      const b = minutesInDay(absence.end, date);
      if (b > a) absences.push({ key: `a${absence.id}`, absence, from: a, to: b });
    }
    // A block over an absence leaves a strip of it in sight.
    for (const block of blocks) block.overAbsence = absences.some((a) => a.from < block.to && block.from < a.to);
    return { resource, blocks: assignLanes(blocks), absences };
  });

  from = Math.max(0, Math.floor(from / 60) * 60);
  to = Math.min(24 * 60, Math.ceil(to / 60) * 60);
  // An absence of a whole day is clipped to the grid's hours.
  for (const column of columns) {
    column.absences = column.absences
      .map((a) => ({ ...a, from: Math.max(a.from, from), to: Math.min(a.to, to) }))
      .filter((a) => a.to > a.from);
  }
  const open = day.opening ? { from: Math.max(hours.from, from), to: Math.min(hours.to, to) } : null;
  return { from, to, columns, open, leads, unplaced };
}
