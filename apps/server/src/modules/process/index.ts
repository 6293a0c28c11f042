/**
 * What the rest of the server may import from modules/process/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export {
  type CartLine,
  cartOf,
  createProcess,
  customerOf,
  extraOrderItemIdsOf,
  findLiveProcess,
  findLiveSession,
  markFirstHold,
  type ProcessRow,
  type ProcessVehicle,
  type ProductParameterChoice,
  productParameterChoicesOf,
  selectedResourceIdsOf,
  symptomsOf,
  updateProcess,
  vehicleOf,
  voucherIdsOf,
} from './repository.ts';
export { storedJson } from './stored-json.ts';
export { unsavedProcess } from './unsaved.ts';
export { SessionMemory } from './session-memory.ts';
