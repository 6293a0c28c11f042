/**
 * The kinds of work resources can do (maintenance, tire change, windshield, wheel
 * alignment …): every staff member reads the list, admins add and rename kinds and
 * (de)activate them. A kind is never deleted; a deactivated one stays on the resources and
 * services that have it but is not given to new ones. Each change has its audit row.
 */
import type { WorkKind } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { findWorkKind, insertWorkKind, listWorkKinds, updateWorkKindRow } from './repository.ts';

export const workKindNotFound = () => new DomainError(404, 'NOT_FOUND', 'Työlajia ei löytynyt');

/** Every kind of work, active or not, in order. */
export async function workKinds(db: Executor): Promise<WorkKind[]> {
  return listWorkKinds(db);
}

/** Adds a kind of work in the caller's transaction; 400 naming `code` when it is taken. */
export async function createWorkKind(trx: Executor, values: { code: string; name: string }, staffUserId: number | null): Promise<WorkKind> {
  if (!(await insertWorkKind(trx, values.code, values.name))) throw badRequest('code', 'Tunnus on jo käytössä');
  const after = (await findWorkKind(trx, values.code))!;
  await recordAudit(trx, { staffUserId, entity: 'WORK_KIND', entityId: values.code, action: 'CREATED', after });
  return after;
}

/** Renames or (de)activates a kind of work in the caller's transaction; 404 for an unknown code. */
export async function updateWorkKind(
  trx: Executor,
  code: string,
  values: { name?: string | undefined; active?: boolean | undefined },
  staffUserId: number | null,
): Promise<WorkKind> {
  const before = await findWorkKind(trx, code, true);
  if (!before) throw workKindNotFound();
  const changes = {
    ...(values.name !== undefined && values.name !== before.name ? { name: values.name } : {}),
    ...(values.active !== undefined && values.active !== before.active ? { active: values.active } : {}),
  };
  if (Object.keys(changes).length === 0) return before;
  await updateWorkKindRow(trx, code, changes);
  const after = (await findWorkKind(trx, code))!;
  const action = changes.active === undefined ? 'UPDATED' : changes.active ? 'ACTIVATED' : 'DEACTIVATED';
  await recordAudit(trx, { staffUserId, entity: 'WORK_KIND', entityId: code, action, before, after });
  return after;
}

export const createWorkKindCall = (db: Db, values: { code: string; name: string }, staffUserId: number) =>
  db.transaction().execute((trx) => createWorkKind(trx, values, staffUserId));

export const updateWorkKindCall = (db: Db, code: string, values: { name?: string | undefined; active?: boolean | undefined }, staffUserId: number) =>
  db.transaction().execute((trx) => updateWorkKind(trx, code, values, staffUserId));
