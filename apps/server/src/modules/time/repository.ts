import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../process/repository.ts';
import { SAVED_BOOKING_WINDOW_MINUTES, type AddressShare } from './fair-share.ts';

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
}

/** The resources of one or more offices, by id. */
export async function findResources(db: Executor, organizationIds: number | readonly number[]): Promise<ResourceRow[]> {
  const ids = typeof organizationIds === 'number' ? [organizationIds] : [...organizationIds];
  if (ids.length === 0) return [];
  return db
    .selectFrom('resource')
    .select(['id', 'organization_id', 'name', 'selectable', 'display_name'])
    .where('organization_id', 'in', ids)
    .orderBy('id')
    .execute();
}

export type OfficeRow = Selectable<Database['organization']>;

/** Active offices by id (the whole row), in id order. */
export async function findOfficesById(db: Executor, ids: readonly number[]): Promise<OfficeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('organization').selectAll().where('id', 'in', [...ids]).where('active', '=', true).orderBy('id').execute();
}

/** Taken time with whose it is and until when (modules/time/availability-cache.ts). */
export interface TakenTime extends BusyInterval {
  organizationId: number;
  /** The session holding it; null for a saved booking's time. */
  token: string | null;
  /** When a hold ends (ms since epoch); null for a booking's time. */
  expiresAt: number | null;
}

/**
 * Every time taken on the offices' resources within a range: booked time and holds live
 * now, with the holding session and the hold's end, in one query.
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
    ORDER BY rt.resource_id, lower(rt.during)`.execute(db);
  return rows.rows.map((r) => ({
    organizationId: r.organization_id,
    resource_id: r.resource_id,
    start: new Date(r.start),
    end: new Date(r.end),
    token: r.token,
    expiresAt: r.kind === 'BOOKED' || r.expires_at === null ? null : new Date(r.expires_at).getTime(),
  }));
}

/**
 * Time taken on the resources of one or more offices within a range: bookings and live
 * holds, in one query. The asking process's own hold is left out so that its chosen time
 * still shows.
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
    ORDER BY rt.resource_id, lower(rt.during)`.execute(db);
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
