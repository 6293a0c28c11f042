import type { FreeTimeDay, Organization, OrganizationFreeTimes, TimeSelectionType } from '@huolto/domain';
import {
  HOLD_MINUTES,
  HORIZON_MESSAGE,
  addDays,
  formatLocalDateTime,
  freeTimesRangeProblem,
  fromHelsinki,
  isBeyondHorizon,
  isWorkingDay,
  leadDateProblem,
  lockerHalfDayKey,
  normalizePhoneNumber,
  parseLocalDateTime,
  todayInHelsinki,
} from '@huolto/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/types.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';
import type { Executor, ProcessRow } from '../process/repository.ts';
import {
  findLiveProcess,
  markFirstHold,
  productParameterChoicesOf,
  selectedResourceIdsOf,
  updateProcess,
  vehicleOf,
} from '../process/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import type { OfficeSource } from '../organizations/office-cache.ts';
import { databaseCatalogue, type CatalogueCache, type CatalogueSource } from '../catalogue/catalogue-cache.ts';
import type { Versions } from '../../db/versions.ts';
import { AvailabilityCache } from './availability-cache.ts';
import { organizationsForProcess } from '../organizations/service.ts';
import { hasSymptoms, pricedCart, totalDurationMinutes, type CatalogueFrom } from '../catalogue/service.ts';
import { findHeldTime, purgeExpiredHolds, releaseHolds, tryInsertHold } from '../holds/repository.ts';
import {
  addressShare,
  findBusyIntervals,
  findLockerStarts,
  findResourceOfLastVisit,
  findResources,
  findResourcesOfDay,
  lockAddress,
  type ResourceRow,
} from './repository.ts';
import {
  dayGap,
  dayWindow,
  exactCandidates,
  groupByResource,
  hasAvailability,
  isFree,
  officeTypeRequested,
  SAME_DAY_LEAD_MINUTES,
  type Shift,
} from './slots.ts';
import {
  ADDRESS_SHARE_MESSAGE,
  HOLD_TOTAL_MESSAGE,
  HOLD_TOTAL_MINUTES,
  withinShare,
  type AddressLimits,
} from './fair-share.ts';

export { SAME_DAY_LEAD_MINUTES } from './slots.ts';

type OrganizationRow = Selectable<Database['organization']>;

const sessionExpired = () => new DomainError(412, 'SESSION_EXPIRED', 'Istunto on päättynyt.');
const alreadySaved = () => new DomainError(409, 'ALREADY_SAVED', 'Varaus on jo tallennettu.');

/** Minutes of work the cart of a process needs; 400 naming `cart` when it is empty. */
export async function cartMinutes(db: CatalogueFrom, process: ProcessRow): Promise<number> {
  const lines = await pricedCart(db, process);
  const minutes = totalDurationMinutes(lines, hasSymptoms(process));
  if (minutes === 0) throw badRequest('cart', 'Valitse ensin palvelu');
  return minutes;
}

export interface BookingContext {
  organization: OrganizationRow;
  minutes: number;
}

/** The office and the length of time a process's booking needs. */
export async function bookingContext(db: Executor, process: ProcessRow): Promise<BookingContext> {
  if (!process.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const organization = await findOrganization(db, process.organization_id);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  return { organization, minutes: await cartMinutes(db, process) };
}

/**
 * The resources that may take a process's booking at its office: the mechanics the
 * customer chose, when the office lets customers choose and the choice names some of
 * its selectable resources; otherwise every resource of the office.
 */
export function usableResources(organization: OrganizationRow, resources: readonly ResourceRow[], selected: readonly number[]): number[] {
  const all = resources.filter((r) => r.organization_id === organization.id);
  if (selected.length > 0 && organization.customer_selects_resource) {
    const chosen = all.filter((r) => r.selectable && selected.includes(r.id));
    if (chosen.length > 0) return chosen.map((r) => r.id);
  }
  return all.map((r) => r.id);
}

/**
 * 400 naming the field when a free-times range (already real dates, start ≤ end) is wholly
 * past or reaches beyond the booking horizon. Checked before anything is read.
 */
export function assertBookableRange(range: { start: string; end: string }, now: Date): void {
  const problem = freeTimesRangeProblem(range, todayInHelsinki(now));
  if (problem) throw badRequest(problem.field, problem.message);
}

/** true when the process takes a lead date instead of a time (SPEC §2 "lead mode"). */
export function isLeadMode(process: ProcessRow, organization: { lead_only: boolean } | undefined): boolean {
  const lead = productParameterChoicesOf(process).some((p) => p.parameterCode === 'WINDSHIELD_CHANGE_BOOKING_TYPE' && p.selectedValue === 'LEAD');
  return lead || !!organization?.lead_only;
}

/** What the calendar calls read through: the process's cache and the request's versions. */
export interface CalendarContext {
  cache: AvailabilityCache;
  versions: Versions;
  /** The catalogue (cart prices and lengths, office lists) under the same versions. */
  catalogue: CatalogueSource;
}

/** The context of a request: its versions (read with the session row) over the app's caches. */
export async function calendarContextOf(
  db: Executor,
  request: { versions(): Promise<Versions> },
  caches: { availability: AvailabilityCache; catalogue: CatalogueCache },
): Promise<CalendarContext> {
  const versions = await request.versions();
  return { cache: caches.availability, versions, catalogue: caches.catalogue.at(db, versions) };
}

/** A context that keeps nothing and reads every time (service calls outside a request). */
export function uncachedCalendarContext(db: Executor): CalendarContext {
  // Taken time is read with `expires_at > now()` and used at once, so no hold in it has
  // expired by the database's clock: the epoch stands for "the moment of the read".
  return {
    cache: new AvailabilityCache({ enabled: false }),
    versions: { catalogue: 0, offices: new Map(), dbNow: new Date(0) },
    catalogue: databaseCatalogue(db),
  };
}

/**
 * Each day's free times at the process's office (SPEC §3 "Free time day"), for the whole
 * day or one shift. A list of selection types without the office's own type, and a
 * lead-only office, answer days without availability. Kept calendars answer while the
 * office's availability version stands (availability-cache.ts).
 */
export async function freeTimes(
  db: Db,
  ctx: CalendarContext,
  process: ProcessRow,
  range: { start: string; end: string; resourceTimeSelectionTypes?: readonly TimeSelectionType[] | undefined },
  shift?: Shift,
  now = new Date(),
): Promise<FreeTimeDay[]> {
  assertBookableRange(range, now);
  if (!process.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const office = await ctx.cache.office(db, ctx.versions, process.organization_id);
  if (!office) throw badRequest('organizationId', 'Tuntematon toimipiste');
  const { organization } = office;
  const minutes = await cartMinutes(ctx.catalogue, process);
  const [days] = await ctx.cache.calendars(
    db,
    ctx.versions,
    [
      {
        office: organization,
        start: range.start,
        end: range.end,
        minutes,
        resourceIds: usableResources(organization, office.resources, selectedResourceIdsOf(process)),
        shift,
        open: !organization.lead_only && officeTypeRequested(organization.time_selection_type, range.resourceTimeSelectionTypes),
        exceptToken: process.token,
      },
    ],
    now,
  );
  return days!;
}

/**
 * The offices a process may move to: the tire-change offices for tire processes,
 * otherwise those of compatible-organizations/v2 (windshield offices for WINDSHIELD).
 */
async function compatibleOrganizations(offices: OfficeSource, process: ProcessRow): Promise<Organization[]> {
  if (process.process_type === 'TIRE_CHANGE' || process.process_type === 'TIRE_SALES') {
    return offices.list(vehicleOf(process)?.make_id ?? null, { tireChange: true });
  }
  return organizationsForProcess(offices, process);
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
  process: ProcessRow,
  range: { start: string; end: string },
  now = new Date(),
): Promise<OrganizationFreeTimes[]> {
  assertBookableRange(range, now);
  const minutes = await cartMinutes(ctx.catalogue, process);
  const candidates = (await compatibleOrganizations(ctx.catalogue.offices, process)).filter((o) => o.id !== process.organization_id);
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
        resourceIds: resources.map((r) => r.id),
        open: true,
        exceptToken: process.token,
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

export type ReserveOutcome =
  | { responseCode: 'SUCCESS' }
  | { responseCode: 'NOT_AVAILABLE'; message: string }
  /** The client's address has its share of the office (answered 429 with Retry-After). */
  | { responseCode: 'TOO_MANY_REQUESTS'; message: string; retryAfterSeconds: number };

/**
 * Holds a time for a process. EXACT_TIME takes the asked slot on any free resource;
 * DAY_ONLY takes a stretch of the asked day: with a shift position the first (MORNING)
 * or last (EVENING) stretch inside that shift, else of the whole day. Only the mechanics
 * the customer chose are used when there is a choice, and never one absent at the time
 * (resource_absence); a day with an opening exception offers only its own hours, and
 * none when the exception closes it (NOT_AVAILABLE). Any earlier hold of the process is
 * released and its lead date cleared in the same transaction; when the asked time cannot
 * be taken, that transaction is rolled back and the earlier hold stays exactly as it was,
 * so a customer changing to a time someone else just took keeps the time they had.
 *
 * Fair share (docs/decisions/007): a session's holds end at most HOLD_TOTAL_MINUTES after
 * its first one, after which reserving answers 412 like an expired session and the
 * customer starts over; with `limits`, a session started from an
 * address that already has its share of the office is refused and nothing changes.
 */
export async function reserveTime(
  db: Db,
  token: string,
  body: { reservation: string; timeSelectionType: 'EXACT_TIME' | 'DAY_ONLY'; workshiftPosition?: 'MORNING' | 'EVENING' | null | undefined },
  now = new Date(),
  limits?: AddressLimits,
): Promise<ReserveOutcome> {
  const [startText, endText] = body.reservation.split('|') as [string, string];
  const start = parseLocalDateTime(startText);
  const end = parseLocalDateTime(endText);
  const date = startText.slice(0, 10);
  // A time past the booking horizon is never held (a past one is NOT_AVAILABLE below).
  const today = todayInHelsinki(now);
  if (isBeyondHorizon(date, today) || isBeyondHorizon(endText.slice(0, 10), today)) {
    throw badRequest('reservation', HORIZON_MESSAGE);
  }
  const notAvailable = (message: string): ReserveOutcome => ({ responseCode: 'NOT_AVAILABLE', message });

  try {
    return await db.transaction().execute((trx) => holdTime(trx));
  } catch (err) {
    if (err instanceof TimeNotWon) return notAvailable(err.message);
    throw err;
  }

  async function holdTime(trx: Executor): Promise<ReserveOutcome> {
    // The row lock orders a session's own concurrent calls.
    const process = await findLiveProcess(trx, token, true);
    if (!process) throw sessionExpired();
    if (process.booking_id) throw alreadySaved();
    const { organization, minutes } = await bookingContext(trx, process);
    if (organization.lead_only) return notAvailable('Toimipisteessä ei varata aikaa: valitse toivottu päivä');
    // The office decides how its times are booked: exact grid slots or whole days.
    if (body.timeSelectionType === 'EXACT_TIME' && organization.time_selection_type !== 'EXACT_TIME') {
      throw badRequest('timeSelectionType', 'Toimipisteessä valitaan vain päivä');
    }
    if (body.timeSelectionType === 'DAY_ONLY' && organization.time_selection_type !== 'DAY_ONLY') {
      throw badRequest('timeSelectionType', 'Toimipisteessä valitaan tarkka aika');
    }
    if (!isWorkingDay(date) || date < today) return notAvailable('Toimipiste on suljettu');
    // The day's opening exception and each resource's absences that day, in one statement.
    const day = await findResourcesOfDay(trx, organization.id, date);
    const office = { ...organization, exceptions: new Map(day.exception ? [[date, day.exception]] : []) };

    let window: { start: Date; end: Date };
    if (body.timeSelectionType === 'EXACT_TIME') {
      const onGrid = (o: typeof organization) =>
        exactCandidates(o, date, minutes).find((c) => c.start.getTime() === start.getTime() && c.end.getTime() === end.getTime());
      const slot = onGrid(office);
      // A time of the usual grid outside the day's exceptional hours is closed, not malformed.
      if (!slot && day.exception && onGrid(organization)) return notAvailable('Toimipiste on suljettu valittuna aikana');
      if (!slot) throw badRequest('reservation', 'Aika ei ole toimipisteen aikataulussa tai sen pituus ei vastaa palveluita');
      if (slot.start.getTime() < now.getTime() + SAME_DAY_LEAD_MINUTES * 60000) return notAvailable('Aika on jo mennyt');
      window = { start: slot.start, end: slot.end };
    } else {
      if (date <= today) return notAvailable('Päivä ei ole varattavissa');
      const open = dayWindow(office, date);
      if (!open) return notAvailable('Toimipiste on suljettu');
      window = open;
    }

    const firstHoldAt = process.first_hold_at ? new Date(process.first_hold_at) : null;
    const notAfter = firstHoldAt && new Date(firstHoldAt.getTime() + HOLD_TOTAL_MINUTES * 60000);
    // The session's time for holding is over: it ends like an expired one, and the customer starts over.
    if (notAfter && notAfter.getTime() <= now.getTime()) throw new DomainError(412, 'SESSION_EXPIRED', HOLD_TOTAL_MESSAGE);
    if (limits && process.client_key) {
      await lockAddress(trx, process.client_key);
      const share = await addressShare(trx, { key: process.client_key, organizationId: organization.id, exceptToken: token });
      if (!withinShare(share, minutes, limits)) {
        return { responseCode: 'TOO_MANY_REQUESTS', message: ADDRESS_SHARE_MESSAGE, retryAfterSeconds: share.freesInSeconds };
      }
    }

    // The session's own hold is released first so that it never stands in the way of a new
    // one overlapping it; should the new time be lost, throwing rolls the release back.
    await releaseHolds(trx, token);
    await purgeExpiredHolds(trx, organization.id, window.start, window.end);
    const resourceIds = usableResources(organization, day.resources, selectedResourceIdsOf(process));
    const won = async (): Promise<ReserveOutcome> => {
      if (process.lead_date) await updateProcess(trx, token, { lead_date: null });
      if (!firstHoldAt) await markFirstHold(trx, token);
      return { responseCode: 'SUCCESS' };
    };

    if (body.timeSelectionType === 'EXACT_TIME') {
      // A resource absent at any moment of the time cannot take it (absences are no rows of
      // resource_time, so the exclusion constraint does not see them).
      const absent = new Set(day.resources.filter((r) => !isFree(r.absences, window.start, window.end)).map((r) => r.id));
      const present = resourceIds.filter((id) => !absent.has(id));
      if (present.length === 0) throw new TimeNotWon('Aika ei ole varattavissa');
      for (const resourceId of present) {
        if (await tryInsertHold(trx, { resourceId, start: window.start, end: window.end, token, holdMinutes: HOLD_MINUTES, notAfter })) {
          return won();
        }
      }
      throw new TimeNotWon('Aika ehdittiin varata');
    }
    // Absences are in the busy time.
    const busy = groupByResource(resourceIds, await findBusyIntervals(trx, organization.id, window.start, window.end, token));
    const position = body.workshiftPosition ?? 'MORNING';
    const shiftWindow = body.workshiftPosition ? dayWindow(office, date, body.workshiftPosition) : undefined;
    // Within the asked shift first; a job too long for one shift takes the whole day.
    for (const w of [shiftWindow, window]) {
      if (!w) continue;
      for (const resourceId of resourceIds) {
        const gap = dayGap(busy.get(resourceId) ?? [], w.start, w.end, minutes, position);
        if (gap && (await tryInsertHold(trx, { resourceId, ...gap, token, holdMinutes: HOLD_MINUTES, notAfter }))) return won();
      }
    }
    throw new TimeNotWon('Päivä ehdittiin varata');
  }
}

/** Aborts a reserve-time transaction whose time was lost, undoing the release of the earlier hold. */
class TimeNotWon extends Error {}

/**
 * Which asked start times fall on a half-day whose key-locker compartments at the
 * booking's office are all taken by saved bookings and other processes' live holds.
 * A start time past the booking horizon is a 400 naming it.
 */
export async function lockerReservedTimes(
  db: Db,
  process: ProcessRow,
  startTimes: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const today = todayInHelsinki(now);
  startTimes.forEach((t, i) => {
    if (isBeyondHorizon(t.slice(0, 10), today)) throw badRequest(`startTimes.${i}`, HORIZON_MESSAGE);
  });
  if (!process.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const organization = await findOrganization(db, process.organization_id);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  const dates = startTimes.map((t) => t.slice(0, 10)).sort();
  const from = fromHelsinki(dates[0]!);
  const to = fromHelsinki(addDays(dates[dates.length - 1]!, 1));
  const counts = new Map<string, number>();
  for (const start of await findLockerStarts(db, organization.id, from, to, process.token)) {
    const key = lockerHalfDayKey(formatLocalDateTime(start));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return startTimes.filter((t) => (counts.get(lockerHalfDayKey(t)) ?? 0) >= organization.locker_compartments);
}

/**
 * Lead mode: the customer wishes a date and is contacted instead of reserving a time.
 * The date must be a working day after today, at most three months ahead. Any hold of
 * the process is released.
 */
export async function setLead(db: Db, token: string, leadDate: string, now = new Date()): Promise<void> {
  const problem = leadDateProblem(leadDate, todayInHelsinki(now));
  if (problem) throw badRequest('leadDate', problem);
  await db.transaction().execute(async (trx) => {
    const process = await findLiveProcess(trx, token, true);
    if (!process) throw sessionExpired();
    if (process.booking_id) throw alreadySaved();
    if (!process.organization_id || !(await findOrganization(trx, process.organization_id))) {
      throw badRequest('organizationId', 'Valitse ensin toimipiste');
    }
    await releaseHolds(trx, token);
    await updateProcess(trx, token, { lead_date: leadDate });
  });
}

/** The mechanics customers may choose at the process's office (none when it does not allow it). */
export async function selectableResources(db: Executor, process: ProcessRow): Promise<{ id: number; name: string }[]> {
  if (!process.organization_id) return [];
  const organization = await findOrganization(db, process.organization_id);
  if (!organization?.customer_selects_resource) return [];
  return (await findResources(db, organization.id)).filter((r) => r.selectable).map((r) => ({ id: r.id, name: r.display_name ?? r.name }));
}

/**
 * The mechanic who served this phone number's latest earlier visit at the office with the
 * session's car, if any; null also when the session has no car.
 */
export async function resourceForCustomer(db: Executor, process: ProcessRow, phoneNumber: string) {
  if (!process.organization_id) return null;
  // Only a visit with the car this session has searched counts: a phone number alone tells
  // nothing (not even whether it has visited), so the call cannot be used to look people up.
  const registerNumber = vehicleOf(process)?.register_number;
  if (!registerNumber) return null;
  const organization = await findOrganization(db, process.organization_id);
  if (!organization?.customer_selects_resource) return null;
  return (await findResourceOfLastVisit(db, organization.id, normalizePhoneNumber(phoneNumber), registerNumber)) ?? null;
}

/**
 * Limits the booking to the chosen mechanics (an empty list: anyone). Each must be a
 * selectable resource of the booking's office. A held time on a mechanic no longer
 * chosen is released.
 */
export async function setSelectedResources(db: Db, token: string, resourceIds: readonly number[]): Promise<void> {
  const ids = [...new Set(resourceIds)];
  await db.transaction().execute(async (trx) => {
    const process = await findLiveProcess(trx, token, true);
    if (!process) throw sessionExpired();
    if (process.booking_id) throw alreadySaved();
    if (ids.length > 0) {
      const allowed = new Set((await selectableResources(trx, process)).map((r) => r.id));
      const wrong = ids.filter((id) => !allowed.has(id));
      if (wrong.length > 0) {
        throw badRequest('resourceIds', `Mekaanikkoa ei voi valita tässä toimipisteessä: ${wrong.join(', ')}`);
      }
      const held = await findHeldTime(trx, token);
      if (held?.kind === 'HOLD' && !ids.includes(held.resource_id)) await releaseHolds(trx, token);
    }
    await updateProcess(trx, token, { selected_resource_ids: ids });
  });
}

/** Releases the process's held time (remove-reservation). */
export async function removeReservation(db: Db, token: string): Promise<void> {
  await releaseHolds(db, token);
}

/** How the customer leaves the car (reservation-details/v2). */
export async function setReservationDetails(
  db: Db,
  token: string,
  details: { customerWaiting: boolean; vehicleLeftForDay: boolean; usingKeyLocker: boolean },
): Promise<void> {
  await updateProcess(db, token, {
    customer_waiting: details.customerWaiting,
    vehicle_left_for_day: details.vehicleLeftForDay,
    using_key_locker: details.usingKeyLocker,
  });
}
