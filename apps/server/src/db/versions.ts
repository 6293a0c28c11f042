/**
 * The version numbers of migration 014, read with the session row (plugins/session.ts) or
 * on their own. A cache keeps data with the version it was read under and answers from
 * memory only while the version is the same; a version read BEFORE the data it labels
 * is always safe (a change in between only makes the next request read again).
 */
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db, Executor } from './database.ts';
import type { Database } from './types.ts';

export interface Versions {
  /** catalogue_version: products, groups, parameters, offices and makes, tires, texts, settings. */
  catalogue: number;
  /**
   * availability_version by office id (its taken time, resources and own row), of the offices
   * read so far: the session's own office with the session, others when a call first needs
   * them (withOfficeVersions). Never the whole chain: a session call's cost does not grow with
   * the number of offices. An office missing here is read, not kept.
   */
  offices: Map<number, number>;
  /** The database's clock at the read (holds expire by it). */
  dbNow: Date;
}

/**
 * The select-list of the versions (a subquery each), for statements that read something else
 * too: the catalogue's, and the availability version of the office `officeId` gives (an SQL
 * expression such as the session row's organization_id; none without it).
 */
export function versionColumns(officeId?: RawBuilder<unknown>) {
  const office = officeId
    ? sql`(SELECT json_object_agg(organization_id, version) FROM availability_version WHERE organization_id = ${officeId})`
    : sql`NULL::json`;
  return sql`(SELECT version::float8 FROM catalogue_version) AS catalogue_version, ${office} AS office_versions, now() AS db_now`;
}

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

/** The catalogue's version now, in one statement; offices' versions are read when needed (withOfficeVersions). */
export async function readVersions(db: Db | Transaction<Database>): Promise<Versions> {
  const res = await sql<VersionColumns>`SELECT ${versionColumns()}`.execute(db);
  return versionsOf(res.rows[0]!);
}

/**
 * Adds to `versions` the availability versions of those of `ids` it lacks, in one statement
 * when any is missing (none when all are there), and answers it. Read before the data they
 * label, as every version is. An office without a version row stays missing.
 */
export async function withOfficeVersions(db: Executor, versions: Versions, ids: readonly number[]): Promise<Versions> {
  const missing = [...new Set(ids)].filter((id) => !versions.offices.has(id));
  if (missing.length === 0) return versions;
  const rows = await db
    .selectFrom('availability_version')
    .select(['organization_id', sql<number>`version::float8`.as('version')])
    .where('organization_id', 'in', missing)
    .execute();
  for (const r of rows) versions.offices.set(Number(r.organization_id), Number(r.version));
  return versions;
}
