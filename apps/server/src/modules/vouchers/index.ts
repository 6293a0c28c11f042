/**
 * What the rest of the server may import from modules/vouchers/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * staff-api.ts registers its routes.ts, and tests may import any file). The write functions
 * take the caller's transaction and write the audit row inside it.
 */
export { createVoucher, vouchers, withdrawVoucher } from './vouchers.ts';
