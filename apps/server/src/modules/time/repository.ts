import { sql, type Selectable } from 'kysely';
import { addDays, fromHelsinki, todayInHelsinki } from '@huolto/domain';
import type { Database } from '#src/db/types.ts';
import type { Executor } from '#src/db/database.ts';
import { SAVED_BOOKING_WINDOW_MINUTES, type AddressShare } from './fair-share.ts';
import type { ExceptionHours, Interval } from './slots.ts';

export interface BusyInterval {
  resource_id: number;
  start: Date;
  end: Date;
}

export interface ResourceRow {
  id: number;
  organization_id: number;
  name: string;
  selectable: boolean;
  display_name: string | null;
  /** false: deactivated; it takes no new time (usableResources leaves it out). */
  active: boolean;
  /** The kinds of work it can do (resource_work_kind). */
  work_kinds: string[];
}

/** The kinds of work of the resource `r`, as an array. */
const workKindsOf = sql<string[]>`coalesce((SELECT array_agg(k.work_kind ORDER BY k.work_kind) FROM resource_work_kind k WHERE k.resource_id = r.id), '{}')`;

/** The resources of one or more offices, active or not, by id, each with its kinds of work. */
export async function findResources(db: Executor, organizationIds: number | readonly number[]): Promise<ResourceRow[]> {
  const ids = typeof organizationIds === 'number' ? [organizationIds] : [...organizationIds];
  if (ids.length === 0) return [];
  const { rows } = await sql<ResourceRow>`
    SELECT r.id, r.organization_id, r.name, r.selectable, r.display_name, r.active, ${workKindsOf} AS work_kinds
    FROM resource r WHERE r.organization_id IN (${sql.join(ids)}) ORDER BY r.id`.execute(db);
  return rows;
}

/** An office's row with its opening exceptions by date (slots.ts `OfficeCalendar.exceptions`). */
export type OfficeRow = Selectable<Database['organization']> & { exceptions: ReadonlyMap<string, ExceptionHours> };

/** Opening exceptions as read in JSON: { 'YYYY-MM-DD': { opening_time, closing_time } }. */
type ExceptionsJson = Record<string, { opening_time: string | null; closing_time: string | null }> | null;

const exceptionsMap = (json: ExceptionsJson): Map<string, ExceptionHours> =>
  new Map(Object.entries(json ?? {}).map(([day, e]) => [day, { opening_time: e.opening_time, closing_time: e.closing_time }]));

/**
 * Active offices by id (the whole row), in id order, each with its opening exceptions from
 * `fromDate` (default: today in Helsinki) on, in the same statement.
 */
export async function findOfficesById(db: Executor, ids: readonly number[], fromDate = todayInHelsinki()): Promise<OfficeRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('organization')
    .selectAll()
    .select(
      sql<ExceptionsJson>`(SELECT json_object_agg(e.day::text, json_build_object('opening_time', e.opening_time, 'closing_time', e.closing_time))
        FROM opening_exception e WHERE e.organization_id = organization.id AND e.day >= ${fromDate}::date)`.as('opening_exceptions'),
    )
    .where('id', 'in', [...ids])
    .where('active', '=', true)
    .orderBy('id')
    .execute();
  return rows.map(({ opening_exceptions, ...row }) => ({ ...row, exceptions: exceptionsMap(opening_exceptions) }));
}

/** An office's opening exceptions on the dates from..to (inclusive), by date. */
export async function findOpeningExceptions(db: Executor, organizationId: number, from: string, to: string): Promise<Map<string, ExceptionHours>> {
  const rows = await db
    .selectFrom('opening_exception')
    .select([sql<string>`day::text`.as('day'), 'opening_time', 'closing_time'])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  return new Map(rows.map((r) => [r.day, { opening_time: r.opening_time, closing_time: r.closing_time }]));
}

/** A resource with its absences on one day. */
export interface ResourceOfDay extends ResourceRow {
  absences: Interval[];
}

/**
 * What holding a time on one date needs of an office, in one statement: its resources,
 * each with its absences overlapping the date, and the date's opening exception.
 */
export async function findResourcesOfDay(
  db: Executor,
  organizationId: number,
  date: string,
): Promise<{ resources: ResourceOfDay[]; exception: ExceptionHours | undefined }> {
  const from = fromHelsinki(date);
  const to = fromHelsinki(addDays(date, 1));
  type Row = ResourceRow & { absences: { start: string; end: string }[] };
  const res = await sql<{ exception: ExceptionHours | null; resources: Row[] }>`
    SELECT
      (SELECT json_build_object('opening_time', e.opening_time, 'closing_time', e.closing_time)
       FROM opening_exception e WHERE e.organization_id = ${organizationId} AND e.day = ${date}::date) AS exception,
      coalesce((
        SELECT json_agg(json_build_object(
                 'id', r.id, 'organization_id', r.organization_id, 'name', r.name, 'selectable', r.selectable,
                 'display_name', r.display_name, 'active', r.active, 'work_kinds', ${workKindsOf},
                 'absences', coalesce((
                   SELECT json_agg(json_build_object('start', lower(a.during), 'end', upper(a.during)))
                   FROM resource_absence a
                   WHERE a.resource_id = r.id AND a.during && tstzrange(${from}, ${to}, '[)')), '[]'::json))
               ORDER BY r.id)
        FROM resource r WHERE r.organization_id = ${organizationId}), '[]'::json) AS resources`.execute(db);
  const row = res.rows[0]!;
  return {
    exception: row.exception ?? undefined,
    resources: row.resources.map((r) => ({ ...r, absences: r.absences.map((a) => ({ start: new Date(a.start), end: new Date(a.end) })) })),
  };
}

/** Taken time with whose it is and until when (modules/time/availability-cache.ts). */
export interface TakenTime extends BusyInterval {
  organizationId: number;
  /** The session holding it; null for a saved booking's time and a resource's absence. */
  token: string | null;
  /** When a hold ends (ms since epoch); null for a booking's time and an absence. */
  expiresAt: number | null;
}

/**
 * Every time taken on the offices' resources within a range: booked time, holds live now
 * (with the holding session and the hold's end) and the resources' absences, in one query.
 */
export async function findTakenTime(db: Executor, organizationIds: readonly number[], from: Date, to: Date): Promise<TakenTime[]> {
  if (organizationIds.length === 0) return [];
  const rows = await sql<{ organization_id: number; resource_id: number; start: Date; end: Date; token: string | null; expires_at: Date | null; kind: string }>`
    SELECT r.organization_id, rt.resource_id, lower(rt.during) AS start, upper(rt.during) AS "end",
           rt.process_token AS token, rt.expires_at, rt.kind
    FROM resource_time rt
    JOIN resource r ON r.id = rt.resource_id
    WHERE r.organization_id IN (${sql.join([...organizationIds])})
      AND rt.during && tstzrange(${from}, ${to}, '[)')
      AND (rt.kind = 'BOOKED' OR rt.expires_at > now())
    UNION ALL
    SELECT r.organization_id, a.resource_id, lower(a.during), upper(a.during), NULL, NULL, 'ABSENCE'
    FROM resource_absence a
    JOIN resource r ON r.id = a.resource_id
    WHERE r.organization_id IN (${sql.join([...organizationIds])})
      AND a.during && tstzrange(${from}, ${to}, '[)')
    ORDER BY 2, 3`.execute(db);
  return rows.rows.map((r) => ({
    organizationId: r.organization_id,
    resource_id: r.resource_id,
    start: new Date(r.start),
    end: new Date(r.end),
    token: r.token,
    expiresAt: r.kind !== 'HOLD' || r.expires_at === null ? null : new Date(r.expires_at).getTime(),
  }));
}

/**
 * Time taken on the resources of one or more offices within a range: bookings, live holds
 * and the resources' absences, in one query. The asking process's own hold is left out so
 * that its chosen time still shows.
 */
export async function findBusyIntervals(
  db: Executor,
  organizationIds: number | readonly number[],
  from: Date,
  to: Date,
  exceptToken: string | null,
): Promise<BusyInterval[]> {
  const ids = typeof organizationIds === 'number' ? [organizationIds] : [...organizationIds];
  if (ids.length === 0) return [];
  const rows = await sql<{ resource_id: number; start: Date; end: Date }>`
    SELECT rt.resource_id, lower(rt.during) AS start, upper(rt.during) AS "end"
    FROM resource_time rt
    JOIN resource r ON r.id = rt.resource_id
    WHERE r.organization_id IN (${sql.join(ids)})
      AND rt.during && tstzrange(${from}, ${to}, '[)')
      AND (rt.kind = 'BOOKED' OR rt.expires_at > now())
      AND (rt.process_token IS DISTINCT FROM ${exceptToken})
    UNION ALL
    SELECT a.resource_id, lower(a.during), upper(a.during)
    FROM resource_absence a
    JOIN resource r ON r.id = a.resource_id
    WHERE r.organization_id IN (${sql.join(ids)})
      AND a.during && tstzrange(${from}, ${to}, '[)')
    ORDER BY 1, 2`.execute(db);
  return rows.rows.map((r) => ({ resource_id: r.resource_id, start: new Date(r.start), end: new Date(r.end) }));
}

/**
 * Start instants of the key-locker uses at an office within a range: saved bookings
 * whose customer leaves the car in the locker, and live holds of other processes that
 * said so in reservation-details/v2.
 */
export async function findLockerStarts(
  db: Executor,
  organizationId: number,
  from: Date,
  to: Date,
  exceptToken: string,
): Promise<Date[]> {
  const res = await sql<{ start: Date }>`
    SELECT b.start_at AS start
    FROM booking b
    WHERE b.organization_id = ${organizationId} AND b.using_key_locker AND b.status = 'CONFIRMED'
      AND b.kind = 'RESERVATION' AND b.start_at >= ${from} AND b.start_at < ${to}
    UNION ALL
    SELECT lower(rt.during) AS start
    FROM resource_time rt
    JOIN resource r ON r.id = rt.resource_id
    JOIN process p ON p.token = rt.process_token
    WHERE r.organization_id = ${organizationId} AND rt.kind = 'HOLD' AND rt.expires_at > now()
      AND p.using_key_locker AND rt.process_token <> ${exceptToken}
      AND lower(rt.during) >= ${from} AND lower(rt.during) < ${to}`.execute(db);
  return res.rows.map((r) => new Date(r.start));
}

/**
 * The selectable resource of an office that served the customer's most recent earlier
 * booking there with this car, matched on the normalised phone number and the
 * registration number.
 */
export async function findResourceOfLastVisit(
  db: Executor,
  organizationId: number,
  phone: string,
  registerNumber: string,
): Promise<{ id: number; name: string } | undefined> {
  const res = await sql<{ id: number; name: string }>`
    SELECT r.id, coalesce(r.display_name, r.name) AS name
    FROM booking b
    JOIN resource_time rt ON rt.booking_id = b.id AND rt.kind = 'BOOKED'
    JOIN resource r ON r.id = rt.resource_id
    WHERE b.organization_id = ${organizationId} AND b.customer_phone = ${phone} AND b.register_number = ${registerNumber}
      AND b.status = 'CONFIRMED' AND b.kind = 'RESERVATION' AND b.start_at < now()
      AND r.organization_id = ${organizationId} AND r.selectable
    ORDER BY b.start_at DESC, b.id DESC
    LIMIT 1`.execute(db);
  return res.rows[0];
}

/**
 * Serialises the holds of one address until the transaction ends, so that two of its
 * requests (on any instance) cannot both count the same room under the limit.
 */
export async function lockAddress(db: Executor, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(8008, hashtext(${key}))`.execute(db);
}

/** What an address has at an office now, leaving out the asking session's own holds. */
export async function addressShare(
  db: Executor,
  values: { key: string; organizationId: number; exceptToken: string },
): Promise<AddressShare> {
  const res = await sql<{ count: number; minutes: number; frees_in: number | null }>`
    WITH taken AS (
      SELECT rt.expires_at AS frees_at, upper(rt.during) - lower(rt.during) AS length
      FROM resource_time rt
      JOIN resource r ON r.id = rt.resource_id
      JOIN process p ON p.token = rt.process_token
      WHERE p.client_key = ${values.key} AND r.organization_id = ${values.organizationId}
        AND rt.kind = 'HOLD' AND rt.expires_at > now() AND rt.process_token <> ${values.exceptToken}
      UNION ALL
      SELECT b.created_at + make_interval(mins => ${SAVED_BOOKING_WINDOW_MINUTES}), b.end_at - b.start_at
      FROM booking b
      WHERE b.client_key = ${values.key} AND b.organization_id = ${values.organizationId}
        AND b.kind = 'RESERVATION'
        AND b.created_at > now() - make_interval(mins => ${SAVED_BOOKING_WINDOW_MINUTES})
    )
    SELECT count(*)::int AS count,
           coalesce(ceil(extract(epoch FROM sum(length)) / 60), 0)::int AS minutes,
           ceil(extract(epoch FROM min(frees_at) - now()))::int AS frees_in
    FROM taken`.execute(db);
  const row = res.rows[0]!;
  return { count: row.count, minutes: row.minutes, freesInSeconds: Math.max(1, row.frees_in ?? 1) };
}
