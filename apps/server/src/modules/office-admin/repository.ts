/**
 * The set-up's SQL: offices (every column, active or not), their makes, resources with the
 * kinds of work each can do, the kinds of work, and the confirmed bookings that keep an
 * office or a resource from going quietly. organization and resource ids have no sequence:
 * a new one is the next free integer, taken under a transaction-scoped advisory lock so two
 * set-ups (the pages, the import) never pick the same one.
 */
import { sql, type Selectable } from 'kysely';
import { formatLocalDateTime, todayInHelsinki, fromHelsinki, type FutureBooking } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';

export type OfficeRow = Selectable<Database['organization']>;
export type OfficeColumns = Omit<OfficeRow, 'id' | 'active' | 'opening_time' | 'closing_time'>;

/** Advisory lock keys (first half) of the set-up's id allocation. */
const ID_LOCK = { organization: 8020, resource: 8021 } as const;

/** The next free id of a table without a sequence, locked for the rest of the transaction. */
async function nextId(db: Executor, table: keyof typeof ID_LOCK): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(ID_LOCK[table])}, 0)`.execute(db);
  const { rows } = await sql<{ id: number }>`SELECT coalesce(max(id), 0)::int + 1 AS id FROM ${sql.table(table)}`.execute(db);
  return rows[0]!.id;
}

// ---- Offices ----

export async function findOfficeRow(db: Executor, id: number, forUpdate = false): Promise<OfficeRow | undefined> {
  let q = db.selectFrom('organization').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function findOfficeRowByCode(db: Executor, code: string): Promise<OfficeRow | undefined> {
  return db.selectFrom('organization').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The office holding a code, other than `exceptId`. */
export async function officeIdWithCode(db: Executor, code: string, exceptId?: number): Promise<number | undefined> {
  let q = db.selectFrom('organization').select('id').where(sql<boolean>`lower(code) = lower(${code})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

/** Every office, active or not, by name, with its count of active resources. */
export async function listOfficesWithResourceCounts(db: Executor) {
  return db
    .selectFrom('organization as o')
    .select((eb) => [
      'o.id',
      'o.code',
      'o.name',
      'o.post_office',
      'o.active',
      eb
        .selectFrom('resource as r')
        .select((e) => e.fn.countAll<string>().as('n'))
        .whereRef('r.organization_id', '=', 'o.id')
        .where('r.active', '=', true)
        .as('resources'),
    ])
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
}

export async function insertOffice(db: Executor, values: OfficeColumns): Promise<number> {
  const id = await nextId(db, 'organization');
  await db.insertInto('organization').values({ id, ...values }).execute();
  return id;
}

export async function updateOfficeRow(db: Executor, id: number, values: Partial<OfficeColumns> & { active?: boolean }) {
  await db.updateTable('organization').set(values).where('id', '=', id).execute();
}

export async function officeMakeIds(db: Executor, officeId: number): Promise<number[]> {
  const rows = await db.selectFrom('organization_make').select('make_id').where('organization_id', '=', officeId).orderBy('make_id').execute();
  return rows.map((r) => r.make_id);
}

export async function setOfficeMakes(db: Executor, officeId: number, makeIds: readonly number[]) {
  await db.deleteFrom('organization_make').where('organization_id', '=', officeId).execute();
  if (makeIds.length > 0) {
    await db
      .insertInto('organization_make')
      .values(makeIds.map((make_id) => ({ organization_id: officeId, make_id })))
      .execute();
  }
}

/** The ids among `ids` that are no make. */
export async function unknownMakeIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('vehicle_make').select('id').where('id', 'in', [...ids]).execute();
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * An office's confirmed bookings from today (Helsinki) on, earliest first, and its leads
 * wished for today or later (start: the wished day at 00:00, resource null).
 */
export async function futureBookingsOfOffice(db: Executor, officeId: number, now = new Date()): Promise<FutureBooking[]> {
  const today = todayInHelsinki(now);
  const { rows } = await sql<{ id: string; start_at: Date | null; lead_date: string | null; register_number: string; resource_id: number | null }>`
    SELECT b.id, b.start_at, b.lead_date::text AS lead_date, b.register_number, rt.resource_id
    FROM booking b
    -- The office's booked time, gathered in one pass (resource_time has no index by booking).
    LEFT JOIN (
      SELECT t.booking_id, min(t.resource_id) AS resource_id
      FROM resource_time t JOIN resource r ON r.id = t.resource_id
      WHERE r.organization_id = ${officeId} AND t.kind = 'BOOKED'
      GROUP BY t.booking_id
    ) rt ON rt.booking_id = b.id
    WHERE b.organization_id = ${officeId} AND b.status = 'CONFIRMED'
      AND (b.start_at >= ${fromHelsinki(today)} OR (b.start_at IS NULL AND b.lead_date >= ${today}::date))
    ORDER BY coalesce(b.start_at, b.lead_date::timestamptz), b.id`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    start: r.start_at ? formatLocalDateTime(new Date(r.start_at)) : `${r.lead_date}T00:00:00`,
    registerNumber: r.register_number,
    resourceId: r.resource_id,
  }));
}

/**
 * The confirmed bookings whose time on a resource has not ended, earliest first (a booking
 * in progress counts: the resource is still working on it).
 */
export async function futureBookingsOfResource(db: Executor, resourceId: number): Promise<FutureBooking[]> {
  const { rows } = await sql<{ id: string; start_at: Date; register_number: string }>`
    SELECT DISTINCT b.id, lower(rt.during) AS start_at, b.register_number
    FROM resource_time rt JOIN booking b ON b.id = rt.booking_id
    WHERE rt.resource_id = ${resourceId} AND rt.kind = 'BOOKED' AND upper(rt.during) > now() AND b.status = 'CONFIRMED'
    ORDER BY start_at, b.id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), start: formatLocalDateTime(new Date(r.start_at)), registerNumber: r.register_number, resourceId }));
}

// ---- Resources ----

export interface ResourceWithKinds {
  id: number;
  organization_id: number;
  name: string;
  display_name: string | null;
  selectable: boolean;
  active: boolean;
  sort: number;
  work_kinds: string[];
}

const workKindsOf = sql<string[]>`coalesce((
    SELECT array_agg(k.work_kind ORDER BY wk.sort, k.work_kind) FROM resource_work_kind k JOIN work_kind wk ON wk.code = k.work_kind
    WHERE k.resource_id = r.id), '{}')`;

/** An office's resources (active or not) in its order, each with its kinds of work. */
export async function listResourcesOfOffice(db: Executor, officeId: number): Promise<ResourceWithKinds[]> {
  const { rows } = await sql<ResourceWithKinds>`
    SELECT r.id, r.organization_id, r.name, r.display_name, r.selectable, r.active, r.sort, ${workKindsOf} AS work_kinds
    FROM resource r WHERE r.organization_id = ${officeId} ORDER BY r.sort, r.id`.execute(db);
  return rows;
}

export async function findResourceRow(db: Executor, id: number, forUpdate = false): Promise<ResourceWithKinds | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE OF r` : sql``;
  const { rows } = await sql<ResourceWithKinds>`
    SELECT r.id, r.organization_id, r.name, r.display_name, r.selectable, r.active, r.sort, ${workKindsOf} AS work_kinds
    FROM resource r WHERE r.id = ${id} ${lock}`.execute(db);
  return rows[0];
}

/** The resource of an office holding a name, other than `exceptId`. */
export async function resourceIdWithName(db: Executor, officeId: number, name: string, exceptId?: number): Promise<number | undefined> {
  let q = db.selectFrom('resource').select('id').where('organization_id', '=', officeId).where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst())?.id;
}

export async function insertResource(
  db: Executor,
  values: { organization_id: number; name: string; display_name: string | null; selectable: boolean; active: boolean },
): Promise<number> {
  const id = await nextId(db, 'resource');
  const { rows } = await sql<{ sort: number }>`
    SELECT coalesce(max(sort), 0)::int + 1 AS sort FROM resource WHERE organization_id = ${values.organization_id}`.execute(db);
  await db.insertInto('resource').values({ id, ...values, sort: rows[0]!.sort }).execute();
  return id;
}

export async function updateResourceRow(
  db: Executor,
  id: number,
  values: { name?: string; display_name?: string | null; selectable?: boolean; active?: boolean; sort?: number },
) {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('resource').set(values).where('id', '=', id).execute();
}

/** Sets a resource's kinds of work to exactly `kinds` (only the differences are written). */
export async function setResourceWorkKinds(db: Executor, resourceId: number, kinds: readonly string[], before: readonly string[]) {
  const gone = before.filter((k) => !kinds.includes(k));
  const added = kinds.filter((k) => !before.includes(k));
  if (gone.length > 0) await db.deleteFrom('resource_work_kind').where('resource_id', '=', resourceId).where('work_kind', 'in', gone).execute();
  if (added.length > 0) {
    await db
      .insertInto('resource_work_kind')
      .values(added.map((work_kind) => ({ resource_id: resourceId, work_kind })))
      .execute();
  }
}

// ---- Kinds of work ----

export async function listWorkKinds(db: Executor) {
  return db.selectFrom('work_kind').select(['code', 'name', 'sort', 'active']).orderBy('sort').orderBy('code').execute();
}

export async function findWorkKind(db: Executor, code: string, forUpdate = false) {
  let q = db.selectFrom('work_kind').select(['code', 'name', 'sort', 'active']).where('code', '=', code);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Inserts a kind of work last in the order; false when the code is taken. */
export async function insertWorkKind(db: Executor, code: string, name: string): Promise<boolean> {
  const { rows } = await sql<{ code: string }>`
    INSERT INTO work_kind (code, name, sort)
    SELECT ${code}, ${name}, coalesce(max(sort), 0) + 1 FROM work_kind
    ON CONFLICT (code) DO NOTHING RETURNING code`.execute(db);
  return rows.length === 1;
}

export async function updateWorkKindRow(db: Executor, code: string, values: { name?: string; active?: boolean }) {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('work_kind').set(values).where('code', '=', code).execute();
}

/** The codes among `codes` that are no active kind of work. */
export async function unusableWorkKinds(db: Executor, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('work_kind').select('code').where('code', 'in', [...codes]).where('active', '=', true).execute();
  const known = new Set(rows.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}

// ---- Info texts (an office's dated notices to customers) ----

export type InfoTextRow = Selectable<Database['organization_info_text']>;
export type InfoTextColumns = Pick<InfoTextRow, 'text' | 'valid_from' | 'valid_to' | 'active'>;

/** An office's texts, active or not, whose last day is `since` or later, newest first. */
export async function listInfoTextsOfOffice(db: Executor, officeId: number, since: string): Promise<InfoTextRow[]> {
  return db
    .selectFrom('organization_info_text')
    .selectAll()
    .where('organization_id', '=', officeId)
    .where('valid_to', '>=', since)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findInfoTextRow(db: Executor, id: number, forUpdate = false): Promise<InfoTextRow | undefined> {
  let q = db.selectFrom('organization_info_text').selectAll().where('id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function insertInfoText(db: Executor, officeId: number, values: InfoTextColumns): Promise<InfoTextRow> {
  return db
    .insertInto('organization_info_text')
    .values({ organization_id: officeId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateInfoTextRow(db: Executor, id: number, values: Partial<InfoTextColumns>): Promise<InfoTextRow> {
  return db.updateTable('organization_info_text').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
