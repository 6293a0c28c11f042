/**
 * What the rest of the server may import from modules/mail/: other modules, jobs/,
 * plugins/ and staff-api.ts import these and no other file of the module (lint enforces it;
 * app.ts and staff-api.ts register its routes.ts, and tests may import any file).
 */
export { bookingCalendar } from './calendar.ts';
export {
  composeConfirmation,
  type ComposedMail,
  confirmationEvent,
  type ConfirmationOffice,
  officeNoticeText,
} from './compose.ts';
export { queueOfficeNotice } from './office-notice.ts';
export { companyLabel, signatureLines, type MailCompany } from './layout.ts';
export { confirmationOffice } from './office.ts';
export { Mailer } from './outbox.ts';
export { queueDueReminders, type ReminderOptions } from './reminders.ts';
export { insertOutboxMail, listBookingMessages, type OutboxKind } from './repository.ts';
export { userText } from './text.ts';
