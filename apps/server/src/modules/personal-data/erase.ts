/**
 * POST /staff/personal-data/erase: an admin erases what is held about a person on request
 * (GDPR art. 17). Refused (409) while the person has bookings ahead: those are cancelled
 * first, so that the customer hears of it. Otherwise one transaction removes the bookings'
 * personal data and their messages' bodies (anonymise.ts, as the retention job does), clears
 * the messages sent to the person that were about no booking, deletes the loyalty accounts
 * and the registrations waiting with the e-mail, and writes one audit row of counts.
 */
import { UPCOMING_BOOKINGS_MESSAGE, type PersonalDataErasure } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteLoyaltyAccount } from '../loyalty/index.ts';
import { clearOutboxMessages, removeBookingsPersonalData } from './anonymise.ts';
import { findPersonRecords, isUpcoming, keyKinds } from './find.ts';
import { countClearedMessages, deleteRegistrationsOf, type PersonKeys } from './repository.ts';

/** The 409 of an erasure while the person has bookings ahead; nothing of the person in it. */
export const upcomingBookings = () => new DomainError(409, 'UPCOMING_BOOKINGS', UPCOMING_BOOKINGS_MESSAGE);

export async function erasePersonalData(db: Db, staffUserId: number, keys: PersonKeys, now = new Date()): Promise<PersonalDataErasure> {
  return db.transaction().execute(async (trx) => {
    const records = await findPersonRecords(trx, keys);
    // Locked, so that a booking cannot be moved ahead or a message queued in between.
    const bookingIds = records.bookings.map((b) => String(b.id));
    if (bookingIds.length > 0) await trx.selectFrom('booking').select('id').where('id', 'in', bookingIds).forUpdate().execute();
    if (records.bookings.some((b) => isUpcoming(b, now))) throw upcomingBookings();

    const bookings = await removeBookingsPersonalData(trx, bookingIds);
    // The bookings' messages are cleared with them; the rest (to the person about no booking) here.
    const uncleared = records.messages.filter((m) => m.body_cleared_at === null).map((m) => String(m.id));
    await clearOutboxMessages(trx, uncleared);
    const messages = await countClearedMessages(trx, uncleared);
    let loyaltyAccounts = 0;
    for (const account of records.loyaltyAccounts) {
      if (await deleteLoyaltyAccount(trx, account.id)) loyaltyAccounts++;
    }
    const registrations = await deleteRegistrationsOf(trx, [keys.email]);
    const feedback = records.feedback.length;
    await recordAudit(trx, {
      staffUserId,
      entity: 'PERSONAL_DATA',
      entityId: null,
      action: 'ERASED',
      after: {
        by: keyKinds(keys),
        bookings,
        bookingsFound: bookingIds.length,
        loyaltyAccounts,
        messages,
        messagesFound: records.messages.length,
        feedback,
        registrations,
      },
    });
    return { bookings, loyaltyAccounts, messages, feedback };
  });
}
