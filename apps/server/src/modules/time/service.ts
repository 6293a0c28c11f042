import type { FreeTimeDay } from '@huolto/domain';
import {
  HOLD_MINUTES,
  addDays,
  fromHelsinki,
  isFinnishHoliday,
  isoWeekday,
  minutesToTime,
  parseLocalDateTime,
  timeToMinutes,
  todayInHelsinki,
} from '@huolto/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';
import type { Executor, ProcessRow } from '../process/repository.ts';
import { findLiveProcess } from '../process/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { pricedCart, totalDurationMinutes } from '../services/service.ts';
import {
  findBusyIntervals,
  findResources,
  purgeExpiredHolds,
  releaseHolds,
  tryInsertHold,
  type BusyInterval,
} from './repository.ts';

type OrganizationRow = Selectable<Database['organization']>;

/** The earliest a same-day slot can start, in minutes from now. */
export const SAME_DAY_LEAD_MINUTES = 60;

export function isWorkingDay(date: string) {
  return isoWeekday(date) <= 5 && !isFinnishHoliday(date);
}

/** Free [start, end) on a resource: nothing it holds overlaps. */
function isFree(busy: BusyInterval[], start: Date, end: Date) {
  return !busy.some((b) => b.start < end && b.end > start);
}

function groupByResource(resourceIds: number[], busy: BusyInterval[]) {
  const map = new Map<number, BusyInterval[]>(resourceIds.map((id) => [id, []]));
  for (const b of busy) map.get(b.resource_id)?.push(b);
  return map;
}

/** Candidate exact start times of a day on the office's grid (Helsinki wall clock). */
function exactCandidates(org: OrganizationRow, date: string, minutes: number) {
  const first = timeToMinutes(org.first_slot_time);
  const closing = timeToMinutes(org.closing_time);
  const out: { startTime: string; endTime: string; start: Date; end: Date }[] = [];
  for (let t = first; t + minutes <= closing; t += org.slot_step_minutes) {
    const startTime = minutesToTime(t);
    const endTime = minutesToTime(t + minutes);
    out.push({ startTime, endTime, start: fromHelsinki(date, startTime), end: fromHelsinki(date, endTime) });
  }
  return out;
}

/** The first (MORNING) or last (EVENING) free stretch of a day on one resource. */
function dayGap(busy: BusyInterval[], dayStart: Date, dayEnd: Date, minutes: number, position: 'MORNING' | 'EVENING') {
  const need = minutes * 60000;
  const gaps: { start: Date; end: Date }[] = [];
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

export interface BookingContext {
  org: OrganizationRow;
  minutes: number;
}

/** The office and the length of time a process's booking needs. */
export async function bookingContext(db: Executor, process: ProcessRow): Promise<BookingContext> {
  if (!process.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const org = await findOrganization(db, process.organization_id);
  if (!org) throw badRequest('organizationId', 'Tuntematon toimipiste');
  const lines = await pricedCart(db, process);
  const minutes = totalDurationMinutes(lines, ((process.symptoms as unknown[]) ?? []).length > 0);
  if (minutes === 0) throw badRequest('cart', 'Valitse ensin palvelu');
  return { org, minutes };
}

/** Each day's free times at the process's office (SPEC §3 "Free time day"). */
export async function freeTimes(
  db: Db,
  process: ProcessRow,
  range: { start: string; end: string },
  now = new Date(),
): Promise<FreeTimeDay[]> {
  const { org, minutes } = await bookingContext(db, process);
  const resources = (await findResources(db, org.id)).map((r) => r.id);
  const from = fromHelsinki(range.start);
  const to = fromHelsinki(addDays(range.end, 1));
  const busy = groupByResource(resources, await findBusyIntervals(db, org.id, from, to, process.token));
  const today = todayInHelsinki(now);
  const earliest = new Date(now.getTime() + SAME_DAY_LEAD_MINUTES * 60000);

  const days: FreeTimeDay[] = [];
  for (let date = range.start; date <= range.end; date = addDays(date, 1)) {
    const day: FreeTimeDay = { date, exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] };
    days.push(day);
    if (date < today || !isWorkingDay(date)) continue;
    if (org.time_selection_type === 'DAY_ONLY') {
      const dayStart = fromHelsinki(date, org.opening_time);
      const dayEnd = fromHelsinki(date, org.closing_time);
      const start = dayStart < earliest ? earliest : dayStart;
      day.onlyDayTimesAvailable =
        date > today && [...busy.values()].some((b) => dayGap(b, start, dayEnd, minutes, 'MORNING') !== undefined);
      continue;
    }
    for (const c of exactCandidates(org, date, minutes)) {
      if (c.start < earliest) continue;
      if ([...busy.values()].some((b) => isFree(b, c.start, c.end))) {
        day.calendarSlots.push({ startTime: c.startTime, endTime: c.endTime });
      }
    }
    day.exactTimesAvailable = day.calendarSlots.length > 0;
  }
  return days;
}

export type ReserveOutcome = { responseCode: 'SUCCESS' } | { responseCode: 'NOT_AVAILABLE'; message: string };

/**
 * Holds a time for a process. EXACT_TIME takes the asked slot on any free resource;
 * DAY_ONLY takes a stretch of the asked day (first or last by shift position). Any
 * earlier hold of the process is released in the same transaction.
 */
export async function reserveTime(
  db: Db,
  token: string,
  body: { reservation: string; timeSelectionType: 'EXACT_TIME' | 'DAY_ONLY'; workshiftPosition?: 'MORNING' | 'EVENING' | null | undefined },
  now = new Date(),
): Promise<ReserveOutcome> {
  const [startText, endText] = body.reservation.split('|') as [string, string];
  const start = parseLocalDateTime(startText);
  const end = parseLocalDateTime(endText);
  const date = startText.slice(0, 10);
  const notAvailable = (message: string): ReserveOutcome => ({ responseCode: 'NOT_AVAILABLE', message });

  return db.transaction().execute(async (trx) => {
    // The row lock orders a session's own concurrent calls.
    const process = await findLiveProcess(trx, token, true);
    if (!process) throw new DomainError(412, 'SESSION_EXPIRED', 'Istunto on päättynyt.');
    if (process.booking_id) throw new DomainError(409, 'ALREADY_SAVED', 'Varaus on jo tallennettu.');
    const { org, minutes } = await bookingContext(trx, process);
    if (!isWorkingDay(date) || date < todayInHelsinki(now)) return notAvailable('Toimipiste on suljettu');

    let wanted: { start: Date; end: Date }[];
    if (body.timeSelectionType === 'EXACT_TIME') {
      if (org.time_selection_type !== 'EXACT_TIME') throw badRequest('timeSelectionType', 'Toimipisteessä valitaan vain päivä');
      const slot = exactCandidates(org, date, minutes).find(
        (c) => c.start.getTime() === start.getTime() && c.end.getTime() === end.getTime(),
      );
      if (!slot) throw badRequest('reservation', 'Aika ei ole toimipisteen aikataulussa tai sen pituus ei vastaa palveluita');
      if (slot.start.getTime() < now.getTime() + SAME_DAY_LEAD_MINUTES * 60000) return notAvailable('Aika on jo mennyt');
      wanted = [{ start: slot.start, end: slot.end }];
    } else {
      const dayStart = fromHelsinki(date, org.opening_time);
      const dayEnd = fromHelsinki(date, org.closing_time);
      if (date <= todayInHelsinki(now)) return notAvailable('Päivä ei ole varattavissa');
      wanted = [{ start: dayStart, end: dayEnd }];
    }

    await releaseHolds(trx, token);
    const window = wanted[0]!;
    await purgeExpiredHolds(trx, org.id, window.start, window.end);
    const resources = (await findResources(trx, org.id)).map((r) => r.id);

    if (body.timeSelectionType === 'EXACT_TIME') {
      for (const resourceId of resources) {
        if (await tryInsertHold(trx, { resourceId, start: window.start, end: window.end, token, holdMinutes: HOLD_MINUTES })) {
          return { responseCode: 'SUCCESS' } as const;
        }
      }
      return notAvailable('Aika ehdittiin varata');
    }
    const busy = groupByResource(resources, await findBusyIntervals(trx, org.id, window.start, window.end, token));
    for (const resourceId of resources) {
      const gap = dayGap(busy.get(resourceId) ?? [], window.start, window.end, minutes, body.workshiftPosition ?? 'MORNING');
      if (gap && (await tryInsertHold(trx, { resourceId, ...gap, token, holdMinutes: HOLD_MINUTES }))) {
        return { responseCode: 'SUCCESS' } as const;
      }
    }
    return notAvailable('Päivä ehdittiin varata');
  });
}
