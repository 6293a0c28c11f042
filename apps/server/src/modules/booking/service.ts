import { randomBytes } from 'node:crypto';
import type { Booking, Customer, DeskChannel, VehicleDeliveryOption } from '@huolto/domain';
import {
  MAX_CART_TOTAL_CENTS,
  deliveryOptionOf,
  formatLocalDateTime,
  leadDateProblem,
  manageBookingPath,
  normalizePhoneNumber,
  sanitizeNotes,
  todayInHelsinki,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, SessionExpiredError, badRequest } from '#src/lib/errors.ts';
import { cartOf, findLiveProcess, updateProcess, type ProcessRow } from '../process/index.ts';
import {
  composeConfirmation,
  officeNoticeText,
  type ConfirmationOffice,
  confirmationOffice,
  insertOutboxMail,
  queueOfficeNotice,
} from '../mail/index.ts';
import { bookHeldTime, findHeldTime } from '../holds/index.ts';
import { cartWorkTwiceProblem, findProductsEverOffered, maxCartMinutesOf } from '../catalogue/index.ts';
import { bookingView } from '../booking-view/index.ts';
import { recordBookingEvent } from '../booking-events/index.ts';
import { findSavedBooking, insertBooking, spendVoucher } from './repository.ts';

/** A saved booking as the thanks page shows it after the session is gone: what the confirmation e-mail says. */
export interface SavedBooking {
  responseCode: 'SUCCESS';
  bookingKey: string;
  registerNumber: string;
  deliveryOption: VehicleDeliveryOption | null;
  officeNotice: string | null;
}

export type SaveOutcome = SavedBooking | { responseCode: 'INVALID' | 'NOT_AVAILABLE'; message: string };

function savedAnswer(bookingKey: string, booking: Booking, office: ConfirmationOffice): SavedBooking {
  return {
    responseCode: 'SUCCESS',
    bookingKey,
    registerNumber: booking.vehicle!.register_number,
    deliveryOption: deliveryOptionOf(booking),
    officeNotice: officeNoticeText(office.notice),
  };
}

/** The answer to saving a time held before the services' duration grew. */
export const DURATION_CHANGED_MESSAGE = 'Valitsemiesi palvelujen kesto on muuttunut. Valitse aika uudelleen.';

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
 * The Finnish answer when services of the cart are no longer offered (deactivated in the
 * back-office, or past their last day since they were chosen): the booking's view leaves
 * them out, and saving without them would drop them silently. Null when every line is offered.
 */
async function servicesGoneProblem(db: Executor, session: ProcessRow, view: Booking): Promise<string | null> {
  const offered = new Set(view.order_items.map((i) => i.product.id));
  const gone = cartOf(session).filter((l) => !offered.has(l.productId));
  if (gone.length === 0) return null;
  const names = new Map((await findProductsEverOffered(db, gone.map((l) => l.productId))).map((p) => [p.id, p.description]));
  const listed = gone.map((l) => `”${names.get(l.productId) ?? l.description ?? l.productId}”`).join(', ');
  return gone.length === 1
    ? `Valitsemasi palvelu ${listed} ei ole enää valittavissa. Poista se valinnoista ja valitse aika uudelleen.`
    : `Valitsemasi palvelut ${listed} eivät ole enää valittavissa. Poista ne valinnoista ja valitse aika uudelleen.`;
}

/** A booking staff make for a customer at the front desk (modules/front-desk). */
export interface DeskSave {
  /** The staff member who makes it: the booking's maker and the CREATED event's actor. */
  staffUserId: number;
  channel: DeskChannel;
  /** SMS_REMINDERS on: the confirmation goes as a text message to the customer's phone too. */
  sms: boolean;
}

export interface SaveOptions {
  publicUrl: string;
  /**
   * Made by staff at the front desk: the booking records its channel and maker, the event
   * is the staff member's, the office is not told of its own booking, and a text message
   * confirms it when SMS is on. Without it the booking is the customer's (channel ONLINE).
   */
  desk?: DeskSave | undefined;
}

/** The confirmation as a text message: no text the customer typed, the booking's link at the end. */
export function confirmationSms(booking: Booking, bookingKey: string, start: Date, publicUrl: string): string {
  const local = formatLocalDateTime(start);
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  const when = `${day}.${month}.${year} klo ${local.slice(11, 16).replace(':', '.')}`;
  const url = `${publicUrl.replace(/\/$/, '')}${manageBookingPath(bookingKey, booking.vehicle!.register_number)}`;
  return `Huoltoaikasi on varattu: ${when}, ${booking.organization!.name}. Varaustunnus ${bookingKey}. Varauksesi: ${url}`;
}

/**
 * Saves the booking of a process in one transaction: the booking row, its held time
 * turned into booked time, and the confirmation e-mail in the outbox (when the customer
 * gave an e-mail address: one booked at the desk may have none). A process in lead
 * mode without a held time is saved as a lead: its wished date, no time on any resource.
 * Saving twice answers the first booking's key. `opts.desk`: made by staff (SaveOptions).
 */
export async function saveBooking(db: Db, token: string, opts: SaveOptions, now = new Date()): Promise<SaveOutcome> {
  const desk = opts.desk;
  return db.transaction().execute(async (trx): Promise<SaveOutcome> => {
    const session = await findLiveProcess(trx, token, true);
    if (!session) throw new SessionExpiredError();
    if (session.booking_id) {
      const saved = await findSavedBooking(trx, session.booking_id);
      return savedAnswer(saved.bookingKey, saved.snapshot, await confirmationOffice(trx, saved.organizationId, now));
    }
    // The held time is read once: the view is made with it, and the save books it.
    const held = await findHeldTime(trx, token);
    const view = await bookingView(trx, session, { held: { value: held } });
    // Checked first: a cart left empty by it would otherwise only be asked for a service.
    const gone = await servicesGoneProblem(trx, session, view);
    if (gone) throw new DomainError(409, 'SERVICE_UNAVAILABLE', gone, [{ path: 'cart', message: gone }]);
    const missing = missingPart(view);
    if (missing) return { responseCode: 'INVALID', message: missing };
    // A cart past the limits (one kept from before they were set, or repriced since) is not
    // saved: its total must fit the booking's integer column, its work one visit.
    if (view.price.active_price > MAX_CART_TOTAL_CENTS || view.price.normal_price > MAX_CART_TOTAL_CENTS) {
      throw badRequest('cart', `Varauksen hinta on enintään ${MAX_CART_TOTAL_CENTS / 100} €`);
    }
    const maxMinutes = maxCartMinutesOf(view.organization);
    if (view.total_duration_minutes > maxMinutes) {
      throw badRequest('cart', `Töiden kesto on enintään ${String(maxMinutes / 60).replace('.', ',')} tuntia yhdellä käynnillä`);
    }
    // Nor one holding the same work twice (decision 018; carts change only through the rule).
    const twice = await cartWorkTwiceProblem(trx, cartOf(session));
    if (twice) throw badRequest('cart', twice);
    const duration = view.booking_total_duration;
    const isLead = !(held && held.kind === 'HOLD') && !!view.lead_date;
    if (!isLead && (!held || held.kind !== 'HOLD' || !duration)) {
      return { responseCode: 'INVALID', message: 'Aika puuttuu tai varaus on vanhentunut' };
    }
    // A time held before the back-office lengthened a service of the cart is too short for
    // the work now (a changed cart lets go of its time, a changed catalogue does not).
    if (!isLead && (held!.end.getTime() - held!.start.getTime()) / 60000 < view.total_duration_minutes) {
      return { responseCode: 'INVALID', message: DURATION_CHANGED_MESSAGE };
    }
    if (isLead) {
      const problem = leadDateProblem(view.lead_date!, todayInHelsinki(now));
      if (problem) return { responseCode: 'INVALID', message: problem };
    }
    // What is stored and mailed: a lead carries its date and no time.
    const saved: Booking = isLead ? { ...view, booking_total_duration: null } : { ...view, lead_date: null };

    const bookingKey = newBookingKey();
    const bookingId = await insertBooking(trx, {
      bookingKey,
      processToken: token,
      processType: session.process_type,
      organizationId: view.organization!.id,
      registerNumber: view.vehicle!.register_number,
      kind: isLead ? 'LEAD' : 'RESERVATION',
      start: isLead ? null : held!.start,
      end: isLead ? null : held!.end,
      timeSelectionType: isLead ? null : duration!.time_selection_type,
      leadDate: isLead ? view.lead_date : null,
      usingKeyLocker: !isLead && view.using_key_locker,
      customerPhone: normalizePhoneNumber(view.customer!.phone_number),
      customer: view.customer,
      vehicle: view.vehicle,
      orderItems: view.order_items,
      totalCents: view.price.active_price,
      snapshot: saved,
      campaignCode: view.campaign_code,
      voucherIds: view.vouchers.map((v) => v.voucherId),
      loyaltyAccountId: session.loyalty_account_id,
      // Counts against the address's share of the office for a while (modules/time/fair-share.ts).
      clientKey: session.client_key,
      channel: desk?.channel ?? 'ONLINE',
      createdByStaffId: desk?.staffUserId ?? null,
    });
    // The hold becomes the booking's time only if it is still live: an expired hold may
    // already have been given to someone else. A lead takes no time.
    if (!isLead && !(await bookHeldTime(trx, token, bookingId))) {
      throw new DomainError(409, 'HOLD_EXPIRED', 'Varattu aika ehti vanhentua. Valitse aika uudelleen.');
    }
    await updateProcess(trx, token, { booking_id: bookingId });
    // A voucher is spent by the booking it was used on; one already spent elsewhere fails the save.
    for (const v of view.vouchers) {
      if (!(await spendVoucher(trx, v.voucherId, bookingId))) throw new DomainError(409, 'VOUCHER_USED', 'Etusetelin on jo käytetty.');
    }
    const office = await confirmationOffice(trx, view.organization!.id, now);
    if (view.customer!.email) {
      const mail = composeConfirmation(saved, bookingKey, opts.publicUrl, now, office);
      await insertOutboxMail(trx, {
        bookingId,
        kind: 'CONFIRMATION',
        recipient: view.customer!.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ics: mail.ics,
        fileName: `${bookingKey}.eml`,
      });
    }
    if (desk?.sms && !isLead && view.customer!.phone_number) {
      await insertOutboxMail(trx, {
        bookingId,
        kind: 'CONFIRMATION',
        channel: 'SMS',
        recipient: normalizePhoneNumber(view.customer!.phone_number),
        subject: 'Tekstiviesti: vahvistus',
        text: confirmationSms(saved, bookingKey, held!.start, opts.publicUrl),
        fileName: `${bookingKey}-vahvistus-sms.txt`,
      });
    }
    await recordBookingEvent(trx, {
      bookingId,
      ...(desk ? { actor: 'STAFF' as const, staffUserId: desk.staffUserId } : { actor: 'CUSTOMER' as const }),
      action: 'CREATED',
      after: isLead ? { leadDate: view.lead_date } : { start: formatLocalDateTime(held!.start), end: formatLocalDateTime(held!.end) },
    });
    // The office is told of the bookings it did not make itself.
    if (!desk) await queueOfficeNotice(trx, bookingId, 'CREATED', { publicUrl: opts.publicUrl });
    return savedAnswer(bookingKey, saved, office);
  });
}

/** The customer of the booking (customer/v2), and whether they have a service contract. */
export async function setCustomer(db: Db, token: string, customer: Customer) {
  await updateProcess(db, token, { customer, service_contract: customer.service_contract });
}

/** The customer's notes to the workshop (save-notes); blank clears them. */
export async function setNotes(db: Db, token: string, value: string | null) {
  const notes = value === null ? null : sanitizeNotes(value).trim() || null;
  await updateProcess(db, token, { notes });
}

/** Replaces the symptom list (symptoms); an empty list deletes the symptom. */
export async function setSymptoms(db: Db, token: string, list: readonly { description: string }[]) {
  const symptoms = list.map((s, i) => ({ id: i + 1, description: sanitizeNotes(s.description).trim() }));
  await updateProcess(db, token, { symptoms });
}
