/**
 * What the rest of the server may import from modules/company/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file).
 */
export { companyDetails, setupStatus } from './service.ts';
