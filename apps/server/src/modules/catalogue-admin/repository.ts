/**
 * The back-office catalogue's SQL: the service groups of the three stages (not the tire and
 * windshield groups, whose kinds are not SERVICE_GROUP_KINDS) and their products, the
 * windshield products among them (WINDSHIELD_PRODUCT_IDS in the windshield group), with each
 * product's operations and the products offered under it. Each write is one statement; the
 * caller's transaction holds them together, and the tables' triggers move the catalogue
 * version (migration 014).
 */
import { sql } from 'kysely';
import { CATALOGUE_STAGES, SERVICE_GROUP_KINDS, WINDSHIELD_GROUP_KIND, WINDSHIELD_PRODUCT_IDS } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

/** Advisory lock key (first half) of a new group's id, so two admins never take the same one. */
const GROUP_ID_LOCK = 8022;

const stages = [...CATALOGUE_STAGES];
const kinds = [...SERVICE_GROUP_KINDS];
/** The stages in the order of CATALOGUE_STAGES, for ORDER BY. */
const stageOrder = sql<number>`array_position(${sql.val(stages)}::text[], g.stage)`;

// ---- Groups ----

export interface GroupRow {
  id: string;
  stage: string;
  kind: string;
  title: string;
  sort: number;
  service_count: number;
}

function groups(db: Executor) {
  return db
    .selectFrom('service_group as g')
    .select((eb) => [
      'g.id',
      'g.stage',
      'g.kind',
      'g.title',
      'g.sort',
      eb
        .selectFrom('product as p')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('p.group_id', '=', 'g.id')
        .as('service_count'),
    ])
    .where('g.stage', 'in', stages)
    .where('g.kind', 'in', kinds);
}

const groupOf = (r: { id: string; stage: string; kind: string; title: string; sort: number; service_count: string | number | null }): GroupRow => ({
  ...r,
  service_count: Number(r.service_count ?? 0),
});

/** Every group of the three stages, by stage and order, with its count of services (active or not). */
export async function listGroupRows(db: Executor): Promise<GroupRow[]> {
  return (await groups(db).orderBy(stageOrder).orderBy('g.sort').orderBy('g.id').execute()).map(groupOf);
}

/** A group of the three stages; undefined for another id (the tire and windshield groups among them). */
export async function findGroupRow(db: Executor, id: string): Promise<GroupRow | undefined> {
  const row = await groups(db).where('g.id', '=', id).executeTakeFirst();
  return row && groupOf(row);
}

/** The ids of a stage's groups, in order. */
export async function groupIdsOfStage(db: Executor, stage: string): Promise<string[]> {
  const rows = await groups(db).where('g.stage', '=', stage).orderBy('g.sort').orderBy('g.id').execute();
  return rows.map((r) => r.id);
}

/**
 * The id of a new group: its title in lower case without accents, other characters as
 * dashes ('Öljynvaihto' → 'oljynvaihto'), and '-2', '-3' … after it when that is taken by
 * any group (the tire and windshield groups too). Locked for the rest of the transaction.
 */
export async function newGroupId(db: Executor, title: string): Promise<string> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(GROUP_ID_LOCK)}, 0)`.execute(db);
  const base =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50)
      .replace(/-+$/, '') || 'ryhma';
  const taken = new Set(
    (await db.selectFrom('service_group').select('id').where((eb) => eb.or([eb('id', '=', base), eb('id', 'like', `${base}-%`)])).execute()).map(
      (r) => r.id,
    ),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The sort after the last group of a stage (its groups are 10 apart). */
async function nextGroupSort(db: Executor, stage: string): Promise<number> {
  const row = await db.selectFrom('service_group').select((eb) => eb.fn.max('sort').as('max')).where('stage', '=', stage).executeTakeFirst();
  return (row?.max ?? 0) + 10;
}

export async function insertGroup(db: Executor, values: { id: string; stage: string; kind: string; title: string }): Promise<void> {
  const sort = await nextGroupSort(db, values.stage);
  await db.insertInto('service_group').values({ ...values, calculator_id: null, sort }).execute();
}

export async function updateGroupRow(db: Executor, id: string, values: { title: string; kind: string }): Promise<void> {
  await db.updateTable('service_group').set(values).where('id', '=', id).execute();
}

/** Puts groups in the given order: sort 10, 20, … */
export async function setGroupOrder(db: Executor, ids: readonly string[]): Promise<void> {
  for (const [i, id] of ids.entries()) await db.updateTable('service_group').set({ sort: (i + 1) * 10 }).where('id', '=', id).execute();
}

// ---- Services ----

/** A product of a group of the three stages, with its group's title, stage and kind. */
export interface ServiceRow {
  id: string;
  group_id: string;
  group_title: string;
  stage: string;
  kind: string;
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

/** The services; with `windshield` the windshield products too (they are edited, but never named by another service). */
function services(db: Executor, windshield = true) {
  return db
    .selectFrom('product as p')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select([
      'p.id', 'p.group_id', 'g.title as group_title', 'g.stage', 'g.kind', 'p.description', 'p.info_html', 'p.price_cents',
      'p.normal_price_cents', 'p.duration_minutes', 'p.work_kind', 'p.vehicle_class', 'p.make_id', 'p.min_km', 'p.max_km',
      'p.service_code', 'p.included_product_ids', 'p.image_ids', 'p.valid_from', 'p.valid_to', 'p.active', 'p.sort',
    ])
    .where((eb) => {
      const service = eb.and([eb('g.stage', 'in', stages), eb('g.kind', 'in', kinds)]);
      return windshield ? eb.or([service, eb.and([eb('g.kind', '=', WINDSHIELD_GROUP_KIND), eb('p.id', 'in', [...WINDSHIELD_PRODUCT_IDS])])]) : service;
    });
}

/** Every service of the three stages and every windshield product, active or not, by stage, group and order. */
export async function listServiceRows(db: Executor): Promise<ServiceRow[]> {
  return services(db).orderBy(stageOrder).orderBy('g.sort').orderBy('g.id').orderBy('p.sort').orderBy('p.id').execute();
}

/** A service or a windshield product by its code, locked for update when asked; undefined for an unknown code and for a tire. */
export async function findServiceRow(db: Executor, code: string, forUpdate = false): Promise<ServiceRow | undefined> {
  let q = services(db).where('p.id', '=', code);
  if (forUpdate) q = q.forUpdate(['p']);
  return q.executeTakeFirst();
}

/** Whether any product (a service, a tire or a windshield product) has the id. */
export async function productIdTaken(db: Executor, id: string): Promise<boolean> {
  return !!(await db.selectFrom('product').select('id').where('id', '=', id).executeTakeFirst());
}

/** The services among the codes (the tire and windshield products are not services another may name). */
export async function existingServiceCodes(db: Executor, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  return new Set((await services(db, false).where('p.id', 'in', [...codes]).execute()).map((r) => r.id));
}

/** A kind of work with whether it is active; undefined for an unknown code. */
export async function findWorkKindRow(db: Executor, code: string) {
  return db.selectFrom('work_kind').select(['code', 'active']).where('code', '=', code).executeTakeFirst();
}

export async function makeExists(db: Executor, id: number): Promise<boolean> {
  return !!(await db.selectFrom('vehicle_make').select('id').where('id', '=', id).executeTakeFirst());
}

/** The media ids among the given ones. */
export async function existingMediaIds(db: Executor, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('media').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id));
}

/** The sort after the last product of a group (10 apart). */
export async function nextServiceSort(db: Executor, groupId: string): Promise<number> {
  const row = await db.selectFrom('product').select((eb) => eb.fn.max('sort').as('max')).where('group_id', '=', groupId).executeTakeFirst();
  return (row?.max ?? 0) + 10;
}

/** The columns of product the back-office sets. */
export interface ServiceColumns {
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

export async function insertService(db: Executor, id: string, columns: ServiceColumns): Promise<void> {
  await db.insertInto('product').values({ id, ...columns }).execute();
}

export async function updateServiceRow(db: Executor, id: string, columns: ServiceColumns): Promise<void> {
  await db.updateTable('product').set(columns).where('id', '=', id).execute();
}

export interface OperationValues {
  description: string;
  spareParts: string[];
}

/** A service's operations in order, their spare parts as text (stored as [{description}]). */
export async function operationsOf(db: Executor, productId: string): Promise<OperationValues[]> {
  const rows = await db.selectFrom('product_operation').select(['description', 'spare_parts']).where('product_id', '=', productId).orderBy('sort').execute();
  return rows.map((r) => ({
    description: r.description,
    spareParts: (Array.isArray(r.spare_parts) ? r.spare_parts : []).map((s: unknown) =>
      typeof s === 'string' ? s : String((s as { description?: unknown }).description ?? ''),
    ),
  }));
}

/** Replaces a service's operations with the given ones, in order. */
export async function replaceOperations(db: Executor, productId: string, operations: readonly OperationValues[]): Promise<void> {
  await db.deleteFrom('product_operation').where('product_id', '=', productId).execute();
  if (operations.length === 0) return;
  await db
    .insertInto('product_operation')
    .values(
      operations.map((o, i) => ({
        product_id: productId,
        sort: i + 1,
        description: o.description,
        spare_parts: JSON.stringify(o.spareParts.map((description) => ({ description }))),
      })),
    )
    .execute();
}

/** The products offered under a service (product_additional), in order. */
export async function extrasOf(db: Executor, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_additional')
    .select('additional_product_id')
    .where('product_id', '=', productId)
    .orderBy('sort')
    .orderBy('additional_product_id')
    .execute();
  return rows.map((r) => r.additional_product_id);
}

/** Replaces the products offered under a service with the given ones, in order (sort 10, 20, …). */
export async function replaceExtras(db: Executor, productId: string, extras: readonly string[]): Promise<void> {
  await db.deleteFrom('product_additional').where('product_id', '=', productId).execute();
  if (extras.length === 0) return;
  await db
    .insertInto('product_additional')
    .values(extras.map((id, i) => ({ product_id: productId, additional_product_id: id, sort: (i + 1) * 10 })))
    .execute();
}

// ---- The preview's car ----

/** The id of the make of this name in vehicle_make (any case); undefined when the list has none. */
export async function makeIdByName(db: Executor, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('vehicle_make')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return row?.id;
}
