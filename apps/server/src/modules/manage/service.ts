import { randomBytes } from 'node:crypto';
import {
  CANCEL_LIMIT_HOURS,
  HOLD_MINUTES,
  HORIZON_MESSAGE,
  MAX_ADDED_ROWS_PER_BOOKING,
  MAX_CART_TOTAL_CENTS,
  addDays,
  formatLocalDateTime,
  fromHelsinki,
  isBeyondHorizon,
  isCancellable,
  isMovable,
  isWorkingDay,
  lockerHalfDayKey,
  parseLocalDateTime,
  toHoursAndMinutes,
  todayInHelsinki,
  type Booking,
  type FreeTimeDay,
  type ManageResponseCode,
  type ManagedBooking,
  type MoveBookingResponse,
  type OpenBookingResponse,
  type OrderItem,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { DomainError, ValidationError, badRequest } from '../../lib/errors.ts';
import { countInDatabase } from '../../plugins/rate-limit.ts';
import { composeConfirmation } from '../mail/compose.ts';
import { bookingReadout } from './readout.ts';
import { confirmationOffice } from '../mail/office.ts';
import { insertOutboxMail, type OutboxKind } from '../mail/repository.ts';
import { queueOfficeNotice } from '../mail/office-notice.ts';
import { recordBookingEvent } from '../booking-events/repository.ts';
import type { Executor } from '../process/repository.ts';
import { listExtraOrderItems } from '../catalogue/repository.ts';
import { bookHeldTime, purgeExpiredHolds, releaseBookedTime, tryInsertHold } from '../holds/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { assertBookableRange, usableResources } from '../time/service.ts';
import { findBusyIntervals, findLockerStarts, findOpeningExceptions, findResources, findResourcesOfDay } from '../time/repository.ts';
import {
  SAME_DAY_LEAD_MINUTES,
  computeFreeDays,
  dayGap,
  dayWindow,
  exactCandidates,
  groupByResource,
  isFree,
  type Interval,
} from '../time/slots.ts';
import {
  composeCancellationToCustomer,
  composeEditRequest,
  composeRowsAdded,
  type CustomerContact,
} from './mail.ts';
import {
  countAddedRows,
  findAddedRows,
  findBookedTimes,
  findBookingByKeyAndPlate,
  findBookingIdByKey,
  findBookingOrganization,
  insertAddedRows,
  insertFeedback,
  markBookingCancelled,
  returnVouchers,
  updateBookingTime,
  type AddedRow,
  type BookedTime,
  type BookingOrganization,
  type BookingRow,
  type StoredCustomer,
} from './repository.ts';

export interface BookingAccess {
  bookingKey: string;
  registerNumber: string;
}

interface Loaded {
  row: BookingRow;
  organization: BookingOrganization;
  added: AddedRow[];
  view: ManagedBooking;
}

/** The snapshot a booking was saved with (older bookings have only some of its fields). */
function snapshotOf(row: BookingRow): Partial<Booking> {
  return row.snapshot as Partial<Booking>;
}

function customerOf(row: BookingRow): StoredCustomer {
  return row.customer;
}

function contactOf(row: BookingRow): CustomerContact {
  const c = customerOf(row);
  return { name: `${c.first_name ?? ''} ${c.last_name ?? ''}`.trim(), phone: c.phone_number ?? '', email: c.email ?? '' };
}

/** Whether the booking is still ahead: a lead, or a time that has not started. */
function isUpcoming(row: BookingRow, now: Date) {
  return row.kind === 'LEAD' || row.start_at === null || row.start_at.getTime() > now.getTime();
}

/** A saved booking as open-booking shows it; its lines are in cents, reductions negative. */
export function managedView(row: BookingRow, organization: BookingOrganization, added: AddedRow[], now: Date): ManagedBooking {
  const snap = snapshotOf(row);
  const vehicle = row.vehicle ?? {};
  const orderItems = row.order_items;
  const { lineDisplays, ...readout } = bookingReadout(snap, orderItems, row.using_key_locker);
  const exact = 'exact' as const;
  const items = [
    ...orderItems.map((i, n) => ({ description: i.display_description, amount: i.amount, price: i.price, priceDisplay: lineDisplays[n]! })),
    ...(snap.extra_order_items ?? []).map((i) => ({ description: i.description, amount: 1, price: i.price, priceDisplay: exact })),
    ...added.map((r) => ({ description: r.description, amount: r.amount, price: r.unit_price_cents * r.amount, priceDisplay: exact })),
    ...(snap.discounts ?? []).map((d) => ({ description: d.description, amount: 1, price: -d.amount, priceDisplay: exact })),
  ];
  const start = row.kind === 'RESERVATION' && row.start_at ? row.start_at : null;
  return {
    bookingKey: row.booking_key,
    status: row.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    kind: row.kind,
    registerNumber: row.register_number,
    vehicle: `${vehicle.make ?? ''} ${vehicle.model ?? ''}`.trim(),
    office: {
      ...organization,
      opening_time: toHoursAndMinutes(organization.opening_time),
      closing_time: toHoursAndMinutes(organization.closing_time),
    },
    start: start ? formatLocalDateTime(start) : null,
    end: start && row.end_at ? formatLocalDateTime(row.end_at) : null,
    leadDate: row.kind === 'LEAD' ? row.lead_date : null,
    items,
    total: row.total_cents,
    ...readout,
    customerFirstName: customerOf(row).first_name ?? '',
    cancellable: isCancellable({ status: row.status, kind: row.kind, start }, now),
  };
}

/**
 * The booking as the confirmation e-mail needs it: the snapshot taken when it was saved
 * (older bookings have only their columns), with the rows added since and the current total.
 */
export function bookingForMail(row: BookingRow, organization: BookingOrganization, added: AddedRow[]): Booking {
  const snap = snapshotOf(row);
  const addedTotal = added.reduce((s, r) => s + r.unit_price_cents * r.amount, 0);
  const minutes = row.start_at && row.end_at ? Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60000) : 0;
  const vehicle = (row.vehicle ?? null) as Booking['vehicle'];
  return {
    process_type: row.process_type as Booking['process_type'],
    symptoms: [],
    notes: null,
    product_parameters: [],
    customer_waiting: false,
    vehicle_left_for_day: false,
    total_duration_minutes: minutes,
    kilometers: null,
    service_code: null,
    campaign_code: null,
    discounts: [],
    vouchers: [],
    service_contract: false,
    selected_resource_ids: [],
    ...snap,
    organization: {
      id: organization.id,
      name: organization.name,
      address: organization.address,
      post_code: organization.post_code,
      post_office: organization.post_office,
      brand_dealer: snap.organization?.brand_dealer ?? false,
      opening_time: toHoursAndMinutes(organization.opening_time),
      closing_time: toHoursAndMinutes(organization.closing_time),
    },
    vehicle,
    customer: row.customer as Booking['customer'],
    order_items: row.order_items as OrderItem[],
    extra_order_items: [
      ...(snap.extra_order_items ?? []),
      ...added.map((r) => ({
        id: r.product_id,
        description: r.amount > 1 ? `${r.description} × ${r.amount}` : r.description,
        price: r.unit_price_cents * r.amount,
      })),
    ],
    booking_total_duration:
      row.kind === 'RESERVATION' && row.start_at && row.end_at
        ? {
            start: formatLocalDateTime(row.start_at),
            end: formatLocalDateTime(row.end_at),
            time_selection_type: row.time_selection_type ?? 'EXACT_TIME',
            minutes,
          }
        : null,
    lead_date: row.kind === 'LEAD' ? row.lead_date : null,
    lead_mode: row.kind === 'LEAD',
    using_key_locker: row.using_key_locker,
    reservation_expires_at: null,
    price: {
      active_price: row.total_cents,
      normal_price: Math.max((snap.price?.normal_price ?? row.total_cents - addedTotal) + addedTotal, row.total_cents),
      has_public_campaign: snap.price?.has_public_campaign ?? false,
    },
  };
}

/** Free text as typed, without control characters (line breaks kept); HTML escaping is the mail's job. */
function cleanText(text: string): string {
  return text.replace(/[^\P{C}\n]/gu, '').trim();
}

async function load(db: Executor, access: BookingAccess, now: Date, forUpdate = false): Promise<Loaded | undefined> {
  const row = await findBookingByKeyAndPlate(db, access.bookingKey, access.registerNumber, forUpdate);
  if (!row) return undefined;
  const organization = await findBookingOrganization(db, row.organization_id);
  const added = await findAddedRows(db, row.id);
  return { row, organization, added, view: managedView(row, organization, added, now) };
}

export async function openBooking(db: Db, access: BookingAccess, now = new Date()): Promise<OpenBookingResponse> {
  const loaded = await load(db, access, now);
  return loaded ? { responseCode: 'SUCCESS', booking: loaded.view } : { responseCode: 'NOT_FOUND' };
}

/**
 * Cancels a booking in one transaction: the status, its time freed at once, vouchers
 * spent on it given back, and two e-mails queued (the workshop and the customer).
 */
export async function cancelBooking(db: Db, access: BookingAccess, now = new Date(), publicUrl?: string): Promise<ManageResponseCode> {
  return db.transaction().execute(async (trx) => {
    const loaded = await load(trx, access, now, true);
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
      const mail = composeCancellationToCustomer(view);
      await queueMail(trx, { bookingId: row.id, kind: 'CANCELLED', recipient: contact.email, ...mail, fileStem: `${row.booking_key}-peruutus` });
    }
    return 'SUCCESS';
  });
}

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

/** Sends the customer's change request to the workshop, at most `perHour` per booking an hour. */
export async function sendEditRequest(
  db: Db,
  access: BookingAccess,
  text: string,
  perHour: number,
  now = new Date(),
): Promise<ManageResponseCode | MailCapReached> {
  return db.transaction().execute(async (trx) => {
    const loaded = await load(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const { row, organization, view } = loaded;
    if (row.status !== 'CONFIRMED' || !isUpcoming(row, now) || !organization.email) return 'NOT_AVAILABLE';
    const clean = cleanText(text);
    if (!clean) throw new ValidationError([{ path: 'message', message: 'Pakollinen tieto' }]);
    const capped = await mailCap(trx, row.id, 'edit-request', perHour);
    if (capped) return capped;
    const mail = composeEditRequest(view, contactOf(row), clean);
    await queueMail(trx, { bookingId: row.id, kind: 'OFFICE_NOTICE', recipient: organization.email, ...mail, fileStem: `${row.booking_key}-muutospyynto` });
    return 'SUCCESS';
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
  return db.transaction().execute(async (trx) => {
    const loaded = await load(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const { row, organization, added } = loaded;
    const email = contactOf(row).email;
    if (row.status !== 'CONFIRMED' || !email) return 'NOT_AVAILABLE';
    const capped = await mailCap(trx, row.id, 'resend', perHour);
    if (capped) return capped;
    const office = await confirmationOffice(trx, row.organization_id, now);
    const mail = composeConfirmation(bookingForMail(row, organization, added), row.booking_key, publicUrl, now, office);
    await queueMail(trx, { bookingId: row.id, recipient: email, ...mail, fileStem: `${row.booking_key}-vahvistus` });
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
  const products = new Map((await listExtraOrderItems(db)).map((p) => [p.id, p]));
  const bad = rows.flatMap((r, i) => (products.has(r.productId) ? [] : [{ path: `rows.${i}.productId`, message: 'Tuntematon lisätuote' }]));
  if (bad.length) throw new ValidationError(bad);
  const outcome = await db.transaction().execute(async (trx): Promise<ManageResponseCode> => {
    const loaded = await load(trx, access, now, true);
    if (!loaded) return 'NOT_FOUND';
    const { row, organization } = loaded;
    if (row.status !== 'CONFIRMED' || !isUpcoming(row, now)) return 'NOT_AVAILABLE';
    // A booking takes only so many added lines and stays within the largest cart total,
    // however often the call is repeated.
    if ((await countAddedRows(trx, row.id)) + rows.length > MAX_ADDED_ROWS_PER_BOOKING) {
      throw badRequest('rows', `Varaukseen voi lisätä enintään ${MAX_ADDED_ROWS_PER_BOOKING} lisätuotetta`);
    }
    const adding = rows.reduce((s, r) => s + products.get(r.productId)!.price_cents * r.amount, 0);
    if (row.total_cents + adding > MAX_CART_TOTAL_CENTS) throw badRequest('rows', 'Varauksen yhteissumma kasvaisi liian suureksi');
    const lines = rows.map((r) => {
      const p = products.get(r.productId)!;
      return { productId: p.id, description: p.description, amount: r.amount, unitPrice: p.price_cents };
    });
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

// ---- Moving a booking to another time -------------------------------------------------

const bookingNotFound = () => new DomainError(404, 'NOT_FOUND', 'Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.');
const notMovable = (message: string) => new DomainError(409, 'NOT_MOVABLE', message);
/** The answer when the booking's time is too near (the same deadline as cancelling). */
export const MOVE_TOO_LATE_MESSAGE = `Varausta ei voi enää siirtää verkossa: siirtäminen on mahdollista viimeistään ${CANCEL_LIMIT_HOURS} tuntia ennen varattua aikaa. Soita toimipisteeseen.`;

/** Aborts a move whose new time was lost, undoing the release of the booking's time. */
class TimeNotWon extends Error {}

/**
 * Refuses (4xx, nothing changed) a booking that cannot be moved online: cancelled, a lead
 * without a time, or a time nearer than the cancelling deadline.
 */
function assertMovable(row: BookingRow, now: Date): asserts row is BookingRow & { start_at: Date; end_at: Date } {
  if (row.status !== 'CONFIRMED') throw notMovable('Peruttua varausta ei voi siirtää.');
  if (row.kind !== 'RESERVATION' || !row.start_at || !row.end_at) {
    throw notMovable('Varauksella ei ole sovittua aikaa, jota siirtää: toimipiste ottaa sinuun yhteyttä.');
  }
  if (!isMovable({ status: row.status, kind: row.kind, start: row.start_at }, now)) {
    throw new DomainError(409, 'TOO_LATE', MOVE_TOO_LATE_MESSAGE);
  }
}

/** What a move works with: the office's calendar, the booking's length of work and its resources. */
async function moveContext(db: Executor, row: BookingRow & { start_at: Date; end_at: Date }) {
  const organization = await findOrganization(db, row.organization_id);
  if (!organization || organization.lead_only) {
    throw notMovable('Toimipisteen aikoja ei voi valita verkossa. Soita toimipisteeseen.');
  }
  const minutes = Math.round((row.end_at.getTime() - row.start_at.getTime()) / 60000);
  const own = await findBookedTimes(db, row.id);
  const usable = usableResources(organization, await findResources(db, organization.id), row.snapshot.selected_resource_ids ?? []);
  // The booking's own mechanic first: a move keeps the same one when they are free.
  const mine = new Set(own.map((o) => o.resource_id));
  const resourceIds = [...usable.filter((id) => mine.has(id)), ...usable.filter((id) => !mine.has(id))];
  return { organization, minutes, own, resourceIds };
}

/**
 * The half-days ('YYYY-MM-DD|MORNING') in [from, to) whose key-locker compartments at the
 * office are all taken, for a booking that leaves its car in the key locker (none for
 * another booking). The booking itself does not count against its own move.
 */
async function fullLockerHalfDays(
  db: Executor,
  row: BookingRow & { start_at: Date },
  organization: { id: number; locker_compartments: number },
  from: Date,
  to: Date,
): Promise<Set<string>> {
  if (!row.using_key_locker) return new Set();
  const counts = new Map<string, number>();
  for (const start of await findLockerStarts(db, organization.id, from, to, row.process_token ?? '')) {
    const key = lockerHalfDayKey(formatLocalDateTime(start));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  if (row.start_at >= from && row.start_at < to) {
    const own = lockerHalfDayKey(formatLocalDateTime(row.start_at));
    counts.set(own, (counts.get(own) ?? 1) - 1);
  }
  return new Set([...counts].filter(([, n]) => n >= organization.locker_compartments).map(([key]) => key));
}

const LOCKER_FULL_MESSAGE = 'Avainlokerot ovat täynnä valittuna aikana. Valitse toinen aika.';

const isOwn = (own: readonly BookedTime[], b: BookedTime) =>
  own.some((o) => o.resource_id === b.resource_id && o.start.getTime() === b.start.getTime() && o.end.getTime() === b.end.getTime());

/**
 * The free times of the booking's office for moving it: its own length of work on the
 * resources it may use, its own time neither blocking (a new time may overlap it) nor
 * offered. 404 for a wrong key or plate, 409 when the booking cannot be moved.
 */
export async function freeTimesForBooking(
  db: Db,
  access: BookingAccess,
  range: { start: string; end: string },
  now = new Date(),
): Promise<FreeTimeDay[]> {
  assertBookableRange(range, now);
  const loaded = await load(db, access, now);
  if (!loaded) throw bookingNotFound();
  const { row } = loaded;
  assertMovable(row, now);
  const { organization, minutes, own, resourceIds } = await moveContext(db, row);
  const from = fromHelsinki(range.start);
  const to = fromHelsinki(addDays(range.end, 1));
  const taken = (await findBusyIntervals(db, organization.id, from, to, row.process_token ?? '')).filter((b) => !isOwn(own, b));
  // Absences are in the busy time; the office's opening exceptions change its days' hours.
  const office = { ...organization, exceptions: await findOpeningExceptions(db, organization.id, range.start, range.end) };
  const days = computeFreeDays({ office, minutes, start: range.start, end: range.end, busy: groupByResource(resourceIds, taken), now });
  const lockersFull = await fullLockerHalfDays(db, row, organization, from, to);
  const ownStart = formatLocalDateTime(row.start_at);
  return days.map((day) => {
    const calendarSlots = day.calendarSlots.filter(
      (s) => `${day.date}T${s.startTime}` !== ownStart && !lockersFull.has(lockerHalfDayKey(`${day.date}T${s.startTime}`)),
    );
    const dayFull = lockersFull.has(`${day.date}|MORNING`) && lockersFull.has(`${day.date}|AFTERNOON`);
    return {
      ...day,
      calendarSlots,
      exactTimesAvailable: calendarSlots.length > 0,
      // A day-only booking is already on its own day.
      onlyDayTimesAvailable: day.onlyDayTimesAvailable && day.date !== ownStart.slice(0, 10) && !dayFull,
    };
  });
}

/**
 * Moves a booking to another free time at its office, in one transaction: the booking's
 * time is released and the new one taken on one of its resources (the exclusion
 * constraint of resource_time decides, as for reserve-time); when the new time cannot be
 * won, the transaction is rolled back and the booking keeps its time (NOT_AVAILABLE).
 * On success the booking row gets its new time, and the customer a new confirmation with
 * its .ics and the office a notice, through the outbox.
 *
 * A past time, a weekend or holiday and a day-only day that is full are NOT_AVAILABLE; a
 * time off the office's grid or of another length, the booking's own time and a time past
 * the horizon are 400 naming `reservation`. 404 for a wrong key or plate; 409 for a
 * booking that cannot be moved (cancelled, a lead, less than CANCEL_LIMIT_HOURS ahead).
 */
export async function moveBooking(
  db: Db,
  access: BookingAccess,
  reservation: string,
  publicUrl: string,
  now = new Date(),
): Promise<MoveBookingResponse> {
  const [startText, endText] = reservation.split('|') as [string, string];
  const date = startText.slice(0, 10);
  const today = todayInHelsinki(now);
  if (isBeyondHorizon(date, today) || isBeyondHorizon(endText.slice(0, 10), today)) throw badRequest('reservation', HORIZON_MESSAGE);
  const notAvailable = (message: string): MoveBookingResponse => ({ responseCode: 'NOT_AVAILABLE', message });

  try {
    return await db.transaction().execute(async (trx): Promise<MoveBookingResponse> => {
      // The row lock orders the booking's own concurrent moves and cancellations.
      const loaded = await load(trx, access, now, true);
      if (!loaded) throw bookingNotFound();
      const { row, organization: office, added } = loaded;
      assertMovable(row, now);
      const { organization, minutes, resourceIds: usable } = await moveContext(trx, row);
      // The day's opening exception and its absences, as reserve-time has them (time/repository.ts).
      const day = await findResourcesOfDay(trx, organization.id, date);
      const calendar = { ...organization, exceptions: new Map(day.exception ? [[date, day.exception]] : []) };
      const exact = organization.time_selection_type === 'EXACT_TIME';
      const ownStart = formatLocalDateTime(row.start_at);

      let window: Interval;
      if (exact) {
        const start = parseLocalDateTime(startText);
        const end = parseLocalDateTime(endText);
        const onGrid = (o: typeof organization) =>
          exactCandidates(o, date, minutes).find((c) => c.start.getTime() === start.getTime() && c.end.getTime() === end.getTime());
        const slot = onGrid(calendar);
        if (!slot && day.exception && onGrid(organization)) return notAvailable('Toimipiste on suljettu valittuna aikana. Valitse toinen aika.');
        if (!slot) throw badRequest('reservation', 'Aika ei ole toimipisteen aikataulussa tai sen pituus ei vastaa varausta');
        if (startText === ownStart) throw badRequest('reservation', 'Varauksesi on jo tähän aikaan. Valitse toinen aika.');
        if (!isWorkingDay(date) || date < today) return notAvailable('Toimipiste on suljettu valittuna päivänä. Valitse toinen aika.');
        if (slot.start.getTime() < now.getTime() + SAME_DAY_LEAD_MINUTES * 60000) return notAvailable('Aika on jo mennyt. Valitse toinen aika.');
        window = slot;
      } else {
        if (date === ownStart.slice(0, 10)) throw badRequest('reservation', 'Varauksesi on jo tälle päivälle. Valitse toinen päivä.');
        if (!isWorkingDay(date) || date <= today) return notAvailable('Päivä ei ole varattavissa. Valitse toinen päivä.');
        const open = dayWindow(calendar, date);
        if (!open) return notAvailable('Päivä ei ole varattavissa. Valitse toinen päivä.');
        window = open;
      }
      // A resource absent at any moment of the exact time cannot take it; a day-only search has absences in its busy time.
      const absent = (id: number) => day.resources.some((r) => r.id === id && !isFree(r.absences, window.start, window.end));
      const resourceIds = exact ? usable.filter((id) => !absent(id)) : usable;

      // A car left in the key locker needs a free compartment on the new half-day.
      const lockersFull = await fullLockerHalfDays(trx, row, organization, fromHelsinki(date), fromHelsinki(addDays(date, 1)));
      if (exact && lockersFull.has(lockerHalfDayKey(startText))) return notAvailable(LOCKER_FULL_MESSAGE);

      // The booking's own time is released first so that it never stands in the way of a
      // new time overlapping it; should the new time be lost, throwing rolls the release back.
      await releaseBookedTime(trx, row.id);
      await purgeExpiredHolds(trx, organization.id, window.start, window.end);
      // A hold under the booking's process token (a new one for a booking without), turned
      // into the booking's time at once, as saving a booking does.
      const token = row.process_token ?? randomBytes(32).toString('base64url');
      let won: Interval | undefined;
      if (exact) {
        for (const resourceId of resourceIds) {
          if (await tryInsertHold(trx, { resourceId, ...window, token, holdMinutes: HOLD_MINUTES })) {
            won = window;
            break;
          }
        }
      } else {
        const earliest = new Date(now.getTime() + SAME_DAY_LEAD_MINUTES * 60000);
        const from = window.start < earliest ? earliest : window.start;
        const busy = groupByResource(resourceIds, await findBusyIntervals(trx, organization.id, window.start, window.end, token));
        for (const resourceId of resourceIds) {
          const gap = dayGap(busy.get(resourceId) ?? [], from, window.end, minutes, 'MORNING');
          if (gap && lockersFull.has(lockerHalfDayKey(formatLocalDateTime(gap.start)))) continue;
          if (gap && (await tryInsertHold(trx, { resourceId, ...gap, token, holdMinutes: HOLD_MINUTES }))) {
            won = gap;
            break;
          }
        }
      }
      if (!won || !(await bookHeldTime(trx, token, row.id))) {
        throw new TimeNotWon(
          exact
            ? 'Valitsemasi aika ehdittiin varata. Varauksesi on edelleen entisellä ajallaan. Valitse toinen aika.'
            : 'Valitsemasi päivä ehdittiin varata täyteen. Varauksesi on edelleen entisellä ajallaan. Valitse toinen päivä.',
        );
      }
      const timeSelectionType = exact ? 'EXACT_TIME' : 'DAY_ONLY';
      await updateBookingTime(trx, row.id, { start: won.start, end: won.end, timeSelectionType });

      const moved: BookingRow = { ...row, start_at: won.start, end_at: won.end, time_selection_type: timeSelectionType };
      const view = managedView(moved, office, added, now);
      const contact = contactOf(row);
      await recordBookingEvent(trx, {
        bookingId: row.id,
        actor: 'CUSTOMER',
        action: 'MOVED',
        before: { start: formatLocalDateTime(row.start_at), end: formatLocalDateTime(row.end_at) },
        after: { start: formatLocalDateTime(won.start), end: formatLocalDateTime(won.end) },
      });
      if (contact.email) {
        const confirmation = await confirmationOffice(trx, row.organization_id, now);
        const mail = composeConfirmation(bookingForMail(moved, office, added), row.booking_key, publicUrl, now, confirmation, { moved: true });
        await queueMail(trx, { bookingId: row.id, kind: 'MOVED', recipient: contact.email, ...mail, fileStem: `${row.booking_key}-siirto` });
      }
      await queueOfficeNotice(trx, row.id, 'MOVED', { previousStart: row.start_at, publicUrl });
      return { responseCode: 'SUCCESS', booking: view };
    });
  } catch (err) {
    if (err instanceof TimeNotWon) return notAvailable(err.message);
    throw err;
  }
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
