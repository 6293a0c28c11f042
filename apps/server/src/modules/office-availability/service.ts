import {
  CALENDAR_AUTO_ADVANCE_WEEKS,
  addDays,
  fromHelsinki,
  startOfWeek,
  todayInHelsinki,
  type FirstFreeTimes,
  type OfficeFirstFreeTime,
} from '@huolto/domain';
import type { Executor, ProcessRow } from '../process/repository.ts';
import { selectedResourceIdsOf } from '../process/repository.ts';
import { hasSymptoms, pricedCart, totalDurationMinutes } from '../catalogue/service.ts';
import { findBusyIntervals, findResources } from '../time/repository.ts';
import { computeFreeDays, groupByResource, hasAvailability } from '../time/slots.ts';
import { usableResources } from '../time/service.ts';
import { findActiveOffices } from './repository.ts';

/**
 * Weeks looked at for a first free time: the current week and the week calendar's
 * auto-advance (SPEC §4 "Week calendar", §9), so that an office said to have a time
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
 * one at a time and only for the offices still without a time: the busy time of all of
 * them comes in one query a week, and most offices are done after the first week.
 * Unknown and inactive offices are left out; the rest come back in the order asked.
 */
export async function firstFreeTimes(
  db: Executor,
  process: ProcessRow,
  organizationIds: readonly number[],
  now = new Date(),
): Promise<FirstFreeTimes> {
  const today = todayInHelsinki(now);
  const until = addDays(startOfWeek(today), FIRST_FREE_TIME_WEEKS * 7 - 1);
  const minutes = totalDurationMinutes(await pricedCart(db, process), hasSymptoms(process)) || MINUTES_BEFORE_SERVICES;
  const ids = [...new Set(organizationIds)];
  const offices = await findActiveOffices(db, ids);
  const timed = offices.filter((o) => !o.lead_only);
  const resources = await findResources(
    db,
    timed.map((o) => o.id),
  );
  // The mechanics the customer chose count only at the booking's own office.
  const usable = new Map(
    timed.map((o) => [o.id, usableResources(o, resources, o.id === process.organization_id ? selectedResourceIdsOf(process) : [])]),
  );
  const found = new Map<number, { date: string; startTime: string | null }>();

  let pending = timed.filter((o) => usable.get(o.id)!.length > 0);
  for (let start = today; pending.length > 0 && start <= until; start = addDays(startOfWeek(start), 7)) {
    const weekEnd = addDays(startOfWeek(start), 6);
    const end = weekEnd < until ? weekEnd : until;
    const busy = groupByResource(
      pending.flatMap((o) => usable.get(o.id)!),
      await findBusyIntervals(
        db,
        pending.map((o) => o.id),
        fromHelsinki(start),
        fromHelsinki(addDays(end, 1)),
        process.token,
      ),
    );
    for (const office of pending) {
      const own = new Map(usable.get(office.id)!.map((id) => [id, busy.get(id) ?? []]));
      const first = computeFreeDays({ office, minutes, start, end, busy: own, now }).find(hasAvailability);
      if (first) found.set(office.id, { date: first.date, startTime: first.calendarSlots[0]?.startTime ?? null });
    }
    pending = pending.filter((o) => !found.has(o.id));
  }

  const byId = new Map(offices.map((o) => [o.id, o]));
  const answer = ids.flatMap((id): OfficeFirstFreeTime[] => {
    const office = byId.get(id);
    if (!office) return [];
    const first = found.get(id);
    return [{ organizationId: id, date: first?.date ?? null, startTime: first?.startTime ?? null, leadOnly: office.lead_only }];
  });
  return { weeks: FIRST_FREE_TIME_WEEKS, until, minutes, organizations: answer };
}
