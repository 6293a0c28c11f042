/**
 * What the rest of the server may import from modules/front-desk/: nothing besides its routes,
 * which staff-api.ts registers (lint lets other modules, jobs/, plugins/ and staff-api.ts import
 * only this file of the module; tests may import any file).
 */
export {};
