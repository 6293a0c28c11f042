import type { Executor } from '../process/repository.ts';

export interface ProductRow {
  id: string;
  group_id: string;
  provider: string;
  description: string;
  info_html: string | null;
  price_cents: number;
  normal_price_cents: number | null;
  duration_minutes: number;
  make_id: number | null;
  min_km: number | null;
  max_km: number | null;
  image_ids: string[];
  sort: number;
}

export interface OperationRow {
  product_id: string;
  sort: number;
  description: string;
  spare_parts: unknown;
}

export async function findGroups(db: Executor, stage: string, kind?: string) {
  let q = db.selectFrom('service_group').selectAll().where('stage', '=', stage);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('sort').orderBy('id').execute();
}

export async function findProductsOfGroups(db: Executor, groupIds: string[]): Promise<ProductRow[]> {
  if (groupIds.length === 0) return [];
  return db
    .selectFrom('product')
    .select([
      'id', 'group_id', 'provider', 'description', 'info_html', 'price_cents', 'normal_price_cents',
      'duration_minutes', 'make_id', 'min_km', 'max_km', 'image_ids', 'sort',
    ])
    .where('group_id', 'in', groupIds)
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function findProducts(db: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('product')
    .select([
      'id', 'group_id', 'provider', 'description', 'info_html', 'price_cents', 'normal_price_cents',
      'duration_minutes', 'make_id', 'min_km', 'max_km', 'image_ids', 'sort',
    ])
    .where('id', 'in', ids)
    .where('active', '=', true)
    .execute();
}

export async function findOperations(db: Executor, productIds: string[]): Promise<OperationRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_operation')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .execute();
}
