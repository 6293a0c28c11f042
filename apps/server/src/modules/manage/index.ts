/**
 * What the rest of the server may import from modules/manage/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { timeText } from './mail.ts';
export {
  type AddedRow,
  type BookingOrganization,
  type BookingRow,
  bookingOrganizationColumns,
  checkedBooking,
  findAddedRows,
  findBookedTimes,
  findBookingByKeyAndPlate,
  findBookingOrganization,
  insertAddedRows,
  markBookingCancelled,
  returnVouchers,
  updateBookingTime,
} from './repository.ts';
export { pricedExtraRows, queueMail, type PricedExtraRow } from './service.ts';
export { bookingForMail, managedView } from './views.ts';
