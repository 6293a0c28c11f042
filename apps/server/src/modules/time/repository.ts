import { sql } from 'kysely';
import type { Executor } from '../process/repository.ts';

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

/** Releases every hold of a process (a saved booking's time stays). */
export async function releaseHolds(db: Executor, token: string) {
  await db.deleteFrom('resource_time').where('process_token', '=', token).where('kind', '=', 'HOLD').execute();
}

/** Deletes expired holds that overlap a range, so their time can be taken again. */
export async function purgeExpiredHolds(db: Executor, organizationId: number, from: Date, to: Date) {
  await sql`
    DELETE FROM resource_time
    WHERE kind = 'HOLD' AND expires_at <= now()
      AND during && tstzrange(${from}, ${to}, '[)')
      AND resource_id IN (SELECT id FROM resource WHERE organization_id = ${organizationId})`.execute(db);
}

/**
 * Takes a hold on one resource unless the time overlaps anything on it. The exclusion
 * constraint decides, so two racing requests can never both win. The hold lasts
 * holdMinutes, but never past notAfter.
 */
export async function tryInsertHold(
  db: Executor,
  values: { resourceId: number; start: Date; end: Date; token: string; holdMinutes: number; notAfter?: Date | null | undefined },
): Promise<boolean> {
  const notAfter = values.notAfter ?? null;
  const res = await sql<{ id: string }>`
    INSERT INTO resource_time (resource_id, during, kind, process_token, expires_at)
    VALUES (${values.resourceId}, tstzrange(${values.start}, ${values.end}, '[)'), 'HOLD', ${values.token},
            least(now() + make_interval(mins => ${values.holdMinutes}), ${notAfter}::timestamptz))
    ON CONFLICT DO NOTHING
    RETURNING id`.execute(db);
  return res.rows.length === 1;
}

export interface HeldTime {
  start: Date;
  end: Date;
  kind: 'HOLD' | 'BOOKED';
  expires_at: Date | null;
  resource_id: number;
}

/** The live hold (or booked time) of a process, if it has one. */
export async function findHeldTime(db: Executor, token: string): Promise<HeldTime | undefined> {
  const res = await sql<HeldTime>`
    SELECT lower(during) AS start, upper(during) AS "end", kind, expires_at, resource_id
    FROM resource_time
    WHERE process_token = ${token} AND (kind = 'BOOKED' OR expires_at > now())
    ORDER BY id DESC LIMIT 1`.execute(db);
  const row = res.rows[0];
  return row && { ...row, start: new Date(row.start), end: new Date(row.end) };
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
