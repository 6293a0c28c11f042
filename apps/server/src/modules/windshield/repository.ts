import type { Executor } from '../process/repository.ts';

/** The kind of the service group that holds the windshield products (never a maintenance list). */
export const WINDSHIELD_GROUP_KIND = 'WINDSHIELD';

/** Ids of the active windshield products, in catalogue order. */
export async function findWindshieldProductIds(db: Executor): Promise<string[]> {
  const rows = await db
    .selectFrom('product as p')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select('p.id')
    .where('g.kind', '=', WINDSHIELD_GROUP_KIND)
    .where('p.active', '=', true)
    .orderBy('g.sort')
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}
