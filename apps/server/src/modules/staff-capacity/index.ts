/**
 * What the rest of the server may import from modules/staff-capacity/: its routes, which
 * staff-api.ts registers, and the opening hours' rules and writes the data import shares
 * (lint lets other modules, jobs/, plugins/ and staff-api.ts import only this file of the
 * module; tests may import any file).
 */
export { assertExceptionDate } from './service.ts';
export { findOpening, updateOpeningHours, upsertOpeningException, type OpeningRow } from './repository.ts';
