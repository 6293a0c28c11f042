/**
 * What the rest of the server may import from modules/holds/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { bookHeldTime, deleteExpiredHolds, findHeldTime, type HeldTime, releaseBookedTime, releaseHolds, releaseHoldsOn } from './repository.ts';
export { takeTime, type TimeCandidate, TimeNotWon } from './take-time.ts';
