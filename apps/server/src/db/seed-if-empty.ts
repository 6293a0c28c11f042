import { todayInHelsinki } from '@huolto/domain';
import type { Db } from './database.ts';
import { seed, type SeedSummary } from '../../seed/index.ts';

/** Fills an empty database with the demo company; leaves a used one alone. */
export async function seedIfEmpty(db: Db): Promise<SeedSummary | null> {
  const row = await db.selectFrom('organization').select('id').limit(1).executeTakeFirst();
  if (row) return null;
  return seed(db, { today: todayInHelsinki() });
}
