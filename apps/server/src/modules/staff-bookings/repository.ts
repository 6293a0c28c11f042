/**
 * What the back-office reads and writes of an office's bookings: the offices and their
 * resources, opening exceptions, bookings of a range with their resources and absence flag,
 * live holds, absences with the bookings inside them, and a booking's visit status (its
 * time on the resources is written by holds/). A booking's jsonb columns are read by the
 * manage module's checked reader.
 */
import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';
import { extended } from '#src/lib/extra-tables.ts';
import { bookingOrganizationColumns, checkedBooking, type BookingOrganization, type BookingRow } from '../manage/index.ts';
import type { ProcessRow } from '../process/index.ts';

export interface StaffOfficeRow {
  id: number;
  name: string;
  email: string | null;
  opening_time: string;
  closing_time: string;
}

/** The offices with these ids (active or not: their bookings stay theirs), by id. */
export async function findStaffOffices(db: Executor, ids: readonly number[]): Promise<StaffOfficeRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('organization')
    .select(['id', 'name', 'email', 'opening_time', 'closing_time'])
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export interface StaffResourceRow {
  id: number;
  organization_id: number;
  name: string;
  /** false: deactivated, takes no new bookings; its existing bookings still show. */
  active: boolean;
}

/** The resources (lifts, mechanics) of offices, active or not, in each office's order. */
export async function findOfficeResources(db: Executor, officeIds: readonly number[]): Promise<StaffResourceRow[]> {
  if (officeIds.length === 0) return [];
  const rows = await db
    .selectFrom('resource')
    .select(['id', 'organization_id', 'name', 'display_name', 'active'])
    .where('organization_id', 'in', [...officeIds])
    .orderBy('organization_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map(staffResource);
}

/** A resource row as staff see it: its display name when it has one. */
const staffResource = (r: { id: number; organization_id: number; name: string; display_name: string | null; active: boolean }): StaffResourceRow => ({
  id: r.id,
  organization_id: r.organization_id,
  name: r.display_name || r.name,
  active: r.active,
});

/** One resource with its office, if it exists. */
export async function findResource(db: Executor, id: number): Promise<StaffResourceRow | undefined> {
  const row = await db.selectFrom('resource').select(['id', 'organization_id', 'name', 'display_name', 'active']).where('id', '=', id).executeTakeFirst();
  return row && staffResource(row);
}

export interface OpeningExceptionRow {
  day: string;
  opening_time: string | null;
  closing_time: string | null;
  reason: string;
}

/** An office's opening exceptions on the days [fromDate, toDate). */
export async function findOpeningExceptions(db: Executor, officeId: number, fromDate: string, toDate: string): Promise<OpeningExceptionRow[]> {
  return db
    .selectFrom('opening_exception')
    .select(['day', 'opening_time', 'closing_time', 'reason'])
    .where('organization_id', '=', officeId)
    .where('day', '>=', fromDate)
    .where('day', '<', toDate)
    .orderBy('day')
    .execute();
}

/** What an office's day and week views read of the office itself. */
export interface OfficeViewRow {
  office: BookingOrganization;
  /** Its resources as findOfficeResources reads them. */
  resources: StaffResourceRow[];
  /** Its opening exceptions on the days [fromDate, toDate), as findOpeningExceptions reads them. */
  exceptions: OpeningExceptionRow[];
}

/** A json column as the driver gives it (parsed, or its text). */
const parsedJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/**
 * An office (active or not) with its resources and its opening exceptions on the days
 * [fromDate, toDate), in one statement (a statement's round trip is most of a small read's
 * time on the embedded database); undefined for no such office.
 */
export async function findOfficeView(db: Executor, officeId: number, fromDate: string, toDate: string): Promise<OfficeViewRow | undefined> {
  const row = await db
    .selectFrom('organization as o')
    .select(bookingOrganizationColumns.map((c) => `o.${c}` as const))
    .select([
      sql<unknown>`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'organization_id', r.organization_id, 'name', r.name,
          'display_name', r.display_name, 'active', r.active) ORDER BY r.sort, r.id), '[]'::json)
        FROM resource r WHERE r.organization_id = o.id)`.as('resources'),
      sql<unknown>`(SELECT coalesce(json_agg(json_build_object('day', e.day, 'opening_time', e.opening_time, 'closing_time', e.closing_time,
          'reason', e.reason) ORDER BY e.day), '[]'::json)
        FROM opening_exception e WHERE e.organization_id = o.id AND e.day >= ${fromDate} AND e.day < ${toDate})`.as('exceptions'),
    ])
    .where('o.id', '=', officeId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { resources, exceptions, ...office } = row;
  return {
    office,
    resources: (parsedJson(resources) as Parameters<typeof staffResource>[0][]).map(staffResource),
    exceptions: parsedJson(exceptions) as OpeningExceptionRow[],
  };
}

/** A booking as the back-office lists it: its checked row, its resources and whether it lies in an absence. */
export interface ListedBooking {
  row: BookingRow;
  resourceIds: number[];
  inAbsence: boolean;
  /** The name of the staff member who made it at the desk; null for an online booking. */
  createdBy: string | null;
  /**
   * Whether rows have been added to it since it was saved (findAddedRowsOf reads them);
   * undefined when not looked at.
   */
  hasAddedRows?: boolean;
}

const numbers = (value: unknown): number[] => {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map(Number) : [];
};

/** With a booking row `b`: its booked resources, whether one of its times lies in an absence, who made it, whether rows were added to it. */
const listedColumns = [
  // An int array: cheaper to build and to read than a json one on the embedded database.
  sql<unknown>`ARRAY(SELECT rt.resource_id FROM resource_time rt
    WHERE rt.booking_id = b.id AND rt.kind = 'BOOKED' ORDER BY rt.resource_id)`.as('resource_ids'),
  sql<boolean>`EXISTS (SELECT 1 FROM resource_time rt JOIN resource_absence a
    ON a.resource_id = rt.resource_id AND a.during && rt.during WHERE rt.booking_id = b.id)`.as('in_absence'),
  sql<string | null>`(SELECT u.name FROM staff_user u WHERE u.id = b.created_by_staff_id)`.as('created_by_name'),
  sql<boolean>`EXISTS (SELECT 1 FROM booking_added_row x WHERE x.booking_id = b.id)`.as('has_added_rows'),
];

function listed<R extends Record<string, unknown>>({
  resource_ids,
  in_absence,
  created_by_name,
  has_added_rows,
  ...row
}: R & { resource_ids: unknown; in_absence: unknown; created_by_name: string | null; has_added_rows: unknown }): ListedBooking {
  return {
    row: checkedBooking(row as never),
    resourceIds: numbers(resource_ids),
    inAbsence: in_absence === true,
    createdBy: created_by_name,
    hasAddedRows: has_added_rows === true,
  };
}

/**
 * An office's bookings (confirmed and cancelled) whose time overlaps [from, to), and its
 * leads wished for a day in [fromDate, toDate); by start, leads last.
 */
export async function findOfficeBookings(
  db: Executor,
  officeId: number,
  range: { from: Date; to: Date; fromDate: string; toDate: string },
): Promise<ListedBooking[]> {
  const rows = await extended(db)
    .selectFrom('booking as b')
    .selectAll('b')
    .select(listedColumns)
    .where('b.organization_id', '=', officeId)
    .where('b.status', 'in', ['CONFIRMED', 'CANCELLED'])
    .where((eb) =>
      eb.or([
        // The time as a range: found through booking_office_time_idx (migration 029).
        eb.and([eb('b.kind', '=', 'RESERVATION'), eb(sql`tstzrange(b.start_at, b.end_at)`, '&&', sql`tstzrange(${range.from}, ${range.to}, '[)')`)]),
        eb.and([eb('b.kind', '=', 'LEAD'), eb('b.lead_date', '>=', range.fromDate), eb('b.lead_date', '<', range.toDate)]),
      ]),
    )
    .orderBy(sql`b.start_at NULLS LAST`)
    .orderBy('b.id')
    .execute();
  return rows.map(listed);
}

/** What a search text can be, each part null when the text cannot be one. */
export interface BookingSearchTerms {
  /** A register number's beginning, upper case without spaces or hyphens. */
  plate: string | null;
  bookingKey: string | null;
  /** Digits a customer's phone number (normalised) contains. */
  phoneDigits: string | null;
  /** A part of the customer's name or e-mail address, as a LIKE pattern with its wildcards escaped. */
  namePattern: string | null;
}

/** A search's terms as one condition on booking `b`: any of them matches. */
function matchesAnyTerm(terms: BookingSearchTerms) {
  const any = [];
  if (terms.plate) any.push(sql`replace(replace(upper(b.register_number), '-', ''), ' ', '') LIKE ${`${terms.plate}%`}`);
  if (terms.bookingKey) any.push(sql`b.booking_key = ${terms.bookingKey}`);
  if (terms.phoneDigits) any.push(sql`b.customer_phone LIKE ${`%${terms.phoneDigits}%`}`);
  if (terms.namePattern) {
    any.push(sql`coalesce(b.customer->>'first_name', '') || ' ' || coalesce(b.customer->>'last_name', '') || ' ' || coalesce(b.customer->>'email', '')
      ILIKE ${terms.namePattern} ESCAPE '\\'`);
  }
  return any.length > 0 ? sql<boolean>`(${sql.join(any, sql` OR `)})` : sql<boolean>`false`;
}

/** Reservations read in time order from now before the search takes its text for a rare one. */
export const SEARCH_WINDOW = 1000;

/**
 * Bookings (confirmed and cancelled, leads too) of the offices that match any of the terms:
 * upcoming ones (from `since`) first by start, then earlier ones latest first; at most `limit`.
 *
 * First the upcoming reservations are read in time order from `since` (by their start's
 * index), `window` of them, and the text looked for in those only: a text that many bookings
 * match (a common surname over every office) fills the page there, and the cost is the
 * window, not all its matches. Bookings under way and upcoming leads are added by their own
 * indexes. When the window holds a page of matches (or every upcoming reservation) that page
 * is the answer; otherwise the text is rare and the matches are found through the terms'
 * indexes and sorted (docs/decisions/023-search-at-size.md).
 */
export async function findMatchingBookings(
  db: Executor,
  officeIds: readonly number[],
  terms: BookingSearchTerms,
  since: { instant: Date; date: string },
  limit: number,
  window = SEARCH_WINDOW,
  cap = SEARCH_MATCH_CAP,
): Promise<ListedBooking[]> {
  if (officeIds.length === 0) return [];
  const offices = sql`b.organization_id IN (${sql.join([...officeIds])}) AND b.status IN ('CONFIRMED', 'CANCELLED')`;
  const matches = matchesAnyTerm(terms);
  // OFFSET 0 keeps the terms out of the inner scans: each reads by its time index only.
  const upcoming = await sql<Record<string, unknown> & { window_rows: number; window_matches: number }>`
    WITH win AS MATERIALIZED (
      SELECT * FROM booking b WHERE ${offices} AND b.kind = 'RESERVATION' AND b.start_at > ${since.instant}
      ORDER BY b.start_at, b.id DESC LIMIT ${window}
    ), found AS (
      SELECT * FROM win b WHERE ${matches} ORDER BY b.start_at, b.id DESC LIMIT ${limit}
    )
    SELECT b.*, ${sql.join(listedColumns)},
           (SELECT count(*) FROM win)::int AS window_rows, (SELECT count(*) FROM found)::int AS window_matches
    FROM (
      SELECT * FROM found
      UNION ALL
      SELECT * FROM (SELECT * FROM booking b WHERE ${offices} AND b.kind = 'RESERVATION'
                       AND tstzrange(b.start_at, b.end_at) @> ${since.instant}::timestamptz OFFSET 0) b WHERE ${matches}
      UNION ALL
      SELECT * FROM (SELECT * FROM booking b WHERE ${offices} AND b.kind = 'LEAD' AND b.lead_date >= ${since.date} OFFSET 0) b WHERE ${matches}
    ) b
    ORDER BY ${visitTime}, b.id DESC
    LIMIT ${limit}`.execute(db);
  const first = upcoming.rows[0];
  // Exact when the window's own matches fill the page (later ones come after them), or when
  // it held every upcoming reservation; a page short of that is completed from the past.
  const windowMatches = first ? first.window_matches : 0;
  const windowRows = first ? first.window_rows : 0;
  if (first && (windowMatches >= limit || windowRows < window) && upcoming.rows.length >= limit) {
    return upcoming.rows.map(({ window_rows: _r, window_matches: _m, ...row }) => listed(row as never));
  }
  return findMatchingSorted(db, officeIds, terms, since, limit, cap);
}

/** A booking's place in time in the search's order: its start, a lead its wished day. */
const visitTime = sql`coalesce(b.start_at, b.lead_date::timestamptz)`;

/** The most matches the search takes by the terms' indexes alone, before the offices (findMatchingSorted). */
export const SEARCH_MATCH_CAP = 2000;

/**
 * The search's matches all sorted (through the terms' indexes): for a text few bookings match.
 * The terms' indexes are read first on their own, up to `cap` matches: ANDed with a list of
 * many offices the planner would read the whole office index beside them (two million
 * entries for an admin over 200 offices: 300 ms to narrow 15 matches). Within the cap the
 * matches are then taken by id; a text that more bookings match is searched with the offices
 * as before.
 */
async function findMatchingSorted(
  db: Executor,
  officeIds: readonly number[],
  terms: BookingSearchTerms,
  since: { instant: Date; date: string },
  limit: number,
  cap: number,
): Promise<ListedBooking[]> {
  const matched = await db
    .selectFrom('booking as b')
    .select('b.id')
    .where(matchesAnyTerm(terms))
    .limit(cap + 1)
    .execute();
  if (matched.length === 0) return [];
  const rows = await extended(db)
    .selectFrom('booking as b')
    .selectAll('b')
    .select(listedColumns)
    .where('b.organization_id', 'in', [...officeIds])
    .where('b.status', 'in', ['CONFIRMED', 'CANCELLED'])
    .where(
      matched.length <= cap
        ? eb => eb('b.id', 'in', matched.map((m) => m.id))
        : matchesAnyTerm(terms),
    )
    // Upcoming first, soonest first; then the past, latest first. A lead counts by its wished day.
    .orderBy(sql`CASE WHEN coalesce(b.end_at > ${since.instant}, b.lead_date >= ${since.date}) THEN 0 ELSE 1 END`)
    .orderBy(sql`CASE WHEN coalesce(b.end_at > ${since.instant}, b.lead_date >= ${since.date}) THEN ${visitTime} END`)
    .orderBy(visitTime, 'desc')
    .orderBy('b.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(listed);
}

/** One booking, its resources and absence flag; `forUpdate` locks its row for the transaction. */
export async function findStaffBooking(db: Executor, id: number, forUpdate = false): Promise<ListedBooking | undefined> {
  let q = extended(db)
    .selectFrom('booking as b')
    .selectAll('b')
    .where('b.id', '=', String(id));
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const extra = await sql<{ resource_ids: unknown; in_absence: boolean; created_by_name: string | null }>`
    SELECT coalesce((SELECT json_agg(rt.resource_id ORDER BY rt.resource_id) FROM resource_time rt
             WHERE rt.booking_id = ${row.id} AND rt.kind = 'BOOKED'), '[]'::json) AS resource_ids,
           EXISTS (SELECT 1 FROM resource_time rt JOIN resource_absence a
             ON a.resource_id = rt.resource_id AND a.during && rt.during WHERE rt.booking_id = ${row.id}) AS in_absence,
           (SELECT u.name FROM staff_user u WHERE u.id = ${row.created_by_staff_id}) AS created_by_name`.execute(db);
  return {
    row: checkedBooking(row),
    resourceIds: numbers(extra.rows[0]?.resource_ids),
    inAbsence: extra.rows[0]?.in_absence === true,
    createdBy: extra.rows[0]?.created_by_name ?? null,
  };
}

/** The lines added to bookings since they were saved (manage's add-rows), by booking. */
export async function findAddedRowsOf(db: Executor, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return [];
  return extended(db).selectFrom('booking_added_row').selectAll().where('booking_id', 'in', [...bookingIds]).orderBy('id').execute();
}

export interface HoldRow {
  resource_id: number;
  start: Date;
  end: Date;
  expires_at: Date;
}

/**
 * Times customers hold on the office's resources within [from, to), live now, and the start
 * of the office's first confirmed booking at or after `to` (null when there is none): what a
 * day view reads besides its range, in one statement.
 */
export async function findLiveHoldsAndNextStart(db: Executor, officeId: number, from: Date, to: Date): Promise<{ holds: HoldRow[]; nextStart: Date | null }> {
  // One row when there are no holds (their columns null), else one per hold.
  const res = await sql<{ next_start: Date | null } & { [K in keyof HoldRow]: HoldRow[K] | null }>`
    SELECT n.next_start, h.resource_id, h.start, h."end", h.expires_at
    FROM (SELECT min(b.start_at) AS next_start FROM booking b
          WHERE b.organization_id = ${officeId} AND b.status = 'CONFIRMED' AND b.kind = 'RESERVATION' AND b.start_at >= ${to}) n
    LEFT JOIN LATERAL (
      SELECT rt.resource_id, lower(rt.during) AS start, upper(rt.during) AS "end", rt.expires_at
      FROM resource_time rt
      JOIN resource r ON r.id = rt.resource_id
      WHERE r.organization_id = ${officeId} AND rt.kind = 'HOLD' AND rt.expires_at > now()
        AND rt.during && tstzrange(${from}, ${to}, '[)')
    ) h ON true
    ORDER BY h.start, h.resource_id`.execute(db);
  const next = res.rows[0]?.next_start;
  return {
    holds: res.rows.flatMap((r) =>
      r.resource_id === null || r.start === null || r.end === null || r.expires_at === null
        ? []
        : [{ resource_id: r.resource_id, start: new Date(r.start), end: new Date(r.end), expires_at: new Date(r.expires_at) }],
    ),
    nextStart: next ? new Date(next) : null,
  };
}

export interface AbsenceRow {
  id: number;
  resource_id: number;
  start: Date;
  end: Date;
  reason: string;
  bookings_inside: number;
  booking_ids_inside: number[];
}

/** Absences of the office's resources overlapping [from, to), with how many confirmed bookings lie in each. */
export async function findOfficeAbsences(db: Executor, officeId: number, from: Date, to: Date): Promise<AbsenceRow[]> {
  const res = await sql<Omit<AbsenceRow, 'bookings_inside'>>`
    SELECT a.id, a.resource_id, lower(a.during) AS start, upper(a.during) AS "end", a.reason,
           ARRAY(SELECT b.id::int FROM resource_time rt JOIN booking b ON b.id = rt.booking_id
                 WHERE rt.resource_id = a.resource_id AND rt.kind = 'BOOKED' AND rt.during && a.during
                   AND b.status = 'CONFIRMED'
                 GROUP BY b.id, b.start_at
                 ORDER BY b.start_at, b.id) AS booking_ids_inside
    FROM resource_absence a
    JOIN resource r ON r.id = a.resource_id
    WHERE r.organization_id = ${officeId} AND a.during && tstzrange(${from}, ${to}, '[)')
    ORDER BY lower(a.during), a.id`.execute(db);
  return res.rows.map((r) => ({
    id: Number(r.id),
    resource_id: r.resource_id,
    start: new Date(r.start),
    end: new Date(r.end),
    reason: r.reason,
    // The confirmed bookings inside counted by their ids (one id per booking).
    bookings_inside: (r.booking_ids_inside ?? []).length,
    booking_ids_inside: (r.booking_ids_inside ?? []).map(Number),
  }));
}

/** Sets what happened at the visit (null: nothing marked). */
export async function updateVisitStatus(db: Executor, bookingId: string, visitStatus: string | null) {
  await db.updateTable('booking').set({ visit_status: visitStatus }).where('id', '=', bookingId).execute();
}

/** The booking session a booking was saved from (kept as long as its booking), expired or not. */
export async function findBookingProcess(db: Executor, token: string): Promise<ProcessRow | undefined> {
  const res = await sql<ProcessRow>`SELECT * FROM process WHERE token = ${token}`.execute(db);
  return res.rows[0];
}

/** What staff change of a booking's contents: its lines, total, stored booking and customer. */
export async function updateBookingContents(
  db: Executor,
  bookingId: string,
  c: { orderItems: unknown; totalCents: number; snapshot: unknown; customer: unknown; customerPhone: string },
) {
  await db
    .updateTable('booking')
    .set({
      order_items: JSON.stringify(c.orderItems),
      total_cents: c.totalCents,
      snapshot: JSON.stringify(c.snapshot),
      customer: JSON.stringify(c.customer),
      customer_phone: c.customerPhone,
    })
    .where('id', '=', bookingId)
    .execute();
}

/** Deletes a booking's added rows of these products (a line of the booking's own now does their work). */
export async function deleteAddedRowsOf(db: Executor, bookingId: string, productIds: readonly string[]) {
  if (productIds.length === 0) return;
  await extended(db)
    .deleteFrom('booking_added_row')
    .where('booking_id', '=', bookingId)
    .where('product_id', 'in', [...productIds])
    .execute();
}

/** The id of the vehicle make with this name (any case), if the register knows it. */
export async function findMakeId(db: Executor, name: string): Promise<number | null> {
  const row = await db
    .selectFrom('vehicle_make')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id ?? null;
}
