/**
 * What the rest of the server may import from modules/office-admin/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file). The write functions
 * take the caller's transaction and do the rule checks and the audit row inside it, so the
 * data import applies a whole file in one transaction through them.
 */
export {
  createOffice,
  officeByCode,
  officeDetails,
  parseOfficeValues,
  processesOf,
  setOfficeActive,
  updateOffice,
} from './offices.ts';
export {
  createResource,
  orderResources,
  ResourceHasBookingsError,
  resourcesOfOffice,
  updateResource,
  type ResourceValues,
  type UpdateResourceValues,
} from './resources.ts';
export { createWorkKind, updateWorkKind, workKinds } from './work-kinds.ts';
