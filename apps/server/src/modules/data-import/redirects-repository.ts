/**
 * The reads and writes of redirects.csv: the makes whose booking is sent to the make's own
 * site (redirect_setting, one row a make). A change of the table moves the catalogue version
 * by trigger (migration 014), so every process reads the new redirects at its next request.
 */
import type { Executor } from '#src/db/database.ts';

export type RedirectRow = {
  make_id: number;
  redirect_url: string;
  redirect_message: string;
  redirect_delay: number;
  process_types: string[];
  active: boolean;
};

/** Every make's redirect, active or not, with the make's name, by name. */
export async function findRedirects(db: Executor): Promise<(RedirectRow & { make: string })[]> {
  return db
    .selectFrom('redirect_setting as r')
    .innerJoin('vehicle_make as m', 'm.id', 'r.make_id')
    .select(['r.make_id', 'm.name as make', 'r.redirect_url', 'r.redirect_message', 'r.redirect_delay', 'r.process_types', 'r.active'])
    .orderBy('m.name')
    .orderBy('r.make_id')
    .execute();
}

export async function insertRedirect(db: Executor, row: RedirectRow): Promise<void> {
  await db.insertInto('redirect_setting').values(row).execute();
}

export async function updateRedirect(db: Executor, makeId: number, values: Omit<RedirectRow, 'make_id'>): Promise<void> {
  await db.updateTable('redirect_setting').set(values).where('make_id', '=', makeId).execute();
}
