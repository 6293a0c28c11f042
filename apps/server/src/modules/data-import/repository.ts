/**
 * The reads and writes of the data import that no other module owns: the services and
 * their groups (the catalogue only reads them), the offices' codes and the opening
 * exceptions as the import compares them.
 */
import { CATALOGUE_STAGES, SERVICE_GROUP_KINDS as CATALOGUE_GROUP_KINDS } from '@huolto/domain';
import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

// ---- Offices (read) ----

/** Every office's id, code and usual hours, by code. */
export async function findOfficeCodes(db: Executor) {
  const rows = await db.selectFrom('organization').select(['id', 'code', 'opening_time', 'closing_time']).orderBy('code').execute();
  return rows.map((r) => ({ ...r, opening_time: r.opening_time.slice(0, 5), closing_time: r.closing_time.slice(0, 5) }));
}

/** The opening exceptions of the offices (all, or from `fromDate` on), by office and day. */
export async function findOpeningExceptions(db: Executor, fromDate?: string) {
  let q = db
    .selectFrom('opening_exception')
    .select(['organization_id', sql<string>`day::text`.as('day'), 'opening_time', 'closing_time', 'reason']);
  if (fromDate) q = q.where('day', '>=', fromDate);
  const rows = await q.orderBy('organization_id').orderBy('day').execute();
  return rows.map((r) => ({
    ...r,
    opening_time: r.opening_time === null ? null : r.opening_time.slice(0, 5),
    closing_time: r.closing_time === null ? null : r.closing_time.slice(0, 5),
  }));
}

/** The kinds of work, active or not. */
export async function findWorkKinds(db: Executor) {
  return db.selectFrom('work_kind').select(['code', 'name', 'active']).orderBy('sort').orderBy('code').execute();
}

// ---- Services ----

/**
 * The stages and kinds of the service groups the services file holds: the catalogue's
 * (the back-office's catalogue pages hold the same). Tires, windshield products and other
 * groups stay out.
 */
export const SERVICE_STAGES = CATALOGUE_STAGES;
export const SERVICE_GROUP_KINDS = CATALOGUE_GROUP_KINDS;

export interface ServiceGroupRow {
  id: string;
  stage: string;
  kind: string;
  title: string;
  sort: number;
}

/** Every service group (the file's and the others, whose ids a new group must not take). */
export async function findServiceGroups(db: Executor): Promise<ServiceGroupRow[]> {
  return db.selectFrom('service_group').select(['id', 'stage', 'kind', 'title', 'sort']).orderBy('sort').orderBy('id').execute();
}

export interface ServiceProductRow {
  id: string;
  group_id: string;
  description: string;
  price_cents: number;
  duration_minutes: number;
  work_kind: string | null;
  active: boolean;
  sort: number;
}

const PRODUCT_COLUMNS = ['p.id', 'p.group_id', 'p.description', 'p.price_cents', 'p.duration_minutes', 'p.work_kind', 'p.active', 'p.sort'] as const;

/** The products with these ids, in any group. */
export async function findProductsByIds(db: Executor, ids: string[]): Promise<ServiceProductRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('product as p').select(PRODUCT_COLUMNS).where('p.id', 'in', ids).execute();
}

/** The products of the file's groups, in catalogue order (group, then product). */
export async function findServiceProducts(db: Executor): Promise<ServiceProductRow[]> {
  return db
    .selectFrom('product as p')
    .innerJoin('service_group as g', 'g.id', 'p.group_id')
    .select(PRODUCT_COLUMNS)
    .where('g.stage', 'in', SERVICE_STAGES)
    .where('g.kind', 'in', SERVICE_GROUP_KINDS)
    .orderBy('g.stage')
    .orderBy('g.sort')
    .orderBy('g.id')
    .orderBy('p.sort')
    .orderBy('p.id')
    .execute();
}

/** The largest sort of a group's products (0 for none). */
export async function maxProductSort(db: Executor, groupId: string): Promise<number> {
  const row = await db.selectFrom('product').select((eb) => eb.fn.max('sort').as('max')).where('group_id', '=', groupId).executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** A new group; `calculatorId`: how its products are priced (MILEAGE_CALCULATOR for maintenance packages), null for none. */
export async function insertServiceGroup(db: Executor, g: ServiceGroupRow, calculatorId: string | null = null): Promise<void> {
  await db.insertInto('service_group').values({ ...g, calculator_id: calculatorId }).execute();
}

export async function updateServiceGroupKind(db: Executor, id: string, kind: string): Promise<void> {
  await db.updateTable('service_group').set({ kind }).where('id', '=', id).execute();
}

export async function insertProduct(db: Executor, p: ServiceProductRow): Promise<void> {
  await db.insertInto('product').values(p).execute();
}

export async function updateProduct(db: Executor, id: string, values: Partial<Omit<ServiceProductRow, 'id' | 'sort'>>): Promise<void> {
  await db.updateTable('product').set(values).where('id', '=', id).execute();
}

// ---- Vehicle makes (the offices' dealer makes, by name) ----

export async function findMakes(db: Executor) {
  return db.selectFrom('vehicle_make').select(['id', 'name']).orderBy('name').execute();
}
