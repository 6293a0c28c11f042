/**
 * What the rest of the server may import from modules/audit/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * tests may import any file).
 */
export { listAudit, recordAudit, type AuditAction, type AuditEntity, type NewAuditEvent } from './repository.ts';
