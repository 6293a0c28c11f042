/**
 * What the rest of the server may import from modules/staff/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { assertOffice, registerStaffGuard, staffOf, type StaffPrincipal } from './guard.ts';
export { officesByIds } from './repository.ts';
export { addAccount } from './service.ts';
