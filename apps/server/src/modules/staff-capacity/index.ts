/**
 * What the rest of the server may import from modules/staff-capacity/: nothing besides its routes,
 * which app.ts registers (lint lets other modules, jobs/, plugins/ and staff-api.ts import
 * only this file of the module; tests may import any file).
 */
export {};
