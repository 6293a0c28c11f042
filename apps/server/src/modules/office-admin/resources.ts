/**
 * An office's resources (lifts, mechanics): added, edited, ordered and (de)activated by the
 * office's users and admins, and by the data import. A resource is never deleted; an
 * inactive one offers no free times and is not chosen by name, while the day view keeps
 * showing the bookings it has. The resource table's and resource_work_kind's triggers move
 * the office's availability version, so customers' free times follow at once.
 */
import {
  RESOURCE_HAS_BOOKINGS_MESSAGE,
  resourceBody,
  updateResourceBody,
  type FutureBooking,
  type ResourceBody,
  type StaffResourceDetails,
  type UpdateResourceBody,
} from '@huolto/domain';
import type { z } from 'zod';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { parse } from '#src/lib/parse.ts';
import { recordAudit } from '../audit/index.ts';
import { releaseHoldsOn } from '../holds/index.ts';
import {
  findResourceRow,
  futureBookingsOfResource,
  insertResource,
  listResourcesOfOffice,
  resourceIdWithName,
  setResourceWorkKinds,
  unusableWorkKinds,
  updateResourceRow,
  type ResourceWithKinds,
} from './repository.ts';
import { assertOfficeExists } from './offices.ts';

export type ResourceValues = z.output<typeof resourceBody>;
export type UpdateResourceValues = z.output<typeof updateResourceBody>;

export const resourceNotFound = () => new DomainError(404, 'NOT_FOUND', 'Resurssia ei löytynyt');

/** 409 RESOURCE_HAS_BOOKINGS: the resource's confirmed bookings from now on, nothing changed. */
export class ResourceHasBookingsError extends DomainError {
  constructor(readonly bookings: FutureBooking[]) {
    super(409, 'RESOURCE_HAS_BOOKINGS', RESOURCE_HAS_BOOKINGS_MESSAGE);
  }
}

export function resourceDetailsOf(r: ResourceWithKinds): StaffResourceDetails {
  return {
    id: r.id,
    name: r.name,
    displayName: r.display_name,
    selectable: r.selectable,
    active: r.active,
    sort: r.sort,
    workKinds: r.work_kinds,
  };
}

/** An office's resources, active or not, in its order (the import's upsert reads them by name). */
export async function resourcesOfOffice(db: Executor, officeId: number): Promise<StaffResourceDetails[]> {
  return (await listResourcesOfOffice(db, officeId)).map(resourceDetailsOf);
}

/** The name free within the office and every kind of work known and active; 400 naming the field. */
async function assertResourceValuesFit(db: Executor, officeId: number, values: ResourceValues, resourceId?: number, keptKinds: readonly string[] = []) {
  if ((await resourceIdWithName(db, officeId, values.name, resourceId)) !== undefined) {
    throw badRequest('name', 'Toimipisteessä on jo tämänniminen resurssi');
  }
  // A kind deactivated later stays on the resources that had it; it is not added anew.
  const unusable = (await unusableWorkKinds(db, values.workKinds)).filter((k) => !keptKinds.includes(k));
  if (unusable.length > 0) throw badRequest('workKinds', `Tuntematon tai käytöstä poistettu työlaji: ${unusable.join(', ')}`);
}

/** Adds a resource to an office in the caller's transaction, last in its order, with an audit row. */
export async function createResource(
  trx: Executor,
  officeId: number,
  input: ResourceBody | ResourceValues,
  staffUserId: number | null,
): Promise<StaffResourceDetails> {
  const values = parse(resourceBody, input);
  await assertOfficeExists(trx, officeId);
  await assertResourceValuesFit(trx, officeId, values);
  const id = await insertResource(trx, {
    organization_id: officeId,
    name: values.name,
    display_name: values.displayName,
    selectable: values.selectable,
    active: true,
  });
  await setResourceWorkKinds(trx, id, values.workKinds, []);
  const after = resourceDetailsOf((await findResourceRow(trx, id))!);
  await recordAudit(trx, { staffUserId, entity: 'RESOURCE', entityId: id, action: 'CREATED', after: { ...after, officeId } });
  return after;
}

/**
 * Changes a resource of an office in the caller's transaction, with an audit row: 404 for
 * a resource of another office, 409 RESOURCE_HAS_BOOKINGS (nothing changed) when it is
 * deactivated with confirmed bookings from now on. A deactivated resource's holds are
 * released (the holders choose again). Nothing is written when nothing changes.
 */
export async function updateResource(
  trx: Executor,
  officeId: number,
  resourceId: number,
  input: UpdateResourceBody | UpdateResourceValues,
  staffUserId: number | null,
): Promise<StaffResourceDetails> {
  const values = parse(updateResourceBody, input);
  const row = await findResourceRow(trx, resourceId, true);
  if (!row || row.organization_id !== officeId) throw resourceNotFound();
  await assertResourceValuesFit(trx, officeId, values, resourceId, row.work_kinds);
  if (row.active && !values.active) {
    const bookings = await futureBookingsOfResource(trx, resourceId);
    if (bookings.length > 0) throw new ResourceHasBookingsError(bookings);
  }
  const before = resourceDetailsOf(row);
  const changes = {
    ...(values.name !== row.name ? { name: values.name } : {}),
    ...(values.displayName !== row.display_name ? { display_name: values.displayName } : {}),
    ...(values.selectable !== row.selectable ? { selectable: values.selectable } : {}),
    ...(values.active !== row.active ? { active: values.active } : {}),
  };
  const kindsChanged = [...values.workKinds].sort().join(',') !== [...row.work_kinds].sort().join(',');
  if (Object.keys(changes).length === 0 && !kindsChanged) return before;
  await updateResourceRow(trx, resourceId, changes);
  if (row.active && !values.active) await releaseHoldsOn(trx, { resourceId });
  if (kindsChanged) await setResourceWorkKinds(trx, resourceId, values.workKinds, row.work_kinds);
  const after = resourceDetailsOf((await findResourceRow(trx, resourceId))!);
  const action = values.active === row.active ? 'UPDATED' : values.active ? 'ACTIVATED' : 'DEACTIVATED';
  await recordAudit(trx, { staffUserId, entity: 'RESOURCE', entityId: resourceId, action, before, after });
  return after;
}

/**
 * Puts an office's resources in a new order in the caller's transaction: the list must name
 * every resource of the office once (400 naming resourceIds otherwise).
 */
export async function orderResources(trx: Executor, officeId: number, resourceIds: readonly number[], staffUserId: number | null) {
  await assertOfficeExists(trx, officeId);
  const rows = await listResourcesOfOffice(trx, officeId);
  const own = new Set(rows.map((r) => r.id));
  const strangers = resourceIds.filter((id) => !own.has(id));
  if (strangers.length > 0) throw badRequest('resourceIds', `Ei tämän toimipisteen resurssi: ${strangers.join(', ')}`);
  if (new Set(resourceIds).size !== resourceIds.length || resourceIds.length !== rows.length) {
    throw badRequest('resourceIds', 'Anna jokainen toimipisteen resurssi kerran');
  }
  const sortOf = new Map(rows.map((r) => [r.id, r.sort]));
  let changed = false;
  for (const [i, id] of resourceIds.entries()) {
    if (sortOf.get(id) !== i + 1) {
      await updateResourceRow(trx, id, { sort: i + 1 });
      changed = true;
    }
  }
  if (changed) {
    await recordAudit(trx, {
      staffUserId,
      entity: 'OFFICE',
      entityId: officeId,
      action: 'UPDATED',
      before: { resourceOrder: rows.map((r) => r.id) },
      after: { resourceOrder: resourceIds },
    });
  }
  return resourcesOfOffice(trx, officeId);
}

// ---- The calls, each its own transaction ----

export async function listResourcesCall(db: Db, officeId: number) {
  await assertOfficeExists(db, officeId);
  return resourcesOfOffice(db, officeId);
}

export const createResourceCall = (db: Db, officeId: number, values: ResourceValues, staffUserId: number) =>
  db.transaction().execute((trx) => createResource(trx, officeId, values, staffUserId));

export const updateResourceCall = (db: Db, officeId: number, resourceId: number, values: UpdateResourceValues, staffUserId: number) =>
  db.transaction().execute((trx) => updateResource(trx, officeId, resourceId, values, staffUserId));

export const orderResourcesCall = (db: Db, officeId: number, resourceIds: readonly number[], staffUserId: number) =>
  db.transaction().execute((trx) => orderResources(trx, officeId, resourceIds, staffUserId));
