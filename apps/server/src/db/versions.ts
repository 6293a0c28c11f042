/**
 * The version numbers of migration 014, read with the session row (plugins/session.ts) or
 * on their own. A cache keeps data with the version it was read under and answers from
 * memory only while the version is the same; a version read BEFORE the data it labels
 * is always safe (a change in between only makes the next request read again).
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from './database.ts';
import type { Database } from './types.ts';

export interface Versions {
  /** catalogue_version: products, groups, parameters, offices and makes, tires, texts, settings. */
  catalogue: number;
  /** availability_version by office id: its taken time, resources and own row. */
  offices: ReadonlyMap<number, number>;
  /** The database's clock at the read (holds expire by it). */
  dbNow: Date;
}

/** The select-list of the versions (a subquery each), for statements that read something else too. */
export const VERSION_COLUMNS = sql`(SELECT version::float8 FROM catalogue_version) AS catalogue_version,
  (SELECT json_object_agg(organization_id, version) FROM availability_version) AS office_versions,
  now() AS db_now`;

export interface VersionColumns {
  catalogue_version: number | null;
  office_versions: Record<string, number> | string | null;
  db_now: Date | string;
}

/** Versions from the columns of versionColumns. */
export function versionsOf(row: VersionColumns): Versions {
  const raw = typeof row.office_versions === 'string' ? (JSON.parse(row.office_versions) as Record<string, number>) : row.office_versions;
  const offices = new Map<number, number>();
  for (const [id, v] of Object.entries(raw ?? {})) offices.set(Number(id), Number(v));
  return { catalogue: Number(row.catalogue_version ?? 0), offices, dbNow: new Date(row.db_now) };
}

/** The versions now, in one statement. */
export async function readVersions(db: Db | Transaction<Database>): Promise<Versions> {
  const res = await sql<VersionColumns>`SELECT ${VERSION_COLUMNS}`.execute(db);
  return versionsOf(res.rows[0]!);
}
