/**
 * The mails a customer asks for again with the booking's key: the confirmation resent, a
 * change request to the workshop. Each kind is capped per booking and hour.
 */
import { type ManageResponseCode } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { ValidationError } from '#src/lib/errors.ts';
import { countInDatabase } from '#src/plugins/rate-limit.ts';
import { composeConfirmation, confirmationOffice } from '../mail/index.ts';
import { composeEditRequest } from './mail.ts';
import { cleanText, isUpcoming, loadBooking, queueMail, type BookingAccess, type LoadedBooking } from './service.ts';
import { bookingForMail, contactOf } from './views.ts';

/** The mails a customer can have sent again and again with the key: each kind is capped per booking. */
export type RepeatedMail = 'resend' | 'edit-request';

/** A mail over its booking's cap: answered 429 with Retry-After, nothing queued. */
export interface MailCapReached {
  responseCode: 'TOO_MANY_REQUESTS';
  message: string;
  retryAfterSeconds: number;
}

const MAIL_CAP_WINDOW_MS = 3_600_000;

function mailCapMessage(kind: RepeatedMail, perHour: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  if (kind === 'resend') {
    const times = perHour === 1 ? 'kerran' : `${perHour} kertaa`;
    return `Vahvistus on lähetetty uudelleen jo ${times} tunnin sisällä. Voit lähettää sen uudelleen ${minutes} minuutin kuluttua.`;
  }
  const requests = perHour === 1 ? 'muutospyyntö' : `${perHour} muutospyyntöä`;
  return `Varauksesta on lähetetty jo ${requests} tunnin sisällä. Voit lähettää uuden ${minutes} minuutin kuluttua tai soittaa toimipisteeseen.`;
}

/**
 * Counts a mail of the booking in the caller's transaction, which holds the booking's row
 * lock: at most `perHour` of each kind per booking within an hour (counted from the first),
 * on a counter in the database, so that concurrent calls on any server instance cannot
 * pass together. Over the cap: the answer to give instead of queueing.
 */
async function mailCap(trx: Executor, bookingId: string, kind: RepeatedMail, perHour: number): Promise<MailCapReached | undefined> {
  const counted = await countInDatabase(trx as Db, `booking-mail|${kind}|${bookingId}`, MAIL_CAP_WINDOW_MS);
  if (counted.current <= perHour) return undefined;
  const retryAfterSeconds = Math.max(1, Math.ceil(counted.ttl / 1000));
  return { responseCode: 'TOO_MANY_REQUESTS', message: mailCapMessage(kind, perHour, retryAfterSeconds), retryAfterSeconds };
}

/**
 * A mail the customer asks for, in one transaction: the booking opened by its key and
 * locked (NOT_FOUND for a wrong key or plate), `prepare` gives the queueing of the mail or
 * nothing (NOT_AVAILABLE; it may throw a 400), the booking's cap of the kind is counted
 * (over it: nothing queued) and the mail queued.
 */
async function mailOnRequest(
  db: Db,
  access: BookingAccess,
  now: Date,
  cap: { kind: RepeatedMail; perHour: number },
  prepare: (loaded: LoadedBooking) => ((trx: Executor) => Promise<void>) | undefined,
): Promise<ManageResponseCode | MailCapReached> {
  return db.transaction().execute(async (trx) => {
    const loaded = await loadBooking(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const queue = prepare(loaded);
    if (!queue) return 'NOT_AVAILABLE';
    const capped = await mailCap(trx, loaded.row.id, cap.kind, cap.perHour);
    if (capped) return capped;
    await queue(trx);
    return 'SUCCESS';
  });
}

/** Sends the customer's change request to the workshop, at most `perHour` per booking an hour. */
export async function sendEditRequest(
  db: Db,
  access: BookingAccess,
  text: string,
  perHour: number,
  now = new Date(),
): Promise<ManageResponseCode | MailCapReached> {
  return mailOnRequest(db, access, now, { kind: 'edit-request', perHour }, ({ row, organization, view }) => {
    const recipient = organization.email;
    if (row.status !== 'CONFIRMED' || !isUpcoming(row, now) || !recipient) return undefined;
    const clean = cleanText(text);
    if (!clean) throw new ValidationError([{ path: 'message', message: 'Pakollinen tieto' }]);
    return async (trx) => {
      const mail = composeEditRequest(view, contactOf(row), clean);
      await queueMail(trx, { bookingId: row.id, kind: 'OFFICE_NOTICE', recipient, ...mail, fileStem: `${row.booking_key}-muutospyynto` });
    };
  });
}

/** Queues the confirmation e-mail again, as it reads now (rows added since included), at most `perHour` per booking an hour. */
export async function resendConfirmation(
  db: Db,
  access: BookingAccess,
  publicUrl: string,
  perHour: number,
  now = new Date(),
): Promise<ManageResponseCode | MailCapReached> {
  return mailOnRequest(db, access, now, { kind: 'resend', perHour }, ({ row, organization, added }) => {
    const email = contactOf(row).email;
    if (row.status !== 'CONFIRMED' || !email) return undefined;
    return async (trx) => {
      const office = await confirmationOffice(trx, row.organization_id, now);
      const mail = composeConfirmation(bookingForMail(row, organization, added), row.booking_key, publicUrl, now, office);
      await queueMail(trx, { bookingId: row.id, recipient: email, ...mail, fileStem: `${row.booking_key}-vahvistus` });
    };
  });
}
