/**
 * The company's details as `setting` rows (companyName, bookingPhone, links, mailSenderName,
 * serviceBreak) and what the set-up list counts. A change of the setting table moves the
 * catalogue version by trigger (migration 014), so every process's caches follow.
 */
import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** The company's setting rows, key by key, as stored (JSON values). */
export async function readCompanySettings(db: Executor, keys: readonly string[]): Promise<Record<string, unknown>> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'in', [...keys]).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Writes a setting (insert or replace). */
export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('setting')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}

/** The counts the set-up list's steps are ticked from, in one statement. */
export async function setupCounts(db: Executor) {
  const row = await sql<{ offices: number; officesWithoutResource: number; officesWithoutHours: number; products: number }>`
    SELECT
      (SELECT count(*)::int FROM organization o WHERE o.active) AS offices,
      (SELECT count(*)::int FROM organization o WHERE o.active
         AND NOT EXISTS (SELECT 1 FROM resource r WHERE r.organization_id = o.id AND r.active)) AS "officesWithoutResource",
      (SELECT count(*)::int FROM organization o WHERE o.active
         AND NOT (o.opening_time < o.closing_time)) AS "officesWithoutHours",
      (SELECT count(*)::int FROM product p WHERE p.active) AS products`.execute(db);
  return row.rows[0]!;
}
