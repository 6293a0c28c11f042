/**
 * What the rest of the server may import from modules/tires/: its routes, which app.ts
 * registers, and the tire search itself (the front desk sells the tires a customer's search
 * offers) (lint lets other modules, jobs/, plugins/ and staff-api.ts import only this file of
 * the module; tests may import any file).
 */
export { listSuppliers, searchTires } from './repository.ts';
