/**
 * POST /offices/:officeId/desk/times: the starts of a day where the work fits, per resource
 * that can do it. The work's length and price are the customer's cart's (the catalogue
 * preview's previewWork), the resources those the customer's booking could use
 * (usableResources with the work's kinds), and the starts the staff grid's of a move
 * (staffMoveStarts over the office's day as the back-office reads it); a start is marked as a
 * customer's time when the customer would be offered it online (the office's slot grid,
 * free, not within the same-day lead).
 */
import { formatLocalDateTime, staffMoveStarts, type DeskTimes, type ProcessType } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import type { CartProductItem } from '@huolto/domain';
import { previewWork } from '../catalogue-admin/index.ts';
import { staffDay } from '../staff-bookings/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { SAME_DAY_LEAD_MINUTES, exactCandidates, findOpeningExceptions, findResources, usableResources } from '../time/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { deskOffice, previewQueryOf } from './office.ts';

/** A start of no booking: every booking of the day takes its time. */
const NO_BOOKING = -1;

export interface DeskTimesRequest {
  processType: ProcessType;
  vehicle: { registerNumber: string; make?: string | undefined; model?: string | undefined; kilometers?: number | null | undefined };
  items: CartProductItem[];
  date: string;
}

export async function deskTimes(
  db: Db,
  vehicles: VehicleSource,
  staff: StaffPrincipal,
  officeId: number,
  body: DeskTimesRequest,
  now = new Date(),
): Promise<DeskTimes> {
  const { organization } = await deskOffice(db, staff, officeId);
  const work = await previewWork(db, vehicles, previewQueryOf(officeId, body), body.items);
  const usable = usableResources(organization, await findResources(db, officeId), [], work.kinds);
  const day = await staffDay(db, staff, officeId, body.date, now);
  const nowLocal = formatLocalDateTime(now);

  // The customer's exact starts of the day, from the same-day lead on.
  const exceptions = await findOpeningExceptions(db, officeId, body.date, body.date);
  const earliest = now.getTime() + SAME_DAY_LEAD_MINUTES * 60_000;
  const customerStarts = new Set(
    organization.time_selection_type === 'DAY_ONLY'
      ? []
      : exactCandidates({ ...organization, exceptions }, body.date, work.minutes)
          .filter((c) => c.start.getTime() >= earliest)
          .map((c) => c.startTime.slice(0, 5)),
  );

  const names = new Map(day.resources.map((r) => [r.id, r.name]));
  const resources = usable
    .filter((id) => names.has(id))
    .map((id) => ({
      id,
      name: names.get(id)!,
      starts: staffMoveStarts(day, id, work.minutes, NO_BOOKING, nowLocal).map((s) => ({
        ...s,
        customerTime: !s.taken && !s.past && customerStarts.has(s.time.slice(0, 5)),
      })),
    }));

  // The walk-in's first start: the earliest free one, on the first resource that has it.
  let first: DeskTimes['first'] = null;
  for (const r of resources) {
    const start = r.starts.find((s) => !s.taken && !s.past);
    if (start && (!first || start.time < first.time)) first = { resourceId: r.id, time: start.time };
  }
  return { date: body.date, minutes: work.minutes, totalCents: work.totalCents, resources, first };
}
