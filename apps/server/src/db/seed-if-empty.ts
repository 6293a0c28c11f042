import { todayInHelsinki } from '@huolto/domain';
import { sql } from 'kysely';
import { migrate, withStartupLock, type DatabaseHandle, type Db } from './database.ts';
import { seed, seedReferenceData, seedWindshieldStart, type SeedSummary } from '#seed/index.ts';
import type { DemoScale } from '#seed/scale.ts';

/** The `setting` row that says how a database began (DATA_ORIGIN_SETTING = DATA_ORIGIN_EMPTY_START). */
export const DATA_ORIGIN_SETTING = 'dataOrigin';
/** A database started with DEMO_DATA=off: it holds a real company's data, never the demo's. */
export const DATA_ORIGIN_EMPTY_START = 'EMPTY_START';

/** The `modules` setting of an empty start: the modules of the demo company that a new company lacks. */
export const EMPTY_START_MODULES: Readonly<Record<string, boolean>> = { LOYALTY: false };

/**
 * Whether the database is new: no office and no record of an empty start. A database that
 * started empty stays "not new" even while it has no office yet, so that a later start
 * without DEMO_DATA=off never pours the demo company over a real one.
 */
export async function isEmpty(db: Db): Promise<boolean> {
  if (await db.selectFrom('organization').select('id').limit(1).executeTakeFirst()) return false;
  const origin = await db.selectFrom('setting').select('key').where('key', '=', DATA_ORIGIN_SETTING).executeTakeFirst();
  return !origin;
}

/** Fills an empty database with the demo company (of DEMO_SCALE's size); leaves a used one alone. */
export async function seedIfEmpty(db: Db, scale: DemoScale = 'demo'): Promise<SeedSummary | null> {
  if (!(await isEmpty(db))) return null;
  return seed(db, { today: todayInHelsinki(), scale });
}

/**
 * An empty start (DEMO_DATA=off): the reference data that belongs to no company (vehicle
 * makes and models), the record that this database started empty and the modules it lacks
 * (no loyalty programme), in one transaction. Nothing of a company: no offices, resources,
 * staff, bookings, services or settings of its own; only the windshield form's group and
 * products, inactive at 0 €, for an admin to price and activate (their codes are the form's).
 */
async function startEmpty(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await seedReferenceData(trx);
    await seedWindshieldStart(trx);
    await trx
      .insertInto('setting')
      .values({ key: DATA_ORIGIN_SETTING, value: JSON.stringify(DATA_ORIGIN_EMPTY_START) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    // A company of its own has no loyalty programme (the demo's is the default, DEFAULT_MODULES).
    await trx
      .insertInto('setting')
      .values({ key: 'modules', value: JSON.stringify(EMPTY_START_MODULES) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });
  // Planner statistics of the filled tables (PGlite has no autovacuum).
  await sql`ANALYZE vehicle_make, vehicle_model`.execute(db);
}

/** What start-up tells as it goes: the seed of an empty database takes a while. */
export interface PrepareProgress {
  /** The migrations are done; `applied` names those run now (none on a database up to date). */
  migrated?(applied: string[]): void;
  /** The database is empty and the seed begins. */
  seeding?(): void;
  /** The database is empty and, with DEMO_DATA=off, starts without a company. */
  startingEmpty?(): void;
}

export interface PrepareOptions {
  /** DEMO_DATA: true fills a new database with the demo company; false starts it empty. */
  demoData?: boolean;
  /** DEMO_SCALE: the size of the demo company (default: the demo of 14 offices). */
  demoScale?: DemoScale;
}

/**
 * A server's start-up work on its database: the migrations not yet applied, then, when the
 * database is new, the demo company (DEMO_DATA=on) or an empty start (DEMO_DATA=off), under
 * the start-up advisory lock on PostgreSQL. Instances started at the same moment take turns:
 * the first migrates and seeds, the others find it done.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  progress: PrepareProgress = {},
  opts: PrepareOptions = {},
): Promise<{ migrations: string[]; seeded: SeedSummary | null; startedEmpty: boolean }> {
  return withStartupLock(handle, async (locked) => {
    const migrations = await migrate(locked);
    progress.migrated?.(migrations);
    if (!(await isEmpty(locked.db))) return { migrations, seeded: null, startedEmpty: false };
    if (opts.demoData === false) {
      progress.startingEmpty?.();
      await startEmpty(locked.db);
      return { migrations, seeded: null, startedEmpty: true };
    }
    progress.seeding?.();
    const seeded = await seedIfEmpty(locked.db, opts.demoScale);
    return { migrations, seeded, startedEmpty: false };
  });
}
