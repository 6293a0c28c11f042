import { sql } from 'kysely';
import type { Executor } from '../process/repository.ts';

/** A message of the outbox as the Mailer sends it. */
export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  ics: string | null;
  file_name: string;
  attempts: number;
  kind: string;
  /** EMAIL, or SMS: the recipient is a phone number and text_body the message. */
  channel: string;
}

/** What a message is (migration 015): the customer's own messages, the office's notices, reminders. */
export type OutboxKind = 'CONFIRMATION' | 'REGISTRATION' | 'MOVED' | 'CANCELLED' | 'OFFICE_NOTICE' | 'REMINDER';

/** A message to queue; sent after the transaction commits, by the Mailer. */
export interface OutboxMail {
  bookingId?: string | number | null | undefined;
  /** CONFIRMATION when not given (the column's default). */
  kind?: OutboxKind | undefined;
  /** EMAIL when not given. */
  channel?: 'EMAIL' | 'SMS' | undefined;
  /** A reminder's visit time: queued once per booking, channel and this time. */
  reminderFor?: Date | null | undefined;
  recipient: string;
  subject: string;
  text: string;
  html?: string | null | undefined;
  ics?: string | null | undefined;
  fileName: string;
}

/** Queues a message in the outbox, in the caller's transaction. */
export async function insertOutboxMail(db: Executor, mail: OutboxMail) {
  await db
    .insertInto('email_outbox')
    .values({
      booking_id: mail.bookingId === undefined || mail.bookingId === null ? null : String(mail.bookingId),
      recipient: mail.recipient,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html ?? null,
      ics: mail.ics ?? null,
      file_name: mail.fileName,
      ...(mail.kind ? { kind: mail.kind } : {}),
      ...(mail.channel ? { channel: mail.channel } : {}),
      ...(mail.reminderFor ? { reminder_for: mail.reminderFor } : {}),
    })
    .execute();
}

/**
 * Queues a reminder unless one of this booking, channel and visit time is queued already
 * (the partial unique index email_outbox_reminder_once decides, whichever process is
 * first). Answers whether this call queued it.
 */
export async function insertReminderOnce(db: Executor, mail: OutboxMail & { bookingId: string | number; reminderFor: Date; channel: 'EMAIL' | 'SMS' }) {
  const res = await sql`
      INSERT INTO email_outbox (booking_id, kind, channel, reminder_for, recipient, subject, text_body, html_body, ics, file_name)
      VALUES (${String(mail.bookingId)}, 'REMINDER', ${mail.channel}, ${mail.reminderFor}, ${mail.recipient}, ${mail.subject},
              ${mail.text}, ${mail.html ?? null}, ${mail.ics ?? null}, ${mail.fileName})
      ON CONFLICT (booking_id, channel, reminder_for) WHERE kind = 'REMINDER' DO NOTHING`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/**
 * Drops a claimed reminder whose visit time has passed from under it: the booking was
 * cancelled or moved since it was queued (a moved booking gets a reminder of its new
 * time). Answers whether it was dropped.
 */
export async function dropStaleReminder(db: Executor, id: number): Promise<boolean> {
  const res = await sql`
      DELETE FROM email_outbox o WHERE o.id = ${String(id)} AND o.kind = 'REMINDER'
        AND NOT EXISTS (SELECT 1 FROM booking b WHERE b.id = o.booking_id AND b.status = 'CONFIRMED' AND b.start_at = o.reminder_for)`.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/**
 * Claims up to ten due messages for sending, with a lease of claimMinutes: another
 * instance takes a message again only when its sender died. SKIP LOCKED keeps two
 * instances from claiming the same message.
 */
export async function claimOutboxMail(db: Executor, claimMinutes: number): Promise<OutboxRow[]> {
  const res = await sql<OutboxRow>`
      UPDATE email_outbox SET status = 'SENDING', attempts = attempts + 1,
             next_attempt_at = now() + make_interval(mins => ${claimMinutes})
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE status IN ('PENDING', 'SENDING') AND next_attempt_at <= now()
        ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient, subject, text_body, html_body, ics, file_name, attempts, kind, channel`.execute(db);
  return res.rows;
}

/** Marks a message sent. */
export async function markOutboxSent(db: Executor, id: number) {
  await db
    .updateTable('email_outbox')
    .set({ status: 'SENT', sent_at: sql<Date>`now()`, last_error: null })
    .where('id', '=', String(id))
    .execute();
}

/** Records a failed try: FAILED for good when `final`, otherwise PENDING again after retryInSeconds. */
export async function markOutboxFailed(db: Executor, id: number, failure: { final: boolean; error: string; retryInSeconds: number }) {
  await db
    .updateTable('email_outbox')
    .set({
      status: failure.final ? 'FAILED' : 'PENDING',
      last_error: failure.error,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${failure.retryInSeconds})`,
    })
    .where('id', '=', String(id))
    .execute();
}
