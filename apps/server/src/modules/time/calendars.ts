import type { FreeTimeDay, Organization, OrganizationFreeTimes, TimeSelectionType } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import type { ProcessRow } from '../process/index.ts';
import { selectedResourceIdsOf, vehicleOf } from '../process/index.ts';
import type { OfficeSource } from '../organizations/index.ts';
import { organizationsForProcess } from '../organizations/index.ts';
import { hasAvailability, officeTypeRequested, type Shift } from './slots.ts';
import { assertBookableRange, cartWork, usableResources, type CalendarContext } from './service.ts';

/**
 * Each day's free times at the session's office (requirements §3 "Free time day"), for the whole
 * day or one shift. A list of selection types without the office's own type, and a
 * lead-only office, answer days without availability. Kept calendars answer while the
 * office's availability version stands (availability-cache.ts).
 */
export async function freeTimes(
  db: Db,
  ctx: CalendarContext,
  session: ProcessRow,
  range: { start: string; end: string; resourceTimeSelectionTypes?: readonly TimeSelectionType[] | undefined },
  shift?: Shift,
  now = new Date(),
): Promise<FreeTimeDay[]> {
  assertBookableRange(range, now);
  if (!session.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const office = await ctx.cache.office(db, ctx.versions, session.organization_id);
  if (!office) throw badRequest('organizationId', 'Tuntematon toimipiste');
  const { organization } = office;
  const { minutes, kinds } = await cartWork(ctx.catalogue, session);
  const [days] = await ctx.cache.calendars(
    db,
    ctx.versions,
    [
      {
        office: organization,
        start: range.start,
        end: range.end,
        minutes,
        resourceIds: usableResources(organization, office.resources, selectedResourceIdsOf(session), kinds),
        shift,
        open: !organization.lead_only && officeTypeRequested(organization.time_selection_type, range.resourceTimeSelectionTypes),
        exceptToken: session.token,
      },
    ],
    now,
  );
  return days!;
}

/**
 * The offices a session may move to: the tire-change offices for tire sessions,
 * otherwise those of compatible-organizations/v2 (windshield offices for WINDSHIELD).
 */
async function compatibleOrganizations(offices: OfficeSource, session: ProcessRow): Promise<Organization[]> {
  if (session.process_type === 'TIRE_CHANGE' || session.process_type === 'TIRE_SALES') {
    return offices.list(vehicleOf(session)?.make_id ?? null, { tireChange: true, process: session.process_type });
  }
  return organizationsForProcess(offices, session);
}

/**
 * Free days of every other office the booking could move to, for the cart's length of
 * work: offices without a free day are left out, each calendar holds only free days,
 * earliest first free day first, then by name. Busy time of all offices is read in one
 * query.
 */
export async function freeTimesOnOrganizations(
  db: Db,
  ctx: CalendarContext,
  session: ProcessRow,
  range: { start: string; end: string },
  now = new Date(),
): Promise<OrganizationFreeTimes[]> {
  assertBookableRange(range, now);
  const { minutes, kinds } = await cartWork(ctx.catalogue, session);
  const candidates = (await compatibleOrganizations(ctx.catalogue.offices, session)).filter((o) => o.id !== session.organization_id);
  if (candidates.length === 0) return [];
  const offices = await ctx.cache.officeSnapshots(
    db,
    ctx.versions,
    candidates.map((o) => o.id),
  );
  const organizations = candidates.filter((o) => offices.has(o.id) && !offices.get(o.id)!.organization.lead_only);
  if (organizations.length === 0) return [];
  const calendars = await ctx.cache.calendars(
    db,
    ctx.versions,
    organizations.map((o) => {
      const { organization, resources } = offices.get(o.id)!;
      return {
        office: organization,
        start: range.start,
        end: range.end,
        minutes,
        resourceIds: usableResources(organization, resources, [], kinds),
        open: true,
        exceptToken: session.token,
      };
    }),
    now,
  );
  const out: OrganizationFreeTimes[] = [];
  organizations.forEach((organization, i) => {
    const days = calendars[i]!.filter(hasAvailability);
    if (days.length > 0) out.push({ organization, calendar: days });
  });
  return out.sort(
    (a, b) => a.calendar[0]!.date.localeCompare(b.calendar[0]!.date) || a.organization.name.localeCompare(b.organization.name, 'fi'),
  );
}
