import { sql } from 'kysely';
import { KEY_LOCKER_DROP_OFF, LEFT_FOR_DAY_DROP_OFF, WAITING_DROP_OFF_MINUTES, formatLocalDateTime, type BookingMessage } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

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

/** What a message is (migrations 015, 026): the customer's own messages, the office's notices, reminders, accessibility feedback to the company. */
export type OutboxKind = 'CONFIRMATION' | 'REGISTRATION' | 'MOVED' | 'CANCELLED' | 'OFFICE_NOTICE' | 'REMINDER' | 'ACCESSIBILITY_FEEDBACK';

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

/** The booking and its office's name and address, as the office's notice reads them. */
export async function findBookingForNotice(db: Executor, bookingId: number | string) {
  return db
    .selectFrom('booking')
    .innerJoin('organization', 'organization.id', 'booking.organization_id')
    .select([
      'booking.id',
      'booking.booking_key',
      'booking.register_number',
      'booking.kind',
      'booking.start_at',
      'booking.end_at',
      'booking.time_selection_type',
      'booking.lead_date',
      'booking.customer',
      'booking.vehicle',
      'booking.order_items',
      'booking.snapshot',
      'booking.using_key_locker',
      'booking.total_cents',
      'organization.name as office_name',
      'organization.email as office_email',
    ])
    .where('booking.id', '=', String(bookingId))
    .executeTakeFirst();
}

/** The rows added to a booking after it was saved (/oma-varaus), oldest first. */
export async function findAddedRowsForNotice(db: Executor, bookingId: number | string) {
  return db
    .selectFrom('booking_added_row')
    .select(['description', 'amount', 'unit_price_cents'])
    .where('booking_id', '=', String(bookingId))
    .orderBy('id')
    .execute();
}

/** A booking due for a reminder, with its office. */
export interface DueReminderRow {
  id: string;
  booking_key: string;
  register_number: string;
  start_at: Date | string;
  end_at: Date | string | null;
  time_selection_type: string | null;
  customer: unknown;
  customer_phone: string | null;
  vehicle: unknown;
  snapshot: unknown;
  using_key_locker: boolean;
  organization_id: number;
  office_name: string;
  office_address: string;
  office_post_code: string;
  office_post_office: string;
  office_phone: string | null;
}

/**
 * When the customer has to act on a booking, in SQL: the drop-off of its delivery option
 * (domain delivery.ts dropOffTime, whose numbers are passed in): 20 minutes before the
 * start when waiting, the day's 7.30 when the car is left for the day, the day's 7.00 for
 * the key locker (never after the start), else the start. The options are read as
 * deliveryOptionOf reads them: waiting first, then left for the day, then the key locker.
 */
function dropOffAt() {
  const dayAt = (clock: string) =>
    sql`least(b.start_at, (((b.start_at AT TIME ZONE 'Europe/Helsinki')::date + ${clock}::time) AT TIME ZONE 'Europe/Helsinki'))`;
  return sql`(CASE
      WHEN b.snapshot->>'customer_waiting' = 'true' THEN b.start_at - make_interval(mins => ${WAITING_DROP_OFF_MINUTES})
      WHEN b.snapshot->>'vehicle_left_for_day' = 'true' THEN ${dayAt(LEFT_FOR_DAY_DROP_OFF.from)}
      WHEN b.using_key_locker OR coalesce(b.snapshot->'product_parameters', '[]'::jsonb)
             @> '[{"parameterCode":"BRINGS_CAR_OUTSIDE_OFFICE_HOURS","selectedValue":"true"}]'::jsonb
        THEN ${dayAt(KEY_LOCKER_DROP_OFF.from)}
      ELSE b.start_at END)`;
}

/**
 * The confirmed bookings whose drop-off (dropOffAt: when the customer has to act) is
 * within `hoursAhead` of `now`, whose visit is still ahead, and that were made longer
 * than that before the drop-off, lacking a reminder of their time on a channel in use
 * (an e-mail address; the phone number when `sms`), locked for the caller's transaction;
 * rows another transaction holds are skipped.
 */
export async function lockDueReminderBookings(db: Executor, now: Date, hoursAhead: number, sms: boolean, limit: number): Promise<DueReminderRow[]> {
  const lacks = (channel: 'EMAIL' | 'SMS') => sql`NOT EXISTS (
      SELECT 1 FROM email_outbox e
      WHERE e.kind = 'REMINDER' AND e.booking_id = b.id AND e.channel = ${channel} AND e.reminder_for = b.start_at)`;
  const res = await sql<DueReminderRow>`
      SELECT b.id, b.booking_key, b.register_number, b.start_at, b.end_at, b.time_selection_type, b.customer,
             b.customer_phone, b.vehicle, b.snapshot, b.using_key_locker, b.organization_id,
             o.name AS office_name, o.address AS office_address, o.post_code AS office_post_code,
             o.post_office AS office_post_office, o.phone AS office_phone
      FROM booking b JOIN organization o ON o.id = b.organization_id
      WHERE b.status = 'CONFIRMED' AND b.kind = 'RESERVATION'
        AND b.start_at >= ${now}
        AND ${dropOffAt()} <= ${now}::timestamptz + make_interval(hours => ${hoursAhead})
        AND b.created_at < ${dropOffAt()} - make_interval(hours => ${hoursAhead})
        AND ((coalesce(b.customer->>'email', '') <> '' AND ${lacks('EMAIL')})
             OR (${sms} AND coalesce(b.customer_phone, '') <> '' AND ${lacks('SMS')}))
      ORDER BY b.start_at, b.id
      LIMIT ${limit}
      FOR UPDATE OF b SKIP LOCKED`.execute(db);
  return res.rows;
}

/** The messages about a booking (any kind and channel), oldest first, as the back-office lists them. */
export async function listBookingMessages(db: Executor, bookingId: number | string): Promise<BookingMessage[]> {
  const rows = await db
    .selectFrom('email_outbox')
    .select(['id', 'kind', 'channel', 'recipient', 'status', 'created_at', 'sent_at'])
    .where('booking_id', '=', String(bookingId))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as BookingMessage['kind'],
    channel: r.channel as BookingMessage['channel'],
    recipient: r.recipient,
    status: r.status as BookingMessage['status'],
    createdAt: formatLocalDateTime(new Date(r.created_at)),
    sentAt: r.sent_at ? formatLocalDateTime(new Date(r.sent_at)) : null,
  }));
}
