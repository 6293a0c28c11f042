import { todayInHelsinki } from '@huolto/domain';
import { migrate, withStartupLock, type DatabaseHandle, type Db } from './database.ts';
import { seed, type SeedSummary } from '../../seed/index.ts';

/** Fills an empty database with the demo company; leaves a used one alone. */
export async function seedIfEmpty(db: Db): Promise<SeedSummary | null> {
  const row = await db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
  if (row) return null;
  return seed(db, { today: todayInHelsinki() });
}

/**
 * A server's start-up work on its database: the migrations not yet applied, then the seed
 * when the database is empty, under the start-up advisory lock on PostgreSQL. Instances
 * started at the same moment take turns: the first migrates and seeds, the others find it
 * done.
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<{ migrations: string[]; seeded: SeedSummary | null }> {
  return withStartupLock(handle, async (locked) => {
    const migrations = await migrate(locked);
    const seeded = await seedIfEmpty(locked.db);
    return { migrations, seeded };
  });
}
