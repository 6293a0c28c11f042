/**
 * What the rest of the server may import from modules/organizations/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { databaseOffices, OfficeCache, officesOf, type OfficeSource } from './office-cache.ts';
export { activeInfoTexts, findOrganization } from './repository.ts';
export { defaultTireSalesOfficeId, organizationsForProcess, transferOrganization, usableOrganization } from './service.ts';
export { keptPerHandle, sharedLoad, VersionedSnapshot } from './versioned-snapshot.ts';
