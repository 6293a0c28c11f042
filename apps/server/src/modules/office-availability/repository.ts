import type { Executor } from '../process/repository.ts';

/**
 * The active offices among the given ids with everything their calendars need (grid,
 * opening hours, lead-only, mechanic choice), by id.
 */
export async function findActiveOffices(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('organization').selectAll().where('id', 'in', [...ids]).where('active', '=', true).orderBy('id').execute();
}
