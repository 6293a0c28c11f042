/**
 * What the rest of the server may import from modules/staff-bookings/: its routes, which
 * app.ts registers, and the check of a start staff give a booking (lint lets other modules,
 * jobs/, plugins/ and staff-api.ts import only this file of the module; tests may import any file).
 */
export { assertStaffStart, type StaffStartOffice } from './staff-start.ts';
