/**
 * The reads and writes of the catalogue's import files (services, operations, product-parameters,
 * extra-items, campaign-codes) beyond the services' groups in repository.ts: a service's every column,
 * its operations and extras, the extra order items, the campaign codes, and the makes and
 * pictures a service names. Dates read as 'YYYY-MM-DD' text.
 */
import { sql, type Insertable } from 'kysely';
import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';
import { storedJson } from '#src/modules/process/index.ts';
import { WINDSHIELD_GROUP_KIND, WINDSHIELD_PRODUCT_IDS, choiceValueSchema, type ChoiceValue } from '@huolto/domain';
import { SERVICE_GROUP_KINDS, SERVICE_STAGES } from './repository.ts';

// ---- Services ----

export interface CatalogueProductRow {
  id: string;
  group_id: string;
  description: string;
  info_html: string | null;
  price_cents: number;
  normal_price_cents: number | null;
  duration_minutes: number;
  work_kind: string | null;
  vehicle_class: number | null;
  make_id: number | null;
  min_km: number | null;
  max_km: number | null;
  service_code: string | null;
  included_product_ids: string[];
  image_ids: string[];
  valid_from: string | null;
  valid_to: string | null;
  active: boolean;
  sort: number;
}

const productColumns = [
  'p.id',
  'p.group_id',
  'p.description',
  'p.info_html',
  'p.price_cents',
  'p.normal_price_cents',
  'p.duration_minutes',
  'p.work_kind',
  'p.vehicle_class',
  'p.make_id',
  'p.min_km',
  'p.max_km',
  'p.service_code',
  'p.included_product_ids',
  'p.image_ids',
  sql<string | null>`p.valid_from::text`.as('valid_from'),
  sql<string | null>`p.valid_to::text`.as('valid_to'),
  'p.active',
  'p.sort',
] as const;

/** The products with these ids, in any group, with every column the services file holds. */
export async function findCatalogueProductsByIds(db: Executor, ids: string[]): Promise<CatalogueProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('product as p').select(productColumns).where('p.id', 'in', ids).execute();
}

/**
 * The products of the catalogue's groups (its stages and kinds) and the windshield products
 * (WINDSHIELD_PRODUCT_IDS in the windshield group), in catalogue order (stage, group, product).
 */
export async function findCatalogueProducts(db: Executor): Promise<CatalogueProductRow[]> {
  return db
    .selectFrom('product as p')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select(productColumns)
    .where((eb) =>
      eb.or([
        eb.and([eb('g.stage', 'in', SERVICE_STAGES), eb('g.kind', 'in', SERVICE_GROUP_KINDS)]),
        eb.and([eb('g.kind', '=', WINDSHIELD_GROUP_KIND), eb('p.id', 'in', [...WINDSHIELD_PRODUCT_IDS])]),
      ]),
    )
    .orderBy('g.stage')
    .orderBy('g.sort')
    .orderBy('g.id')
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
}

/** Which of these ids are products (in any group). */
export async function existingProductIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('product').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export type CatalogueProductValues = Omit<CatalogueProductRow, 'id'>;

/** A new product; a windshield product also names its provider and whether its duration is per unit. */
export async function insertCatalogueProduct(
  db: Executor,
  id: string,
  values: CatalogueProductValues & { provider?: string; duration_per_unit?: boolean },
): Promise<void> {
  await db
    .insertInto('product')
    .values({ id, ...values } satisfies Insertable<Database['product']>)
    .execute();
}

/** Renames a group (the windshield group, which the services file finds by its kind). */
export async function updateGroupTitle(db: Executor, id: string, title: string): Promise<void> {
  await db.updateTable('service_group').set({ title }).where('id', '=', id).execute();
}

export async function updateCatalogueProduct(db: Executor, id: string, values: Partial<CatalogueProductValues>): Promise<void> {
  await db.updateTable('product').set(values).where('id', '=', id).execute();
}

/** The extras offered under each of these products (product_additional), in their order. */
export async function findExtras(db: Executor, productIds?: string[]): Promise<Map<string, string[]>> {
  if (productIds && productIds.length === 0) return new Map();
  let q = db.selectFrom('product_additional').select(['product_id', 'additional_product_id']);
  if (productIds) q = q.where('product_id', 'in', productIds);
  const rows = await q.orderBy('product_id').orderBy('sort').orderBy('additional_product_id').execute();
  const byProduct = new Map<string, string[]>();
  for (const r of rows) byProduct.set(r.product_id, [...(byProduct.get(r.product_id) ?? []), r.additional_product_id]);
  return byProduct;
}

/** Replaces the extras of a product, numbered 10, 20, 30 … in the given order. */
export async function replaceExtras(db: Executor, productId: string, extras: readonly string[]): Promise<void> {
  await db.deleteFrom('product_additional').where('product_id', '=', productId).execute();
  if (extras.length === 0) return;
  await db
    .insertInto('product_additional')
    .values(extras.map((additional_product_id, i) => ({ product_id: productId, additional_product_id, sort: (i + 1) * 10 })))
    .execute();
}

/** The makes by name, for a service's make. */
export async function findMakesByName(db: Executor) {
  return db.selectFrom('vehicle_make').select(['id', 'name']).orderBy('name').execute();
}

/** Which of these ids are pictures in the media table. */
export async function existingMediaIds(db: Executor, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('media').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// ---- Operations ----

/** product_operation.spare_parts as the seed and the catalogue store them: [{ description }]. */
const sparePartsSchema = z.array(z.looseObject({ description: z.string() }));

export interface OperationRow {
  product_id: string;
  sort: number;
  description: string;
  /** The spare parts' descriptions. */
  spare_parts: string[];
}

/** The operations of these products (all the catalogue's when no ids), by product and position. */
export async function findOperations(db: Executor, productIds?: string[]): Promise<OperationRow[]> {
  if (productIds && productIds.length === 0) return [];
  let q = db
    .selectFrom('product_operation as o')
    .innerJoin('product as p', 'p.id', 'o.product_id')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select(['o.product_id', 'o.sort', 'o.description', 'o.spare_parts']);
  q = productIds ? q.where('o.product_id', 'in', productIds) : q.where('g.stage', 'in', SERVICE_STAGES).where('g.kind', 'in', SERVICE_GROUP_KINDS);
  const rows = await q.orderBy('g.stage').orderBy('g.sort').orderBy('g.id').orderBy('p.sort').orderBy('p.id').orderBy('o.sort').execute();
  return rows.map((r) => ({ ...r, spare_parts: storedJson(sparePartsSchema, r.spare_parts, 'product_operation.spare_parts').map((s) => s.description) }));
}

/** Replaces a product's operations with these, numbered 1, 2, 3 … in the given order. */
export async function replaceOperations(db: Executor, productId: string, operations: readonly { description: string; spareParts: readonly string[] }[]): Promise<void> {
  await db.deleteFrom('product_operation').where('product_id', '=', productId).execute();
  if (operations.length === 0) return;
  await db
    .insertInto('product_operation')
    .values(operations.map((o, i) => ({ product_id: productId, sort: i + 1, description: o.description, spare_parts: JSON.stringify(o.spareParts.map((description) => ({ description }))) })))
    .execute();
}

// ---- Extra order items ----

export type ExtraItemRow = {
  id: string;
  description: string;
  price_cents: number;
  sort: number;
  active: boolean;
};

export async function findExtraItems(db: Executor): Promise<ExtraItemRow[]> {
  return db.selectFrom('extra_order_item').select(['id', 'description', 'price_cents', 'sort', 'active']).orderBy('sort').orderBy('id').execute();
}

export async function insertExtraItem(db: Executor, row: ExtraItemRow): Promise<void> {
  await db.insertInto('extra_order_item').values(row).execute();
}

export async function updateExtraItem(db: Executor, id: string, values: Omit<ExtraItemRow, 'id'>): Promise<void> {
  await db.updateTable('extra_order_item').set(values).where('id', '=', id).execute();
}

// ---- Campaign codes ----

export type CampaignCodeRow = {
  code: string;
  description: string;
  percent_off: number;
  members_only: boolean;
  valid_from: string | null;
  valid_to: string | null;
  active: boolean;
};

export async function findCampaignCodes(db: Executor): Promise<CampaignCodeRow[]> {
  return db
    .selectFrom('campaign_code')
    .select([
      'code',
      'description',
      'percent_off',
      'members_only',
      sql<string | null>`valid_from::text`.as('valid_from'),
      sql<string | null>`valid_to::text`.as('valid_to'),
      'active',
    ])
    .orderBy('code')
    .execute();
}

export async function insertCampaignCode(db: Executor, row: CampaignCodeRow): Promise<void> {
  await db.insertInto('campaign_code').values(row).execute();
}

export async function updateCampaignCode(db: Executor, code: string, values: Omit<CampaignCodeRow, 'code'>): Promise<void> {
  await db.updateTable('campaign_code').set(values).where('code', '=', code).execute();
}

// ---- The windshield products' choices (product_parameter) ----

export interface ProductParameterFileRow {
  product_id: string;
  parameter_code: string;
  sort: number;
  choice_values: ChoiceValue[];
}

/** The choices of the windshield products, by product (its place), sort and code; their values in order. */
export async function findWindshieldParameters(db: Executor): Promise<ProductParameterFileRow[]> {
  const rows = await db
    .selectFrom('product_parameter as pp')
    .innerJoin('product as p', 'p.id', 'pp.product_id')
    .select(['pp.product_id', 'pp.parameter_code', 'pp.sort', 'pp.choice_values'])
    .where('pp.product_id', 'in', [...WINDSHIELD_PRODUCT_IDS])
    .orderBy('p.sort')
    .orderBy('p.id')
    .orderBy('pp.sort')
    .orderBy('pp.parameter_code')
    .execute();
  return rows.map((r) => ({ ...r, choice_values: storedJson(choiceValueSchema.array(), r.choice_values, 'product_parameter.choice_values') }));
}

export async function insertProductParameter(db: Executor, row: ProductParameterFileRow): Promise<void> {
  await db
    .insertInto('product_parameter')
    .values({ product_id: row.product_id, parameter_code: row.parameter_code, type: 'CHOICE', sort: row.sort, choice_values: JSON.stringify(row.choice_values) })
    .execute();
}

export async function updateProductParameterValues(db: Executor, productId: string, parameterCode: string, values: readonly ChoiceValue[]): Promise<void> {
  await db
    .updateTable('product_parameter')
    .set({ choice_values: JSON.stringify(values) })
    .where('product_id', '=', productId)
    .where('parameter_code', '=', parameterCode)
    .execute();
}
