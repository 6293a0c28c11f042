import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Booking } from '@huolto/domain';
import { MAX_CART_TOTAL_CENTS, leadDateProblem, normalizePhoneNumber, todayInHelsinki } from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';
import { findLiveProcess, updateProcess } from '../process/repository.ts';
import { composeConfirmation } from '../mail/compose.ts';
import { findHeldTime } from '../time/repository.ts';
import { maxCartMinutes } from '../services/cart-rules.ts';
import { bookingView } from './view.ts';

export type SaveOutcome =
  | { responseCode: 'SUCCESS'; bookingKey: string }
  | { responseCode: 'INVALID' | 'NOT_AVAILABLE'; message: string };

/** A booking key: short enough to read out on the phone, long enough not to be guessed. */
function newBookingKey() {
  return randomBytes(9).toString('base64url').replace(/[-_]/g, 'X').toUpperCase();
}

/** What a booking still lacks before it can be saved, in Finnish; null when complete. */
export function missingPart(b: Booking): string | null {
  if (!b.vehicle) return 'Ajoneuvon tiedot puuttuvat';
  if (!b.organization) return 'Toimipiste puuttuu';
  if (b.order_items.length === 0 && b.symptoms.length === 0) return 'Valitse vähintään yksi palvelu';
  if (!b.customer) return 'Asiakastiedot puuttuvat';
  if (!b.booking_total_duration && !b.lead_date) return 'Aika puuttuu tai varaus on vanhentunut';
  return null;
}

/**
 * Saves the booking of a process in one transaction: the booking row, its held time
 * turned into booked time, and the confirmation e-mail in the outbox. A process in lead
 * mode without a held time is saved as a lead: its wished date, no time on any resource.
 * Saving twice answers the first booking's key.
 */
export async function saveBooking(db: Db, token: string, opts: { publicUrl: string }, now = new Date()): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const process = await findLiveProcess(trx, token, true);
    if (!process) throw new DomainError(412, 'SESSION_EXPIRED', 'Istunto on päättynyt.');
    if (process.booking_id) {
      const existing = await trx.selectFrom('booking').select('booking_key').where('id', '=', String(process.booking_id)).executeTakeFirstOrThrow();
      return { responseCode: 'SUCCESS', bookingKey: existing.booking_key };
    }
    const view = await bookingView(trx, process);
    const missing = missingPart(view);
    if (missing) return { responseCode: 'INVALID', message: missing };
    // A cart past the limits (one kept from before they were set, or repriced since) is not
    // saved: its total must fit the booking's integer column, its work one visit.
    if (view.price.active_price > MAX_CART_TOTAL_CENTS || view.price.normal_price > MAX_CART_TOTAL_CENTS) {
      throw badRequest('cart', `Varauksen hinta on enintään ${MAX_CART_TOTAL_CENTS / 100} €`);
    }
    const maxMinutes = await maxCartMinutes(trx, view.organization!.id);
    if (view.total_duration_minutes > maxMinutes) {
      throw badRequest('cart', `Töiden kesto on enintään ${String(maxMinutes / 60).replace('.', ',')} tuntia yhdellä käynnillä`);
    }
    const duration = view.booking_total_duration;
    const held = await findHeldTime(trx, token);
    const isLead = !(held && held.kind === 'HOLD') && !!view.lead_date;
    if (!isLead && (!held || held.kind !== 'HOLD' || !duration)) {
      return { responseCode: 'INVALID', message: 'Aika puuttuu tai varaus on vanhentunut' };
    }
    if (isLead) {
      const problem = leadDateProblem(view.lead_date!, todayInHelsinki(now));
      if (problem) return { responseCode: 'INVALID', message: problem };
    }
    // What is stored and mailed: a lead carries its date and no time.
    const saved: Booking = isLead ? { ...view, booking_total_duration: null } : { ...view, lead_date: null };

    const bookingKey = newBookingKey();
    const inserted = await trx
      .insertInto('booking')
      .values({
        booking_key: bookingKey,
        process_token: token,
        process_type: process.process_type,
        organization_id: view.organization!.id,
        register_number: view.vehicle!.register_number,
        kind: isLead ? 'LEAD' : 'RESERVATION',
        start_at: isLead ? null : held!.start,
        end_at: isLead ? null : held!.end,
        time_selection_type: isLead ? null : duration!.time_selection_type,
        lead_date: isLead ? view.lead_date : null,
        using_key_locker: !isLead && view.using_key_locker,
        customer_phone: normalizePhoneNumber(view.customer!.phone_number),
        customer: JSON.stringify(view.customer),
        vehicle: JSON.stringify(view.vehicle),
        order_items: JSON.stringify(view.order_items),
        total_cents: view.price.active_price,
        snapshot: JSON.stringify(saved),
        campaign_code: view.campaign_code,
        voucher_ids: JSON.stringify(view.vouchers.map((v) => v.voucherId)),
        loyalty_account_id: process.loyalty_account_id,
        // Counts against the address's share of the office for a while (modules/time/fair-share.ts).
        client_key: process.client_key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // The hold becomes the booking's time only if it is still live: an expired hold may
    // already have been given to someone else. A lead takes no time.
    if (!isLead) {
      const confirmed = await trx
        .updateTable('resource_time')
        .set({ kind: 'BOOKED', booking_id: inserted.id, expires_at: null })
        .where('process_token', '=', token)
        .where('kind', '=', 'HOLD')
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('id')
        .execute();
      if (confirmed.length === 0) {
        throw new DomainError(409, 'HOLD_EXPIRED', 'Varattu aika ehti vanhentua. Valitse aika uudelleen.');
      }
    }
    await updateProcess(trx, token, { booking_id: inserted.id });
    // A voucher is spent by the booking it was used on; one already spent elsewhere fails the save.
    for (const v of view.vouchers) {
      const spent = await trx
        .updateTable('loyalty_voucher')
        .set({ used_booking_id: inserted.id })
        .where('id', '=', v.voucherId)
        .where('used_booking_id', 'is', null)
        .returning('id')
        .execute();
      if (spent.length === 0) throw new DomainError(409, 'VOUCHER_USED', 'Etusetelin on jo käytetty.');
    }

    const mail = composeConfirmation(saved, bookingKey, opts.publicUrl);
    await trx
      .insertInto('email_outbox')
      .values({
        booking_id: inserted.id,
        recipient: view.customer!.email,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        ics: mail.ics,
        file_name: `${bookingKey}.eml`,
      })
      .execute();
    return { responseCode: 'SUCCESS', bookingKey };
  });
}
