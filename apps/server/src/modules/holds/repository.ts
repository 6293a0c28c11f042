/**
 * The time a booking session holds on a resource (resource_time rows of kind HOLD) and the
 * time a saved booking has taken (kind BOOKED). Every write to resource_time is here; a new
 * time is taken through take-time.ts. The exclusion constraint of resource_time
 * (migration 001) decides who gets a time.
 */
import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** Releases every hold of a session (a saved booking's time stays). */
export async function releaseHolds(db: Executor, token: string) {
  await db.deleteFrom('resource_time').where('process_token', '=', token).where('kind', '=', 'HOLD').execute();
}

/**
 * Releases every hold on an office's resources, or on one of them, when it is taken out of
 * use: the holders' saves then find their time gone and they choose again, so no booking is
 * made on what no longer takes bookings.
 */
export async function releaseHoldsOn(db: Executor, where: { organizationId: number } | { resourceId: number }) {
  const resourceIds =
    'resourceId' in where
      ? sql`${where.resourceId}`
      : sql`SELECT id FROM resource WHERE organization_id = ${where.organizationId}`;
  await sql`DELETE FROM resource_time WHERE kind = 'HOLD' AND resource_id IN (${resourceIds})`.execute(db);
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
 * Deletes up to `batch` holds of any office whose time has expired (the purge job); rows
 * another instance is deleting are skipped. The number deleted.
 */
export async function deleteExpiredHolds(db: Executor, batch: number): Promise<number> {
  const res = await sql`
    DELETE FROM resource_time WHERE id IN (
      SELECT id FROM resource_time
      WHERE kind = 'HOLD' AND expires_at <= now()
      LIMIT ${batch} FOR UPDATE SKIP LOCKED)`.execute(db);
  return Number(res.numAffectedRows ?? 0);
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

/**
 * Gives a booking a time on a resource unless the time overlaps anything on it: the
 * exclusion constraint of resource_time decides. false when the time is taken.
 */
export async function tryInsertBookedTime(
  db: Executor,
  values: { bookingId: string; resourceId: number; start: Date; end: Date; processToken: string | null },
): Promise<boolean> {
  const res = await sql<{ id: string }>`
    INSERT INTO resource_time (resource_id, during, kind, process_token, booking_id)
    VALUES (${values.resourceId}, tstzrange(${values.start}, ${values.end}, '[)'), 'BOOKED', ${values.processToken}, ${values.bookingId})
    ON CONFLICT DO NOTHING
    RETURNING id`.execute(db);
  return res.rows.length === 1;
}

/** The time a session holds, or the time its saved booking took (the newest live row of its token). */
export interface HeldTime {
  start: Date;
  end: Date;
  kind: 'HOLD' | 'BOOKED';
  expires_at: Date | null;
  resource_id: number;
}

/** The live hold (or booked time) of a session, if it has one. */
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
 * Turns a session's live hold into the booked time of a booking; false when the hold has
 * expired (it may already have been given to someone else).
 */
export async function bookHeldTime(db: Executor, token: string, bookingId: string): Promise<boolean> {
  const confirmed = await db
    .updateTable('resource_time')
    .set({ kind: 'BOOKED', booking_id: bookingId, expires_at: null })
    .where('process_token', '=', token)
    .where('kind', '=', 'HOLD')
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .execute();
  return confirmed.length > 0;
}

/** Frees the time of a booking (a cancelled booking's time can be taken at once). */
export async function releaseBookedTime(db: Executor, bookingId: string) {
  await db.deleteFrom('resource_time').where('booking_id', '=', bookingId).execute();
}
