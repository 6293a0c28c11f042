/**
 * A saved booking's own page (/oma-varaus), opened with its key and the car's registration
 * number: opening, cancelling, adding rows and feedback. Moving it: move.ts; the mails the
 * customer asks for again (confirmation, change request): mail-requests.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  MAX_ADDED_ROWS_PER_BOOKING,
  MAX_CART_TOTAL_CENTS,
  type ManageResponseCode,
  type ManagedBooking,
  type OpenBookingResponse,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { ValidationError, badRequest } from '#src/lib/errors.ts';
import { insertOutboxMail, type OutboxKind, queueOfficeNotice } from '../mail/index.ts';
import { recordBookingEvent } from '../booking-events/index.ts';
import { listExtraOrderItems } from '../catalogue/index.ts';
import { releaseBookedTime } from '../holds/index.ts';
import { companyDetails } from '../settings/index.ts';
import { composeCancellationToCustomer, composeRowsAdded } from './mail.ts';
import {
  countAddedRows,
  findAddedRows,
  findBookingByKeyAndPlate,
  findBookingIdByKey,
  findBookingOrganization,
  insertAddedRows,
  insertFeedback,
  markBookingCancelled,
  returnVouchers,
  type AddedRow,
  type BookingOrganization,
  type BookingRow,
} from './repository.ts';
import { contactOf, managedView } from './views.ts';

export interface BookingAccess {
  bookingKey: string;
  registerNumber: string;
}

/** A booking opened by its key and plate. */
export interface LoadedBooking {
  row: BookingRow;
  organization: BookingOrganization;
  added: AddedRow[];
  view: ManagedBooking;
}

/** Whether the booking is still ahead: a lead, or a time that has not started. */
export function isUpcoming(row: BookingRow, now: Date) {
  return row.kind === 'LEAD' || row.start_at === null || row.start_at.getTime() > now.getTime();
}

/** Free text as typed, without control characters (line breaks kept); HTML escaping is the mail's job. */
export function cleanText(text: string): string {
  return text.replace(/[^\P{C}\n]/gu, '').trim();
}

/** The booking a key and plate open, with its office, added rows and view; `forUpdate` locks its row. */
export async function loadBooking(db: Executor, access: BookingAccess, now: Date, forUpdate = false): Promise<LoadedBooking | undefined> {
  const row = await findBookingByKeyAndPlate(db, access.bookingKey, access.registerNumber, forUpdate);
  if (!row) return undefined;
  const organization = await findBookingOrganization(db, row.organization_id);
  const added = await findAddedRows(db, row.id);
  return { row, organization, added, view: managedView(row, organization, added, now) };
}

export async function openBooking(db: Db, access: BookingAccess, now = new Date()): Promise<OpenBookingResponse> {
  const loaded = await loadBooking(db, access, now);
  return loaded ? { responseCode: 'SUCCESS', booking: loaded.view } : { responseCode: 'NOT_FOUND' };
}

/**
 * Cancels a booking in one transaction: the status, its time freed at once, vouchers
 * spent on it given back, and two e-mails queued (the workshop and the customer).
 */
export async function cancelBooking(db: Db, access: BookingAccess, now = new Date(), publicUrl?: string): Promise<ManageResponseCode> {
  return db.transaction().execute(async (trx) => {
    const loaded = await loadBooking(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const { row } = loaded;
    if (!loaded.view.cancellable) return 'NOT_CANCELLABLE';
    await markBookingCancelled(trx, row.id);
    await releaseBookedTime(trx, row.id);
    await returnVouchers(trx, row.id);
    const view: ManagedBooking = { ...loaded.view, status: 'CANCELLED', cancellable: false };
    const contact = contactOf(row);
    await recordBookingEvent(trx, { bookingId: row.id, actor: 'CUSTOMER', action: 'CANCELLED', before: { status: row.status }, after: { status: 'CANCELLED' } });
    await queueOfficeNotice(trx, row.id, 'CANCELLED', { publicUrl });
    if (contact.email) {
      const mail = composeCancellationToCustomer(view, await companyDetails(trx));
      await queueMail(trx, { bookingId: row.id, kind: 'CANCELLED', recipient: contact.email, ...mail, fileStem: `${row.booking_key}-peruutus` });
    }
    return 'SUCCESS';
  });
}

/**
 * Adds extra order items to a confirmed booking that is still ahead: the rows, the new
 * total and an e-mail to the workshop, in one transaction. Only products of the
 * extra-order-items list can be added; another product is a 400 naming its row.
 */
export async function addRows(
  db: Db,
  access: BookingAccess,
  rows: readonly { productId: string; amount: number }[],
  now = new Date(),
): Promise<ManageResponseCode> {
  const lines = await pricedExtraRows(db, rows);
  const outcome = await db.transaction().execute(async (trx): Promise<ManageResponseCode> => {
    const loaded = await loadBooking(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const { row, organization } = loaded;
    if (row.status !== 'CONFIRMED' || !isUpcoming(row, now)) return 'NOT_AVAILABLE';
    // A booking takes only so many added lines and stays within the largest cart total,
    // however often the call is repeated.
    if ((await countAddedRows(trx, row.id)) + rows.length > MAX_ADDED_ROWS_PER_BOOKING) {
      throw badRequest('rows', `Varaukseen voi lisätä enintään ${MAX_ADDED_ROWS_PER_BOOKING} lisätuotetta`);
    }
    const adding = lines.reduce((s, l) => s + l.unitPrice * l.amount, 0);
    if (row.total_cents + adding > MAX_CART_TOTAL_CENTS) throw badRequest('rows', 'Varauksen yhteissumma kasvaisi liian suureksi');
    await insertAddedRows(trx, row.id, lines);
    const addedCents = lines.reduce((s, l) => s + l.unitPrice * l.amount, 0);
    if (organization.email) {
      const view: ManagedBooking = { ...loaded.view, total: row.total_cents + addedCents };
      const mail = composeRowsAdded(
        view,
        contactOf(row),
        lines.map((l) => ({ description: l.description, amount: l.amount, price: l.unitPrice * l.amount })),
      );
      await queueMail(trx, { bookingId: row.id, kind: 'OFFICE_NOTICE', recipient: organization.email, ...mail, fileStem: `${row.booking_key}-lisatuotteet` });
    }
    return 'SUCCESS';
  });
  return outcome;
}

/** An extra row priced: its product, the product's description and price of one (cents) now. */
export interface PricedExtraRow {
  productId: string;
  description: string;
  amount: number;
  unitPrice: number;
}

/**
 * Rows of the extra-order-items catalogue priced as the booking's added rows are: each at its
 * active item's price now. An unknown or inactive item is a 400 naming `<field>.N.productId`.
 */
export async function pricedExtraRows(
  db: Executor,
  rows: readonly { productId: string; amount: number }[],
  field = 'rows',
  indexes?: readonly number[],
): Promise<PricedExtraRow[]> {
  const products = new Map((await listExtraOrderItems(db)).map((p) => [p.id, p]));
  const bad = rows.flatMap((r, i) => (products.has(r.productId) ? [] : [{ path: `${field}.${indexes?.[i] ?? i}.productId`, message: 'Tuntematon lisätuote' }]));
  if (bad.length) throw new ValidationError(bad);
  return rows.map((r) => {
    const p = products.get(r.productId)!;
    return { productId: p.id, description: p.description, amount: r.amount, unitPrice: p.price_cents };
  });
}

/** Stores feedback; linked to the booking when the key is one (an unknown key is not revealed). */
export async function saveFeedback(db: Db, body: { bookingKey?: string | null; rating: number; message?: string | null }) {
  const bookingId = body.bookingKey ? await findBookingIdByKey(db, body.bookingKey) : undefined;
  const message = body.message ? cleanText(body.message) || null : null;
  await insertFeedback(db, { bookingId: bookingId ?? null, rating: body.rating, message });
}

/** Queues an e-mail about a booking in the outbox (sent after commit by the Mailer, with retries). */
export async function queueMail(
  db: Executor,
  mail: { bookingId: string | number | null; kind?: OutboxKind; recipient: string; subject: string; text: string; html: string; ics?: string | null; fileStem: string },
) {
  await insertOutboxMail(db, {
    bookingId: mail.bookingId,
    kind: mail.kind,
    recipient: mail.recipient,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ics: mail.ics ?? null,
    // Unique, so that a second message about the same booking never overwrites the first .eml.
    fileName: `${mail.fileStem}-${randomBytes(4).toString('hex')}.eml`,
  });
}

