/**
 * The service groups of the booking flow's three stages (requirements §3): every staff member reads
 * them, admins add groups, rename them, change their kind and order them. A group is never
 * deleted (its services may be on bookings); it leaves the customers' lists when it has no
 * active service. Each change has its audit row and moves the catalogue version (the
 * service_group trigger), so customers see it at their next request.
 */
import type { CatalogueGroup, CatalogueStage, ServiceGroupKind } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findGroupRow, groupIdsOfStage, insertGroup, listGroupRows, newGroupId, setGroupOrder, updateGroupRow, type GroupRow } from './repository.ts';

export const groupNotFound = () => new DomainError(404, 'NOT_FOUND', 'Palveluryhmää ei löytynyt');

function groupOf(r: GroupRow): CatalogueGroup {
  return { id: r.id, stage: r.stage as CatalogueStage, kind: r.kind as ServiceGroupKind, title: r.title, sort: r.sort, serviceCount: r.service_count };
}

/** Every group of the three stages, by stage and order, with its count of services. */
export async function listGroups(db: Executor): Promise<CatalogueGroup[]> {
  return (await listGroupRows(db)).map(groupOf);
}

/** A group by id; 404 for an unknown one (and for the tire and windshield groups, which are not edited here). */
export async function getGroup(db: Executor, groupId: string): Promise<CatalogueGroup> {
  const row = await findGroupRow(db, groupId);
  if (!row) throw groupNotFound();
  return groupOf(row);
}

/** Adds a group, last in its stage, in the caller's transaction; its id comes from its title. */
export async function createGroup(
  trx: Executor,
  values: { title: string; stage: CatalogueStage; kind: ServiceGroupKind },
  staffUserId: number | null,
): Promise<CatalogueGroup> {
  const id = await newGroupId(trx, values.title);
  await insertGroup(trx, { id, ...values });
  const after = await getGroup(trx, id);
  await recordAudit(trx, { staffUserId, entity: 'SERVICE_GROUP', entityId: id, action: 'CREATED', after });
  return after;
}

/** Renames a group and changes its kind in the caller's transaction (its stage stays); 404 for an unknown group. */
export async function updateGroup(
  trx: Executor,
  groupId: string,
  values: { title: string; kind: ServiceGroupKind },
  staffUserId: number | null,
): Promise<CatalogueGroup> {
  const before = await getGroup(trx, groupId);
  if (before.title === values.title && before.kind === values.kind) return before;
  await updateGroupRow(trx, groupId, { title: values.title, kind: values.kind });
  const after = await getGroup(trx, groupId);
  await recordAudit(trx, { staffUserId, entity: 'SERVICE_GROUP', entityId: groupId, action: 'UPDATED', before, after });
  return after;
}

/**
 * Puts a stage's groups in the given order in the caller's transaction: the list names each
 * of them once (400 naming groupIds for a group missing, unknown or of another stage). The
 * audit row is the stage's, with its order before and after. Answers every group.
 */
export async function orderGroups(trx: Executor, stage: CatalogueStage, groupIds: readonly string[], staffUserId: number | null): Promise<CatalogueGroup[]> {
  const current = await groupIdsOfStage(trx, stage);
  const known = new Set(current);
  const unknown = groupIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest('groupIds', `Ryhmä ei ole tämän vaiheen: ${unknown.join(', ')}`);
  const given = new Set(groupIds);
  const missing = current.filter((id) => !given.has(id));
  if (missing.length > 0) throw badRequest('groupIds', `Järjestyksestä puuttuu: ${missing.join(', ')}`);
  if (current.every((id, i) => groupIds[i] === id)) return listGroups(trx);
  await setGroupOrder(trx, groupIds);
  await recordAudit(trx, { staffUserId, entity: 'SERVICE_GROUP', entityId: stage, action: 'UPDATED', before: { stage, groupIds: current }, after: { stage, groupIds } });
  return listGroups(trx);
}

export const createGroupCall = (db: Db, values: { title: string; stage: CatalogueStage; kind: ServiceGroupKind }, staffUserId: number) =>
  db.transaction().execute((trx) => createGroup(trx, values, staffUserId));

export const updateGroupCall = (db: Db, groupId: string, values: { title: string; kind: ServiceGroupKind }, staffUserId: number) =>
  db.transaction().execute((trx) => updateGroup(trx, groupId, values, staffUserId));

export const orderGroupsCall = (db: Db, stage: CatalogueStage, groupIds: readonly string[], staffUserId: number) =>
  db.transaction().execute((trx) => orderGroups(trx, stage, groupIds, staffUserId));
