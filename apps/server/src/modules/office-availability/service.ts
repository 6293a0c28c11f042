import {
  CALENDAR_AUTO_ADVANCE_WEEKS,
  addDays,
  startOfWeek,
  todayInHelsinki,
  type FirstFreeTimes,
  type OfficeFirstFreeTime,
} from '@huolto/domain';
import type { ProcessRow } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import { selectedResourceIdsOf } from '../process/index.ts';
import { hasSymptoms, pricedCart, totalDurationMinutes } from '../catalogue/index.ts';
import { usableResources, workKindsOfLines, type CalendarContext } from '../time/index.ts';

/**
 * Weeks looked at for a first free time: the current week and the week calendar's
 * auto-advance (requirements §4 "Week calendar", §9), so that an office said to have a time
 * shows it when its calendar opens.
 */
export const FIRST_FREE_TIME_WEEKS = CALENDAR_AUTO_ADVANCE_WEEKS + 1;

/**
 * The length of work a first free time is for before any service is chosen (the office is
 * chosen first in tire change and maintenance): an hour, a product's default duration.
 */
export const MINUTES_BEFORE_SERVICES = 60;

/**
 * Each asked office's first free time for the booking's work, from now to the end of the
 * FIRST_FREE_TIME_WEEKS weeks, with the slot computation of the time step (time/slots.ts),
 * so the time named here is the first one the office's calendar offers. The weeks are read
 * one at a time and only for the offices still without a time, through the kept calendars
 * (time/availability-cache.ts): the taken time of the offices not kept comes in one query a
 * week, and most offices are done after the first week. Each office's answer is kept under
 * its availability version (AvailabilityCache.firstFreeDays), so a list asked again computes
 * only the offices whose version moved (or whose kept time lapsed).
 * Unknown and inactive offices are left out; the rest come back in the order asked.
 */
export async function firstFreeTimes(
  db: Executor,
  ctx: CalendarContext,
  session: ProcessRow,
  organizationIds: readonly number[],
  now = new Date(),
): Promise<FirstFreeTimes> {
  const today = todayInHelsinki(now);
  const until = addDays(startOfWeek(today), FIRST_FREE_TIME_WEEKS * 7 - 1);
  const lines = await pricedCart(ctx.catalogue, session);
  const minutes = totalDurationMinutes(lines, hasSymptoms(session)) || MINUTES_BEFORE_SERVICES;
  const kinds = workKindsOfLines(lines);
  const ids = [...new Set(organizationIds)];
  const snapshots = await ctx.cache.officeSnapshots(db, ctx.versions, ids);
  const offices = ids.flatMap((id) => (snapshots.has(id) ? [snapshots.get(id)!] : []));
  const weeks: { start: string; end: string }[] = [];
  for (let start = today; start <= until; start = addDays(startOfWeek(start), 7)) {
    const weekEnd = addDays(startOfWeek(start), 6);
    weeks.push({ start, end: weekEnd < until ? weekEnd : until });
  }
  // The mechanics the customer chose count only at the booking's own office.
  const queries = offices.flatMap(({ organization: o, resources }) => {
    const resourceIds = usableResources(o, resources, o.id === session.organization_id ? selectedResourceIdsOf(session) : [], kinds);
    return o.lead_only || resourceIds.length === 0
      ? []
      : [{ office: o, start: today, end: until, minutes, resourceIds, open: true, exceptToken: session.token }];
  });
  const days = await ctx.cache.firstFreeDays(db, ctx.versions, queries, weeks, now);
  const found = new Map<number, { date: string; startTime: string | null }>();
  queries.forEach((q, i) => {
    const first = days[i];
    if (first) found.set(q.office.id, { date: first.date, startTime: first.calendarSlots[0]?.startTime ?? null });
  });

  const answer = offices.map(({ organization: office }): OfficeFirstFreeTime => {
    const first = found.get(office.id);
    return { organizationId: office.id, date: first?.date ?? null, startTime: first?.startTime ?? null, leadOnly: office.lead_only };
  });
  return { weeks: FIRST_FREE_TIME_WEEKS, until, minutes, organizations: answer };
}
