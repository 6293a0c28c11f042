import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** An absence as read: its time as instants. */
export interface AbsenceRow {
  id: number;
  resource_id: number;
  start: Date;
  end: Date;
  reason: string;
  /** Confirmed bookings whose booked time on the resource overlaps the absence. */
  bookings_inside: number;
  /** Their ids, earliest first. */
  booking_ids_inside: number[];
}

/**
 * The absences of an office's resources overlapping [from, to) (or the one with `id`), each
 * with the number of confirmed bookings whose booked time on its resource falls in it (they
 * stay; staff see them flagged). Earliest first.
 */
export async function findAbsences(
  db: Executor,
  organizationId: number,
  range: { from: Date; to: Date } | { id: number },
): Promise<AbsenceRow[]> {
  const where = 'id' in range ? sql`a.id = ${range.id}` : sql`a.during && tstzrange(${range.from}, ${range.to}, '[)')`;
  const res = await sql<AbsenceRow>`
    SELECT a.id, a.resource_id, lower(a.during) AS start, upper(a.during) AS "end", a.reason,
           (SELECT count(DISTINCT rt.booking_id)::int
            FROM resource_time rt
            JOIN booking b ON b.id = rt.booking_id
            WHERE rt.resource_id = a.resource_id AND rt.kind = 'BOOKED' AND rt.during && a.during
              AND b.status = 'CONFIRMED') AS bookings_inside,
           ARRAY(SELECT b.id::int
                 FROM resource_time rt
                 JOIN booking b ON b.id = rt.booking_id
                 WHERE rt.resource_id = a.resource_id AND rt.kind = 'BOOKED' AND rt.during && a.during
                   AND b.status = 'CONFIRMED'
                 GROUP BY b.id, b.start_at
                 ORDER BY b.start_at, b.id) AS booking_ids_inside
    FROM resource_absence a
    JOIN resource r ON r.id = a.resource_id
    WHERE r.organization_id = ${organizationId} AND ${where}
    ORDER BY lower(a.during), a.id`.execute(db);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), start: new Date(r.start), end: new Date(r.end), booking_ids_inside: (r.booking_ids_inside ?? []).map(Number) }));
}

/** The office a resource belongs to; undefined for an unknown resource. */
export async function officeOfResource(db: Executor, resourceId: number): Promise<number | undefined> {
  const row = await db.selectFrom('resource').select('organization_id').where('id', '=', resourceId).executeTakeFirst();
  return row?.organization_id;
}

/**
 * Stores an absence (the trigger of migration 015 bumps the office's availability version);
 * answers its id, or null when it overlaps another absence of the resource (the exclusion
 * constraint of migration 017 decides, so two racing requests never both add one).
 */
export async function insertAbsence(
  db: Executor,
  values: { resourceId: number; start: Date; end: Date; reason: string; staffUserId: number },
): Promise<number | null> {
  const res = await sql<{ id: number }>`
    INSERT INTO resource_absence (resource_id, during, reason, staff_user_id)
    VALUES (${values.resourceId}, tstzrange(${values.start}, ${values.end}, '[)'), ${values.reason}, ${values.staffUserId})
    ON CONFLICT DO NOTHING
    RETURNING id`.execute(db);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

/** Deletes an absence of one of the office's resources; false when there is none such. */
export async function deleteAbsence(db: Executor, organizationId: number, id: number): Promise<boolean> {
  const res = await sql<{ id: number }>`
    DELETE FROM resource_absence a
    USING resource r
    WHERE a.id = ${id} AND r.id = a.resource_id AND r.organization_id = ${organizationId}
    RETURNING a.id`.execute(db);
  return res.rows.length > 0;
}

export interface OpeningRow {
  opening_time: string;
  closing_time: string;
  exceptions: { day: string; opening_time: string | null; closing_time: string | null; reason: string }[];
}

/** The office's usual hours and its opening exceptions from `fromDate` on; undefined for an unknown office. */
export async function findOpening(db: Executor, organizationId: number, fromDate: string): Promise<OpeningRow | undefined> {
  const office = await db
    .selectFrom('organization')
    .select(['opening_time', 'closing_time'])
    .where('id', '=', organizationId)
    .executeTakeFirst();
  if (!office) return undefined;
  const exceptions = await db
    .selectFrom('opening_exception')
    .select([sql<string>`day::text`.as('day'), 'opening_time', 'closing_time', 'reason'])
    .where('organization_id', '=', organizationId)
    .where('day', '>=', fromDate)
    .orderBy('day')
    .execute();
  return { ...office, exceptions };
}

/**
 * The office's usual hours; its first slot time moves to the opening when it would fall
 * outside the new hours.
 */
export async function updateOpeningHours(db: Executor, organizationId: number, openingTime: string, closingTime: string): Promise<void> {
  await sql`
    UPDATE organization
    SET opening_time = ${openingTime}::time, closing_time = ${closingTime}::time,
        first_slot_time = CASE WHEN first_slot_time < ${openingTime}::time OR first_slot_time >= ${closingTime}::time
                               THEN ${openingTime}::time ELSE first_slot_time END
    WHERE id = ${organizationId}`.execute(db);
}

/** Sets the office's exception of a day (both times null: closed). */
export async function upsertOpeningException(
  db: Executor,
  values: { organizationId: number; day: string; openingTime: string | null; closingTime: string | null; reason: string },
): Promise<void> {
  await db
    .insertInto('opening_exception')
    .values({
      organization_id: values.organizationId,
      day: values.day,
      opening_time: values.openingTime,
      closing_time: values.closingTime,
      reason: values.reason,
    })
    .onConflict((oc) =>
      oc.columns(['organization_id', 'day']).doUpdateSet({
        opening_time: values.openingTime,
        closing_time: values.closingTime,
        reason: values.reason,
      }),
    )
    .execute();
}

/** Removes the office's exception of a day; false when it had none. */
export async function deleteOpeningException(db: Executor, organizationId: number, day: string): Promise<boolean> {
  const res = await db.deleteFrom('opening_exception').where('organization_id', '=', organizationId).where('day', '=', day).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
