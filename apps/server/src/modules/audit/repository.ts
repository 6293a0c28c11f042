/**
 * The set-up's audit trail (audit_event, migration 020): every change of the company's
 * details, an office (its details; its opening hours and exceptions as `{ opening }`), a resource, a kind of work, an office's info text (migration 021), the catalogue (migration 022), a loyalty voucher (migration 023), an absence of a resource (migration 032) or
 * an import, and each search, download and erasure of a person's data and each loyalty account its member deleted (migration 027, counts only), with who made it (null: the command line), when, and the row before and after. Written inside the transaction that
 * made the change, so a change and its row stand or fall together.
 */
import type { Executor } from '#src/db/database.ts';

export type AuditEntity = 'COMPANY' | 'OFFICE' | 'RESOURCE' | 'WORK_KIND' | 'IMPORT' | 'INFO_TEXT' | 'SERVICE' | 'SERVICE_GROUP' | 'CAMPAIGN_CODE' | 'EXTRA_ITEM' | 'TIRE' | 'MEDIA' | 'VOUCHER' | 'PERSONAL_DATA' | 'ABSENCE';
export type AuditAction = 'CREATED' | 'UPDATED' | 'DEACTIVATED' | 'ACTIVATED' | 'IMPORTED' | 'SEARCHED' | 'EXPORTED' | 'ERASED' | 'ACCOUNT_DELETED' | 'DELETED';

export interface NewAuditEvent {
  /** The staff member; null for the command line (npm run data:import) and a loyalty member's own deletion. */
  staffUserId: number | null;
  entity: AuditEntity;
  /** The changed row's key (an office's id, a kind's code); null for the company. */
  entityId: string | number | null;
  action: AuditAction;
  before?: unknown;
  after?: unknown;
}

/** Records one change; called with the transaction that made it. */
export async function recordAudit(db: Executor, e: NewAuditEvent): Promise<void> {
  await db
    .insertInto('audit_event')
    .values({
      staff_user_id: e.staffUserId,
      entity: e.entity,
      entity_id: e.entityId === null ? null : String(e.entityId),
      action: e.action,
      before: e.before == null ? null : JSON.stringify(e.before),
      after: e.after == null ? null : JSON.stringify(e.after),
    })
    .execute();
}

/** The newest audit rows of an entity, newest first (tests and the set-up pages' history). */
export async function listAudit(db: Executor, entity: AuditEntity, entityId?: string | number, limit = 50) {
  let q = db.selectFrom('audit_event').selectAll().where('entity', '=', entity);
  if (entityId !== undefined) q = q.where('entity_id', '=', String(entityId));
  return q.orderBy('id', 'desc').limit(limit).execute();
}
