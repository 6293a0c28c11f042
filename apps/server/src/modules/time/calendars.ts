import { distanceKm, type FreeTimeDay, type Organization, type OrganizationFreeTimes, type TimeSelectionType } from '@huolto/domain';
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

/** What free-times-on-organization is asked: the range, and optionally a page of the nearest offices. */
export interface OtherOfficesQuery {
  start: string;
  end: string;
  /** At most this many offices, the nearest with free days (OTHER_OFFICES_MAX_LIMIT). */
  limit?: number | undefined;
  /** The customer's location, both or neither: nearest to it, else to the booking's office. */
  latitude?: number | undefined;
  longitude?: number | undefined;
  /** Each office's first free day with only its first time (what the time step shows). */
  firstOnly?: boolean | undefined;
}

/**
 * The candidates nearest first: to the customer's location when given, else to the
 * booking's office; offices without coordinates last. Equally near (or with no point to
 * measure from) they keep their order, by name.
 */
async function nearestFirst(offices: OfficeSource, session: ProcessRow, candidates: Organization[], query: OtherOfficesQuery): Promise<Organization[]> {
  const own = session.organization_id ? await offices.organization(session.organization_id) : undefined;
  const point =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : own && own.latitude !== null && own.longitude !== null
        ? { latitude: own.latitude, longitude: own.longitude }
        : undefined;
  if (!point) return candidates;
  const km = new Map<number, number>();
  for (const o of await offices.listPublic()) {
    if (o.latitude !== null && o.longitude !== null) km.set(o.id, distanceKm(point, { latitude: o.latitude, longitude: o.longitude }));
  }
  const far = Number.POSITIVE_INFINITY;
  return candidates
    .map((office, index) => ({ office, index, km: km.get(office.id) ?? far }))
    .sort((a, b) => a.km - b.km || a.index - b.index)
    .map((o) => o.office);
}

/**
 * Free days of the other offices the booking could move to, for the cart's length of work:
 * offices without a free day are left out, each calendar holds only free days (with
 * `firstOnly` only the first of them, firstFreeTimeOnly) and `freeDays` counts them; the
 * offices earliest first free day first, then by name. Without a limit every compatible
 * office is computed (busy time of all of them read in one query); with `limit` the offices
 * are taken nearest first
 * (nearestFirst) a page at a time, until `limit` of them have free days, so the cost is that of
 * the page whatever the size of the chain. The calendars are those kept under each office's
 * availability version (availability-cache.ts).
 */
export async function freeTimesOnOrganizations(
  db: Db,
  ctx: CalendarContext,
  session: ProcessRow,
  query: OtherOfficesQuery,
  now = new Date(),
): Promise<OrganizationFreeTimes[]> {
  assertBookableRange(query, now);
  const { minutes, kinds } = await cartWork(ctx.catalogue, session);
  let candidates = (await compatibleOrganizations(ctx.catalogue.offices, session)).filter((o) => o.id !== session.organization_id);
  if (candidates.length === 0) return [];
  const limit = query.limit;
  if (limit !== undefined) candidates = await nearestFirst(ctx.catalogue.offices, session, candidates, query);
  const out: OrganizationFreeTimes[] = [];
  const pageSize = limit ?? candidates.length;
  for (let i = 0; i < candidates.length && (limit === undefined || out.length < limit); i += pageSize) {
    const page = candidates.slice(i, i + pageSize);
    out.push(...(await withFreeDays(db, ctx, session, page, query, minutes, kinds, now)));
  }
  const sorted = (limit === undefined ? out : out.slice(0, limit)).sort(
    (a, b) => a.calendar[0]!.date.localeCompare(b.calendar[0]!.date) || a.organization.name.localeCompare(b.organization.name, 'fi'),
  );
  return query.firstOnly ? sorted.map(firstFreeTimeOnly) : sorted;
}

/**
 * An office's availability trimmed to what the time step shows: its first free day with only
 * that day's first time (a day-only day keeps its empty list of times); `freeDays` stays the
 * count of all its free days.
 */
function firstFreeTimeOnly(office: OrganizationFreeTimes): OrganizationFreeTimes {
  const first = office.calendar[0]!;
  return { ...office, calendar: [{ ...first, calendarSlots: first.calendarSlots.slice(0, 1) }] };
}

/** The offices of `candidates` with a free day in the range, each with its free days, in the order given. */
async function withFreeDays(
  db: Db,
  ctx: CalendarContext,
  session: ProcessRow,
  candidates: Organization[],
  range: { start: string; end: string },
  minutes: number,
  kinds: Parameters<typeof usableResources>[3],
  now: Date,
): Promise<OrganizationFreeTimes[]> {
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
    if (days.length > 0) out.push({ organization, calendar: days, freeDays: days.length });
  });
  return out;
}
