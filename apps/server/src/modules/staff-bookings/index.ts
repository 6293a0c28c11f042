/**
 * What the rest of the server may import from modules/staff-bookings/: its routes, which
 * app.ts registers, an office's day as the back-office sees it, the office check of a staff
 * member, and the check of a start staff give a booking (lint lets other modules, jobs/,
 * plugins/ and staff-api.ts import only this file of the module; tests may import any file).
 */
export { officeOf } from './service.ts';
export { assertStaffStart, type StaffStartOffice } from './staff-start.ts';
export { staffDay } from './views.ts';
