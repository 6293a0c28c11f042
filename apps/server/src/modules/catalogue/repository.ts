import { choiceValueSchema, todayInHelsinki, type ChoiceValue } from '@huolto/domain';
import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';

/** product_operation.spare_parts as the seed and the catalogue store them. */
const sparePartsSchema = z.array(z.looseObject({ description: z.string() }));

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
  service_code: string | null;
  /** true: duration_minutes is per unit (a line takes amount × duration). */
  duration_per_unit: boolean;
  /** The vehicle class it is for (1 passenger car, 2 van), null for any. */
  vehicle_class: number | null;
  /** Products whose work it already includes (not offered beside or under it). */
  included_product_ids: string[];
  /** The kind of work it needs of a resource; null: any resource can do it. */
  work_kind: string | null;
  /** Offered from and to these Helsinki dates (both included); null: open (offeredOn). */
  valid_from: string | null;
  valid_to: string | null;
}

/**
 * Whether a product is offered on a Helsinki date: on or after its valid_from and on or
 * before its valid_to (either null: open). The lists, the cart and the booking offer a
 * product only on the days it is valid; a saved booking keeps it (booking.order_items).
 */
export function offeredOn(p: Pick<ProductRow, 'valid_from' | 'valid_to'>, day: string): boolean {
  return (p.valid_from === null || p.valid_from <= day) && (p.valid_to === null || p.valid_to >= day);
}

/** offeredOn in SQL, on the product table or its alias. */
function offeredOnSql(day: string, table = 'product'): RawBuilder<boolean> {
  const from = sql.ref(`${table}.valid_from`);
  const to = sql.ref(`${table}.valid_to`);
  return sql<boolean>`((${from} IS NULL OR ${from} <= ${day}::date) AND (${to} IS NULL OR ${to} >= ${day}::date))`;
}

export interface OperationRow {
  product_id: string;
  sort: number;
  description: string;
  spare_parts: z.infer<typeof sparePartsSchema>;
}

export interface GroupFilter {
  stage: string;
  kind?: string | undefined;
  groupId?: string | undefined;
}

export async function findGroups(db: Executor, filter: GroupFilter) {
  let q = db.selectFrom('service_group').selectAll().where('stage', '=', filter.stage);
  if (filter.kind) q = q.where('kind', '=', filter.kind);
  if (filter.groupId) q = q.where('id', '=', filter.groupId);
  return q.orderBy('sort').orderBy('id').execute();
}

/** Products offered under the given ones, in order. */
export async function findAdditionalLinks(db: Executor, productIds: string[]) {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('product_additional')
    .select(['product_id', 'additional_product_id'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .execute();
}

/** Whether any active product offered today carries the service code. */
export async function serviceCodeExists(db: Executor, code: string) {
  const row = await db
    .selectFrom('product')
    .select('id')
    .where('service_code', '=', code)
    .where('active', '=', true)
    .where(offeredOnSql(todayInHelsinki()))
    .executeTakeFirst();
  return !!row;
}

export async function listExtraOrderItems(db: Executor) {
  return db.selectFrom('extra_order_item').select(['id', 'description', 'price_cents']).where('active', '=', true).orderBy('sort').execute();
}

/** The offer cards whose product is offered on the day (today by default; null: whatever its dates). */
export async function listOffers(db: Executor, day: string | null = todayInHelsinki()) {
  return db
    .selectFrom('offer as o')
    .innerJoin('product as p', 'p.id', 'o.product_id')
    .select(['o.id', 'o.title', 'o.body', 'o.image_id', 'o.product_id', 'p.provider', 'p.price_cents', 'p.normal_price_cents', 'p.valid_from', 'p.valid_to'])
    .where('o.active', '=', true)
    .where('p.active', '=', true)
    .$if(day !== null, (q) => q.where(offeredOnSql(day!, 'p')))
    .orderBy('o.sort')
    .execute();
}

/** The columns of a product the catalogue and the cart read (ProductRow). */
const PRODUCT_COLUMNS = [
  'id', 'group_id', 'provider', 'description', 'info_html', 'price_cents', 'normal_price_cents',
  'duration_minutes', 'make_id', 'min_km', 'max_km', 'image_ids', 'sort', 'service_code', 'duration_per_unit',
  'vehicle_class', 'included_product_ids', 'work_kind', 'valid_from', 'valid_to',
] as const;

/**
 * What a car and a process leave possible among a group's products: the make, vehicle
 * class, mileage and service code a product may be tied to (service.ts `fits` decides the
 * rest: what the cart includes or offers). A product tied to none of them fits any car.
 */
export interface ProductFitFilter {
  makeId: number | null;
  vehicleClass: number | null;
  km: number | null;
  serviceCode: string | null;
}

/** Whether a product can fit under the filter: the same test as the SQL of findProductsOfGroups. */
export function mayFit(p: Pick<ProductRow, 'make_id' | 'vehicle_class' | 'min_km' | 'max_km' | 'service_code'>, f: ProductFitFilter): boolean {
  if (p.make_id !== null && p.make_id !== f.makeId) return false;
  if (p.vehicle_class !== null && p.vehicle_class !== f.vehicleClass) return false;
  if (p.service_code !== null && p.service_code !== f.serviceCode) return false;
  if (p.min_km !== null || p.max_km !== null) {
    if (f.km === null) return false;
    if (p.min_km !== null && f.km < p.min_km) return false;
    if (p.max_km !== null && f.km > p.max_km) return false;
  }
  return true;
}

/**
 * The active products of the groups offered today (offeredOn), in catalogue order; with a
 * fit filter only those that can fit (mayFit), so the lists read the info HTML of a car's
 * own products only.
 */
export async function findProductsOfGroups(db: Executor, groupIds: string[], fit?: ProductFitFilter): Promise<ProductRow[]> {
  if (groupIds.length === 0) return [];
  let q = db
    .selectFrom('product')
    .select(PRODUCT_COLUMNS)
    .where('group_id', 'in', groupIds)
    .where('active', '=', true)
    .where(offeredOnSql(todayInHelsinki()));
  if (fit) {
    const { makeId, vehicleClass, km, serviceCode } = fit;
    q = q
      .where((eb) => (makeId === null ? eb('make_id', 'is', null) : eb.or([eb('make_id', 'is', null), eb('make_id', '=', makeId)])))
      .where((eb) =>
        vehicleClass === null ? eb('vehicle_class', 'is', null) : eb.or([eb('vehicle_class', 'is', null), eb('vehicle_class', '=', vehicleClass)]),
      )
      .where((eb) =>
        serviceCode === null ? eb('service_code', 'is', null) : eb.or([eb('service_code', 'is', null), eb('service_code', '=', serviceCode)]),
      )
      .where((eb) =>
        km === null
          ? eb.and([eb('min_km', 'is', null), eb('max_km', 'is', null)])
          : eb.and([eb.or([eb('min_km', 'is', null), eb('min_km', '<=', km)]), eb.or([eb('max_km', 'is', null), eb('max_km', '>=', km)])]),
      );
  }
  return q.orderBy('sort').orderBy('id').execute();
}

/** The kind of the service group that holds the tires (thousands of products, never in a service list). */
export const TIRES_GROUP_KIND = 'TIRES';

/**
 * The service catalogue as the catalogue cache keeps it (catalogue-cache.ts), each list in
 * the order the queries above give it: every group; every active product outside the tire
 * groups, whatever its dates (the cache checks offeredOn at each read, so a snapshot kept
 * past midnight serves no product past its valid_to); every additional-product link,
 * operation and product parameter; the extra order items and the offer cards (with their
 * product's dates, checked at each read too).
 */
export async function loadServiceCatalogue(db: Executor) {
  const [groups, products, links, operations, parameters, extraOrderItems, offers] = await Promise.all([
    db.selectFrom('service_group').selectAll().orderBy('sort').orderBy('id').execute(),
    db
      .selectFrom('product')
      .select(PRODUCT_COLUMNS)
      .where('active', '=', true)
      .where('group_id', 'in', (eb) => eb.selectFrom('service_group').select('id').where('kind', '<>', TIRES_GROUP_KIND))
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('product_additional')
      .select(['product_id', 'additional_product_id'])
      .orderBy('product_id')
      .orderBy('sort')
      .orderBy('additional_product_id')
      .execute(),
    db.selectFrom('product_operation').selectAll().orderBy('product_id').orderBy('sort').execute(),
    db
      .selectFrom('product_parameter')
      .select(['product_id', 'parameter_code', 'type', 'choice_values', 'sort'])
      .orderBy('product_id')
      .orderBy('sort')
      .orderBy('parameter_code')
      .execute(),
    listExtraOrderItems(db),
    listOffers(db, null),
  ]);
  return {
    groups,
    products: products as ProductRow[],
    links,
    operations: operations.map((r) => ({ ...r, spare_parts: storedJson(sparePartsSchema, r.spare_parts, 'product_operation.spare_parts') })),
    parameters: parameters.map((r) => ({ ...r, choice_values: choiceValueSchema.array().parse(r.choice_values) })) as ProductParameterRow[],
    extraOrderItems,
    offers,
  };
}

export type ServiceCatalogueRows = Awaited<ReturnType<typeof loadServiceCatalogue>>;
export type GroupRow = ServiceCatalogueRows['groups'][number];
export type AdditionalLink = ServiceCatalogueRows['links'][number];
export type ExtraOrderItemRow = ServiceCatalogueRows['extraOrderItems'][number];
export type OfferRow = ServiceCatalogueRows['offers'][number];

/**
 * The active products among the ids that are offered on the day (today by default); with
 * `day` null whatever their dates (a saved booking's services, the cache's own check).
 */
export async function findProducts(db: Executor, ids: string[], day: string | null = todayInHelsinki()): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('product')
    .select(PRODUCT_COLUMNS)
    .where('id', 'in', ids)
    .where('active', '=', true)
    .$if(day !== null, (q) => q.where(offeredOnSql(day!)))
    .execute();
}

/**
 * Products by id whatever their active flag and dates: the services a saved booking or a
 * cart already holds, which keep their work and their names after the catalogue drops them.
 */
export async function findProductsEverOffered(db: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('product').select(PRODUCT_COLUMNS).where('id', 'in', ids).execute();
}

/** The active products offered today that include any of the given ones (the bundles and packages they are part of). */
export async function findProductsIncluding(db: Executor, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('product')
    .select(PRODUCT_COLUMNS)
    .where(sql<boolean>`included_product_ids && ${sql.val([...ids])}::text[]`)
    .where('active', '=', true)
    .where(offeredOnSql(todayInHelsinki()))
    .execute();
}

export async function findOperations(db: Executor, productIds: string[]): Promise<OperationRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('product_operation')
    .selectAll()
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .execute();
  return rows.map((r) => ({ ...r, spare_parts: storedJson(sparePartsSchema, r.spare_parts, 'product_operation.spare_parts') }));
}

export interface ProductParameterRow {
  product_id: string;
  parameter_code: string;
  type: 'CHOICE';
  choice_values: ChoiceValue[];
  sort: number;
}

/** The CHOICE parameters of the given products, in order. */
export async function findProductParameters(db: Executor, productIds: string[]): Promise<ProductParameterRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .selectFrom('product_parameter')
    .select(['product_id', 'parameter_code', 'type', 'choice_values', 'sort'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('sort')
    .orderBy('parameter_code')
    .execute();
  return rows.map((r) => ({ ...r, choice_values: choiceValueSchema.array().parse(r.choice_values) }));
}

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

/** A tire of the catalogue with its product, as the tire search and the cart see it. */
export interface TireRow {
  product_id: string;
  provider: string;
  description: string;
  info_html: string | null;
  price_cents: number;
  image_ids: string[];
  duration_minutes: number;
  supplier: string;
  model: string;
  tire_type: string;
  width: number;
  aspect_ratio: number;
  rim_diameter: number;
  load_index: number;
  speed_index: string;
  extra_markings: string[];
  stock: number;
}

/** The active tires of the catalogue, as the tire search offers them (modules/tires narrows it by size). */
export function offeredTires(db: Executor) {
  return db
    .selectFrom('tire as t')
    .innerJoin('product as p', 'p.id', 't.product_id')
    .innerJoin('tire_supplier as s', 's.id', 't.supplier_id')
    .select([
      't.product_id', 'p.provider', 'p.description', 'p.info_html', 'p.price_cents', 'p.image_ids', 'p.duration_minutes',
      's.name as supplier', 't.model', 't.tire_type', 't.width', 't.aspect_ratio', 't.rim_diameter', 't.load_index',
      't.speed_index', 't.extra_markings', 't.stock',
    ])
    .where('p.active', '=', true);
}

/** The tires among the given products that the tire search offers. */
export async function findTires(db: Executor, productIds: readonly string[]): Promise<TireRow[]> {
  if (productIds.length === 0) return [];
  return offeredTires(db).where('t.product_id', 'in', [...productIds]).execute();
}
