/**
 * The reads and writes of offers.csv: the offer cards (offer), keyed by their id, and the
 * services a card may sell. A change of the offer table moves the catalogue version by
 * trigger (migration 014), so every process's cached cards follow.
 */
import type { Executor } from '#src/db/database.ts';
import { SERVICE_GROUP_KINDS, SERVICE_STAGES } from './repository.ts';

export type OfferCardRow = {
  id: string;
  title: string;
  body: string;
  image_id: string | null;
  product_id: string;
  sort: number;
  active: boolean;
};

/** Every offer card, active or not, in the side column's order. */
export async function findOfferCards(db: Executor): Promise<OfferCardRow[]> {
  return db.selectFrom('offer').select(['id', 'title', 'body', 'image_id', 'product_id', 'sort', 'active']).orderBy('sort').orderBy('id').execute();
}

export async function insertOfferCard(db: Executor, row: OfferCardRow): Promise<void> {
  await db.insertInto('offer').values(row).execute();
}

export async function updateOfferCard(db: Executor, id: string, values: Omit<OfferCardRow, 'id'>): Promise<void> {
  await db.updateTable('offer').set(values).where('id', '=', id).execute();
}

/**
 * The products among these ids, with whether each is a service of the catalogue's groups
 * (services.csv's stages and kinds: not a tire, not a windshield product) and its service code.
 */
export async function findOfferableProducts(db: Executor, ids: string[]): Promise<Map<string, { catalogue: boolean; serviceCode: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('product as p')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select(['p.id', 'p.service_code', 'g.stage', 'g.kind'])
    .where('p.id', 'in', ids)
    .execute();
  const stages: readonly string[] = SERVICE_STAGES;
  const kinds: readonly string[] = SERVICE_GROUP_KINDS;
  return new Map(rows.map((r) => [r.id, { catalogue: stages.includes(r.stage) && kinds.includes(r.kind), serviceCode: r.service_code }]));
}
