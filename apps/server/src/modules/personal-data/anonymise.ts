/**
 * Removing a person's data from bookings and messages (docs/decisions/021-personal-data.md):
 * the retention job after the visit, and an admin's erasure on request, call the same
 * functions. What the statistics need stays (office, process, kind, dates and times, status,
 * visit status, channel, services and prices, total, vouchers, campaign code, the car's make,
 * model and class); every JSON column keeps its shape, so every reader of a booking keeps
 * working on one whose data is gone.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/**
 * email_outbox.recipient_hash: hex SHA-256 of the address (an e-mail address or a phone
 * number as the message was sent), trimmed and lower-cased, so that a delivery can still
 * be counted per recipient without keeping the address.
 */
export function recipientHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('hex');
}

/** Messages still waiting to be sent (or being sent) are left: their body is cleared once sent. */
const WAITING_STATUSES = ['PENDING', 'SENDING'];

/** Kysely's executor runs in its own transaction unless it is one already. */
async function inTransaction<T>(db: Executor, run: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(run);
}

const idsOf = (ids: readonly (string | number)[]) => [...new Set(ids.map((id) => String(id)))];

/**
 * Clears the bodies of these outbox messages: the recipient is kept only as its hash
 * (recipientHash), the subject, text, HTML, calendar file and last error are emptied and
 * body_cleared_at is set. Kind, channel, status, times, file name and booking stay.
 * Idempotent: a message already cleared is skipped. A message still waiting to be sent
 * (PENDING, SENDING) is skipped too, so that a cancellation queued just before an erasure
 * still reaches the customer; the purge clears it at its next run after it was sent
 * (jobs/purge.ts). Answers how many messages were cleared now.
 */
export async function clearOutboxMessages(db: Executor, messageIds: readonly (string | number)[]): Promise<number> {
  const ids = idsOf(messageIds);
  if (ids.length === 0) return 0;
  const rows = await db
    .selectFrom('email_outbox')
    .select(['id', 'recipient'])
    .where('id', 'in', ids)
    .where('body_cleared_at', 'is', null)
    .where('status', 'not in', WAITING_STATUSES)
    .execute();
  if (rows.length === 0) return 0;
  const values = sql.join(rows.map((r) => sql`(${String(r.id)}::bigint, ${recipientHash(r.recipient)}::text)`));
  const res = await sql`
      UPDATE email_outbox AS e SET
        recipient_hash = v.hash, recipient = '', subject = '', text_body = '',
        html_body = NULL, ics = NULL, last_error = NULL, body_cleared_at = now()
      FROM (VALUES ${values}) AS v(id, hash)
      WHERE e.id = v.id AND e.body_cleared_at IS NULL AND e.status NOT IN ('PENDING', 'SENDING')`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/**
 * A customer object (booking.customer, snapshot.customer, an event's customer) with every
 * text emptied: names, phone, e-mail, address, post code and office, company name. The
 * fixed values (preferred_contact_method, customer_type) and the flags stay, so the object
 * still reads as a customer.
 */
function blankedCustomer(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`CASE WHEN jsonb_typeof(${value}) = 'object' THEN (
      SELECT coalesce(jsonb_object_agg(c.key,
               CASE WHEN jsonb_typeof(c.value) = 'string' AND c.key NOT IN ('preferred_contact_method', 'customer_type')
                    THEN to_jsonb(''::text) ELSE c.value END), '{}'::jsonb)
      FROM jsonb_each(${value}) AS c) ELSE ${value} END`;
}

/** A vehicle object (booking.vehicle, snapshot.vehicle, process.vehicle) without its plate. */
function vehicleWithoutPlate(value: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`CASE WHEN jsonb_typeof(${value}) = 'object' AND ${value} ? 'register_number'
      THEN ${value} || '{"register_number": ""}'::jsonb ELSE ${value} END`;
}

/**
 * A booking history's before/after without the customer's details and symptoms texts that
 * a staff member's change recorded (staff-bookings contents: customer, symptoms); the
 * rest (times, services, prices, statuses, kilometres) stays.
 */
function eventStateWithoutPersonalData(column: 'before' | 'after'): RawBuilder<unknown> {
  const v = sql.ref(column);
  return sql`CASE WHEN jsonb_typeof(${v}) = 'object' THEN
        ${v}
        || CASE WHEN ${v} ? 'customer' THEN jsonb_build_object('customer', ${blankedCustomer(sql`(${v} -> 'customer')`)}) ELSE '{}'::jsonb END
        || CASE WHEN ${v} ? 'symptoms' THEN '{"symptoms": []}'::jsonb ELSE '{}'::jsonb END
      ELSE ${v} END`;
}

/**
 * Removes the personal data of these bookings, in the caller's transaction (or one of its
 * own): the customer's name, phone, e-mail and address (booking.customer keeps its keys
 * with empty texts, customer_phone is null), the plate (register_number '' and in vehicle
 * and snapshot: a hash of a Finnish plate would be undone by trying every plate), the
 * notes and symptoms, the network-address key (client_key), the link to a loyalty account,
 * the staff's notes and the customer details and symptoms in the booking's history, the
 * customer's feedback text, the booking's session (process) and its sent messages
 * (clearOutboxMessages). Sets personal_data_removed_at. Added rows keep their description:
 * it is the catalogue's product name, never text anyone typed.
 * Idempotent: a booking already done is not counted again. Answers how many bookings had
 * their data removed now.
 */
export async function removeBookingsPersonalData(db: Executor, bookingIds: readonly (string | number)[]): Promise<number> {
  const ids = idsOf(bookingIds);
  if (ids.length === 0) return 0;
  return inTransaction(db, async (trx) => {
    const customer = sql.ref('customer') as unknown as RawBuilder<unknown>;
    const vehicle = sql.ref('vehicle') as unknown as RawBuilder<unknown>;
    const snapCustomer = sql`(snapshot -> 'customer')`;
    const snapVehicle = sql`(snapshot -> 'vehicle')`;
    const removed = await trx
      .updateTable('booking')
      .set({
        customer: blankedCustomer(customer),
        customer_phone: null,
        register_number: '',
        vehicle: vehicleWithoutPlate(vehicle),
        snapshot: sql`CASE WHEN jsonb_typeof(snapshot) = 'object' THEN
            snapshot
            || jsonb_build_object('customer', ${blankedCustomer(snapCustomer)}, 'notes', NULL, 'symptoms', '[]'::jsonb)
            || CASE WHEN jsonb_typeof(snapshot -> 'vehicle') = 'object'
                    THEN jsonb_build_object('vehicle', ${vehicleWithoutPlate(snapVehicle)}) ELSE '{}'::jsonb END
          ELSE snapshot END`,
        client_key: null,
        loyalty_account_id: null,
        personal_data_removed_at: sql<Date>`now()`,
      })
      .where('id', 'in', ids)
      .where('personal_data_removed_at', 'is', null)
      .executeTakeFirst();

    // The rest is done for every booking given (cheap and idempotent), so a booking whose
    // messages were still waiting at its first removal has them cleared on a later one.
    await trx
      .updateTable('booking_event')
      .set({
        note: sql<string | null>`CASE WHEN note IS NULL THEN NULL ELSE '' END`,
        before: eventStateWithoutPersonalData('before'),
        after: eventStateWithoutPersonalData('after'),
      })
      .where('booking_id', 'in', ids)
      .execute();
    await trx.updateTable('feedback').set({ message: null }).where('booking_id', 'in', ids).where('message', 'is not', null).execute();
    await trx
      .updateTable('process')
      .set({
        customer: null,
        notes: null,
        symptoms: sql`'[]'::jsonb`,
        vehicle: vehicleWithoutPlate(vehicle),
        client_key: null,
        loyalty_account_id: null,
      })
      .where((eb) =>
        eb.or([
          eb('booking_id', 'in', ids),
          // = ANY(ARRAY(…)): the tokens found first, then each session through its primary key
          // (as `IN (subquery)` the OR read every session; test: plans-at-size.pg.test.ts).
          eb('token', '=', sql<string>`ANY(ARRAY(${eb.selectFrom('booking').select('process_token').where('id', 'in', ids).where('process_token', 'is not', null)}))`),
        ]),
      )
      .execute();
    const messages = await trx
      .selectFrom('email_outbox')
      .select('id')
      .where('booking_id', 'in', ids)
      .where('body_cleared_at', 'is', null)
      .execute();
    await clearOutboxMessages(
      trx,
      messages.map((m) => m.id),
    );
    return Number(removed.numUpdatedRows);
  });
}
