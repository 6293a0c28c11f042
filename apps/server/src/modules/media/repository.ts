import type { Executor } from '#src/db/database.ts';

/** An image stored in the database, by id. */
export async function findMedia(db: Executor, id: string) {
  return db.selectFrom('media').select(['content_type', 'data']).where('id', '=', id).executeTakeFirst();
}
