/**
 * What the rest of the server may import from modules/catalogue-admin/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file). The write functions
 * take the caller's transaction and do the checks and the audit row inside it, so an import
 * can apply a whole file in one transaction through them.
 */
export { createGroup, listGroups, orderGroups, updateGroup } from './groups.ts';
export { cataloguePreview, type PreviewQuery, type PreviewWork, previewWork } from './preview.ts';
export { createService, listServices, serviceDetails, updateService, type CreateServiceValues } from './services.ts';
