/**
 * What the rest of the server may import from modules/personal-data/: the removal of a
 * person's data from bookings and messages, shared by the retention job (jobs/purge.ts)
 * and an erasure on request.
 */
export { clearOutboxMessages, recipientHash, removeBookingsPersonalData } from './anonymise.ts';
/** A loyalty member's own download and deletion: the loyalty API's getUserData and deleteUser. */
export { registerLoyaltySelfServiceRoutes, registerPersonalDataRoutes } from './routes.ts';
