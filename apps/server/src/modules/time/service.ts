import type { Selectable } from 'kysely';
import { freeTimesRangeProblem, todayInHelsinki } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';
import type { Versions } from '#src/db/versions.ts';
import { DomainError, SessionExpiredError, badRequest } from '#src/lib/errors.ts';
import type { ProcessRow } from '../process/index.ts';
import { findLiveProcess, productParameterChoicesOf } from '../process/index.ts';
import { findOrganization } from '../organizations/index.ts';
import {
  type CatalogueCache,
  type CatalogueSource,
  hasSymptoms,
  pricedCart,
  totalDurationMinutes,
  type CatalogueFrom,
} from '../catalogue/index.ts';
import type { AvailabilityCache } from './availability-cache.ts';
import { findResources, type ResourceRow } from './repository.ts';

/*
 * What the time module's calls share: a session's office and length of work, the resources
 * it may use, the calendar context, and the session's row locked for a change. The calls
 * themselves: calendars.ts (free times), reserve.ts (holding a time) and
 * session-choices.ts (lead date, mechanics, key locker, how the car is left).
 */

export { SAME_DAY_LEAD_MINUTES } from './slots.ts';

type OrganizationRow = Selectable<Database['organization']>;

const alreadySaved = () => new DomainError(409, 'ALREADY_SAVED', 'Varaus on jo tallennettu.');

/**
 * The session's row, locked for the transaction (the lock orders a session's own
 * concurrent calls): 412 when it has expired, 409 when its booking is already saved.
 */
export async function lockUnsavedSession(trx: Executor, token: string): Promise<ProcessRow> {
  const session = await findLiveProcess(trx, token, true);
  if (!session) throw new SessionExpiredError();
  if (session.booking_id) throw alreadySaved();
  return session;
}

/** What the cart of a session needs of a resource: minutes of work and the kinds of work. */
export interface CartWork {
  minutes: number;
  /** Every kind of work a line of the cart needs, sorted (a line without one needs none). */
  kinds: string[];
}

/** The kinds of work the lines of a priced cart need, sorted and once each. */
export function workKindsOfLines(lines: readonly { product: { work_kind: string | null } }[]): string[] {
  return [...new Set(lines.flatMap((l) => (l.product.work_kind ? [l.product.work_kind] : [])))].sort();
}

/** Minutes and kinds of work the cart of a session needs; 400 naming `cart` when it is empty. */
export async function cartWork(db: CatalogueFrom, session: ProcessRow): Promise<CartWork> {
  const lines = await pricedCart(db, session);
  const minutes = totalDurationMinutes(lines, hasSymptoms(session));
  if (minutes === 0) throw badRequest('cart', 'Valitse ensin palvelu');
  return { minutes, kinds: workKindsOfLines(lines) };
}

/** Minutes of work the cart of a session needs; 400 naming `cart` when it is empty. */
export async function cartMinutes(db: CatalogueFrom, session: ProcessRow): Promise<number> {
  return (await cartWork(db, session)).minutes;
}

export interface BookingContext {
  organization: OrganizationRow;
  minutes: number;
  /** The kinds of work the cart needs (usableResources). */
  kinds: string[];
}

/** The office, the length of time and the kinds of work a session's booking needs. */
export async function bookingContext(db: Executor, session: ProcessRow): Promise<BookingContext> {
  if (!session.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const organization = await findOrganization(db, session.organization_id);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  return { organization, ...(await cartWork(db, session)) };
}

/**
 * The resources that may take a session's booking at its office: only active ones that can
 * do every kind of work the cart needs; among them the mechanics the customer chose, when
 * the office lets customers choose and the choice names some of its selectable resources;
 * otherwise all of them.
 */
export function usableResources(
  organization: OrganizationRow,
  resources: readonly ResourceRow[],
  selected: readonly number[],
  kinds: readonly string[],
): number[] {
  const all = resources.filter((r) => r.organization_id === organization.id && r.active && kinds.every((k) => r.work_kinds.includes(k)));
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

/** true when the session takes a lead date instead of a time (requirements §2 "lead mode"). */
export function isLeadMode(session: ProcessRow, organization: { lead_only: boolean } | undefined): boolean {
  const lead = productParameterChoicesOf(session).some((p) => p.parameterCode === 'WINDSHIELD_CHANGE_BOOKING_TYPE' && p.selectedValue === 'LEAD');
  return lead || !!organization?.lead_only;
}

/** What the calendar calls read through: the session's cache and the request's versions. */
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

/** The mechanics customers may choose at the session's office (none when it does not allow it). */
export async function selectableResources(db: Executor, session: ProcessRow): Promise<{ id: number; name: string }[]> {
  if (!session.organization_id) return [];
  const organization = await findOrganization(db, session.organization_id);
  if (!organization?.customer_selects_resource) return [];
  return (await findResources(db, organization.id)).filter((r) => r.selectable && r.active).map((r) => ({ id: r.id, name: r.display_name ?? r.name }));
}

