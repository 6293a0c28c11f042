import { todayInHelsinki } from '@huolto/domain';
import { migrate, withStartupLock, type DatabaseHandle, type Db } from './database.ts';
import { seed, type SeedSummary } from '#seed/index.ts';

/** Whether the database holds no company yet (no office). */
async function isEmpty(db: Db): Promise<boolean> {
  return !(await db.selectFrom('organization').select('id').limit(1).executeTakeFirst());
}

/** Fills an empty database with the demo company; leaves a used one alone. */
export async function seedIfEmpty(db: Db): Promise<SeedSummary | null> {
  if (!(await isEmpty(db))) return null;
  return seed(db, { today: todayInHelsinki() });
}

/** What start-up tells as it goes: the seed of an empty database takes a while. */
export interface PrepareProgress {
  /** The migrations are done; `applied` names those run now (none on a database up to date). */
  migrated?(applied: string[]): void;
  /** The database is empty and the seed begins. */
  seeding?(): void;
}

/**
 * A server's start-up work on its database: the migrations not yet applied, then the seed
 * when the database is empty, under the start-up advisory lock on PostgreSQL. Instances
 * started at the same moment take turns: the first migrates and seeds, the others find it
 * done.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  progress: PrepareProgress = {},
): Promise<{ migrations: string[]; seeded: SeedSummary | null }> {
  return withStartupLock(handle, async (locked) => {
    const migrations = await migrate(locked);
    progress.migrated?.(migrations);
    if (!(await isEmpty(locked.db))) return { migrations, seeded: null };
    progress.seeding?.();
    const seeded = await seedIfEmpty(locked.db);
    return { migrations, seeded };
  });
}
