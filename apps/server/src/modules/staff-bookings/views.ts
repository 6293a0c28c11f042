/**
 * An office's day and week in the back-office: its resources and hours, the bookings and
 * leads, live holds, absences and each day's load.
 */
import {
  addDays,
  formatLocalDateTime,
  fromHelsinki,
  isoWeekday,
  parseLocalDateTime,
  type StaffBookingSummary,
  type StaffDay,
  type StaffWeek,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { absenceOf, addedRowsByBooking, summaryOf } from './listing.ts';
import {
  findLiveHoldsAndNextStart,
  findOfficeAbsences,
  findOfficeBookings,
  type AbsenceRow,
} from './repository.ts';
import { exceptionOf, officeViewOf, openingOfDay } from './service.ts';

/** The date `days` later; 400 naming `date` when that leaves the years a date may have (1000–9999). */
function viewDate(date: string, days: number): string {
  try {
    return addDays(date, days);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest('date', 'Päivämäärä on liian kaukana');
    throw err;
  }
}

/** What a day or week view reads of an office in [fromDate, toDate). */
async function officeRange(db: Db, staff: StaffPrincipal, officeId: number, fromDate: string, toDate: string, now: Date) {
  const { office, resources, exceptions } = await officeViewOf(db, staff, officeId, fromDate, toDate);
  const from = fromHelsinki(fromDate);
  const to = fromHelsinki(toDate);
  const listed = await findOfficeBookings(db, officeId, { from, to, fromDate, toDate });
  const added = await addedRowsByBooking(db, listed);
  const bookings = listed.map((l) => summaryOf(l, office, added.get(String(l.row.id)) ?? [], now));
  const absences = (await findOfficeAbsences(db, officeId, from, to)).map((a) => ({ row: a, absence: absenceOf(a) }));
  return {
    office,
    from,
    to,
    // A deactivated resource stays in view while it has bookings in the range.
    resources: resources.filter((r) => r.active || listed.some((l) => l.resourceIds.includes(r.id))).map((r) => ({ id: r.id, name: r.name })),
    exceptions: new Map(exceptions.map((e) => [e.day, e])),
    bookings,
    absences,
  };
}

/** Whether a listed booking belongs to a day: its start's Helsinki date, or a lead's wished date. */
const onDay = (b: StaffBookingSummary, date: string) => (b.start ? b.start.slice(0, 10) === date : b.leadDate === date);

/** Whether an absence overlaps the Helsinki day. */
const absenceOnDay = (a: AbsenceRow, date: string) => a.start < fromHelsinki(addDays(date, 1)) && a.end > fromHelsinki(date);

/** An office's day: its resources and hours, the day's bookings and leads, live holds and absences. */
export async function staffDay(db: Db, staff: StaffPrincipal, officeId: number, date: string, now = new Date()): Promise<StaffDay> {
  const range = await officeRange(db, staff, officeId, date, viewDate(date, 1), now);
  const exception = range.exceptions.get(date);
  const { holds, nextStart: next } = await findLiveHoldsAndNextStart(db, officeId, range.from, range.to);
  return {
    date,
    office: { id: range.office.id, name: range.office.name },
    resources: range.resources,
    opening: openingOfDay(range.office, date, exception),
    exception: exception ? exceptionOf(exception) : null,
    bookings: range.bookings.filter((b) => onDay(b, date)),
    holds: holds.map((h) => ({
      resourceId: h.resource_id,
      start: formatLocalDateTime(h.start),
      end: formatLocalDateTime(h.end),
      expiresAt: formatLocalDateTime(h.expires_at),
    })),
    absences: range.absences.map((a) => a.absence),
    nextBookingDate: next ? formatLocalDateTime(next).slice(0, 10) : null,
  };
}

const MINUTE_MS = 60_000;

/** A listed booking with its time as instants (ms), null for a lead: read once for the week's loads. */
interface TimedBooking {
  booking: StaffBookingSummary;
  time: [number, number] | null;
}

/** Milliseconds of [start, end) that fall in the intervals. */
function overlapMs(start: number, end: number, intervals: [number, number][]): number {
  return intervals.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(end, e) - Math.max(start, s)), 0);
}

/**
 * A day's load: for every resource of the office, its open time (the day's hours, the same
 * as the view shows them, less its absences) and the part of it its confirmed bookings
 * take. Null on a closed day.
 */
function dayLoad(
  date: string,
  opening: { openingTime: string; closingTime: string } | null,
  resources: { id: number }[],
  bookings: TimedBooking[],
  absences: AbsenceRow[],
): { bookedMinutes: number; openMinutes: number } | null {
  if (!opening) return null;
  const open = fromHelsinki(date, `${opening.openingTime}:00`).getTime();
  const close = fromHelsinki(date, `${opening.closingTime}:00`).getTime();
  let openMs = 0;
  let bookedMs = 0;
  for (const resource of resources) {
    // The resource's open stretches: the hours cut by its absences (which never overlap).
    let free: [number, number][] = [[open, close]];
    for (const a of absences.filter((x) => x.resource_id === resource.id)) {
      const [s, e] = [a.start.getTime(), a.end.getTime()];
      free = free.flatMap(([fs, fe]): [number, number][] =>
        e <= fs || s >= fe ? [[fs, fe]] : ([[fs, Math.min(fe, s)], [Math.max(fs, e), fe]] as [number, number][]).filter(([x, y]) => y > x),
      );
    }
    openMs += free.reduce((sum, [s, e]) => sum + (e - s), 0);
    for (const { booking, time } of bookings) {
      if (booking.status !== 'CONFIRMED' || !time || !booking.resourceIds.includes(resource.id)) continue;
      bookedMs += overlapMs(time[0], time[1], free);
    }
  }
  return { bookedMinutes: Math.round(bookedMs / MINUTE_MS), openMinutes: Math.round(openMs / MINUTE_MS) };
}

/**
 * An office's week (Monday to Sunday) around a date: each day's hours, bookings, absences
 * and load (booked minutes of the open resource-minutes).
 */
export async function staffWeek(db: Db, staff: StaffPrincipal, officeId: number, date: string, now = new Date()): Promise<StaffWeek> {
  const monday = viewDate(date, 1 - isoWeekday(date));
  const range = await officeRange(db, staff, officeId, monday, viewDate(monday, 7), now);
  // Each booking's time is parsed once here, not again for every resource of every day's load
  // (a Helsinki wall-clock time to an instant is the week's dearest step per booking).
  const timed: TimedBooking[] = range.bookings.map((b) => ({
    booking: b,
    time: b.start && b.end ? [parseLocalDateTime(b.start).getTime(), parseLocalDateTime(b.end).getTime()] : null,
  }));
  return {
    weekStart: monday,
    office: { id: range.office.id, name: range.office.name },
    resources: range.resources,
    days: Array.from({ length: 7 }, (_, i) => {
      const day = addDays(monday, i);
      const exception = range.exceptions.get(day);
      const opening = openingOfDay(range.office, day, exception);
      const ofDay = timed.filter((t) => onDay(t.booking, day));
      const absences = range.absences.filter((a) => absenceOnDay(a.row, day));
      return {
        date: day,
        opening,
        exception: exception ? exceptionOf(exception) : null,
        bookings: ofDay.map((t) => t.booking),
        absences: absences.map((a) => a.absence),
        load: dayLoad(
          day,
          opening,
          range.resources,
          ofDay,
          absences.map((a) => a.row),
        ),
      };
    }),
  };
}
