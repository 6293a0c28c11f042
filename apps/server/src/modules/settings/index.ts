/**
 * What the rest of the server may import from modules/settings/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { companyDetails, loyaltyEnabled } from './service.ts';
export { tagManagerConfigured } from './tag-manager.ts';
