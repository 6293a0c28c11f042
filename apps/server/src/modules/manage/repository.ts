import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { extended, type ExtraTables } from '../../lib/extra-tables.ts';
import type { Database } from '../../db/types.ts';
import type { Executor } from '../process/repository.ts';

export type BookingRow = Selectable<Database['booking'] & ExtraTables['booking']>;
export type AddedRow = Selectable<ExtraTables['booking_added_row']>;

/**
 * The booking with this key and registration number; one query whichever of the two is
 * wrong, so a wrong key and a wrong plate look the same. `forUpdate` locks the row for
 * the rest of the transaction.
 */
export async function findBookingByKeyAndPlate(db: Executor, bookingKey: string, registerNumber: string, forUpdate = false) {
  let q = extended(db)
    .selectFrom('booking')
    .selectAll()
    .where('booking_key', '=', bookingKey)
    .where('register_number', '=', registerNumber);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The office of a booking with its contact details (inactive offices too: the booking stays theirs). */
export async function findBookingOffice(db: Executor, organizationId: number) {
  return db
    .selectFrom('organization')
    .select(['id', 'name', 'address', 'post_code', 'post_office', 'phone', 'email'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
}
export type BookingOffice = Awaited<ReturnType<typeof findBookingOffice>>;

export async function findAddedRows(db: Executor, bookingId: string | number): Promise<AddedRow[]> {
  return extended(db).selectFrom('booking_added_row').selectAll().where('booking_id', '=', String(bookingId)).orderBy('id').execute();
}

/** Queues an e-mail in the outbox (sent after commit by the Mailer, with retries). */
export async function queueMail(
  db: Executor,
  mail: { bookingId: string | number | null; recipient: string; subject: string; text: string; html: string; ics?: string | null; fileStem: string },
) {
  await db
    .insertInto('email_outbox')
    .values({
      booking_id: mail.bookingId === null ? null : String(mail.bookingId),
      recipient: mail.recipient,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      ics: mail.ics ?? null,
      // Unique, so that a second message about the same booking never overwrites the first .eml.
      file_name: `${mail.fileStem}-${randomBytes(4).toString('hex')}.eml`,
    })
    .execute();
}
