import { sql } from 'kysely';
import type { Executor } from '../process/repository.ts';

export interface BusyInterval {
  resource_id: number;
  start: Date;
  end: Date;
}

export async function findResources(db: Executor, organizationId: number) {
  return db.selectFrom('resource').select(['id', 'name']).where('organization_id', '=', organizationId).orderBy('id').execute();
}

/**
 * Time taken on an office's resources within a range: bookings and live holds. The
 * asking process's own hold is left out so that its chosen time still shows.
 */
export async function findBusyIntervals(
  db: Executor,
  organizationId: number,
  from: Date,
  to: Date,
  exceptToken: string | null,
): Promise<BusyInterval[]> {
  const rows = await sql<{ resource_id: number; start: Date; end: Date }>`
    SELECT rt.resource_id, lower(rt.during) AS start, upper(rt.during) AS "end"
    FROM resource_time rt
    JOIN resource r ON r.id = rt.resource_id
    WHERE r.organization_id = ${organizationId}
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
 * constraint decides, so two racing requests can never both win.
 */
export async function tryInsertHold(
  db: Executor,
  values: { resourceId: number; start: Date; end: Date; token: string; holdMinutes: number },
): Promise<boolean> {
  const res = await sql<{ id: string }>`
    INSERT INTO resource_time (resource_id, during, kind, process_token, expires_at)
    VALUES (${values.resourceId}, tstzrange(${values.start}, ${values.end}, '[)'), 'HOLD', ${values.token},
            now() + make_interval(mins => ${values.holdMinutes}))
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
