import { extended } from '#src/lib/extra-tables.ts';
import type { Executor } from '#src/db/database.ts';

/** The active redirect setting of a make for a process type, with the make's name. */
export async function findRedirectSetting(db: Executor, makeId: number, processType: string) {
  return extended(db)
    .selectFrom('redirect_setting as r')
    .innerJoin('vehicle_make as m', 'm.id', 'r.make_id')
    .select(['m.name as make', 'r.redirect_url', 'r.redirect_message', 'r.redirect_delay'])
    .where('r.make_id', '=', makeId)
    .where('r.active', '=', true)
    .where((eb) => eb(eb.val(processType), '=', eb.fn.any('r.process_types')))
    .executeTakeFirst();
}
