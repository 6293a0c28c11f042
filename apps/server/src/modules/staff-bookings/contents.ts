/**
 * Staff changing what a booking holds (PUT /bookings/:id/contents): its services and tires,
 * the car's kilometres, the symptoms and the customer's details, and, in the same change,
 * a new start when the new work no longer fits its time.
 *
 * The rules are the customer's: the new lines are checked and built by the catalogue's cart
 * rules (modules/catalogue cart-rules.ts: what the car is offered in which stage, amounts and
 * parameters, the rule of work, the cart's limits) on the booking's own session (its car,
 * office and process type, with the new kilometres), and priced and timed by the booking's
 * read model (booking-view bookingView), as a customer's cart would be. The time is taken
 * through holds/take-time.ts: the exclusion constraint of resource_time decides, so a
 * changed booking never overlaps another.
 *
 * Decisions:
 * - `items` are the booking's own lines, as a whole; omitted, or the same lines the booking
 *   holds, the lines and the total stay as they are (kilometres, symptoms or customer details
 *   change no price, nor does a catalogue price changed since the booking was made).
 * - The rows added to the booking afterwards (booking_added_row, manage's add-rows) stay,
 *   with their prices, except a row of a product the new items hold: the line replaces it,
 *   so the work is not counted twice.
 * - `extraRows` replace those added rows, as a whole: a product whose amount stays keeps its
 *   rows and their prices; a new product or amount is priced by the customer's add-rows
 *   (manage pricedExtraRows: the active extra-order-items catalogue's price now; an unknown
 *   or inactive item is a 400 naming `extraRows.N.productId`). The total stays within the
 *   cart's largest total.
 * - A longer work is first tried in place (the same start and resource, its end later, when
 *   that time is free and within the day's hours); when it does not fit, nothing changes and
 *   the answer is 409 DOES_NOT_FIT with the nearest starts where it fits. One of them given
 *   back as `start` and `resourceId` changes and moves the booking in one transaction.
 * - The customer is e-mailed the updated confirmation (its .ics, the new total) once, when
 *   the time or the total changed: a MOVED mail when the start or the resource changed (the
 *   office is told too, as of a move), else a CONFIRMATION.
 */
import {
  DESK_NEAREST_TIMES,
  MAX_CART_TOTAL_CENTS,
  addDays,
  formatLocalDateTime,
  isBeyondHorizon,
  normalizePhoneNumber,
  parseLocalDateTime,
  sanitizeNotes,
  staffMoveStarts,
  timeToMinutes,
  todayInHelsinki,
  type Booking,
  type CartProductItem,
  type DeskCustomer,
  type ProcessType,
  type ServicesStage,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, ValidationError, badRequest, type FieldError } from '#src/lib/errors.ts';
import { recordBookingEvent } from '../booking-events/index.ts';
import { bookingView } from '../booking-view/index.ts';
import { CART_OFFERS, cartItemIssues, cartLimitIssues, cartWorkOf, offeredProducts, pricedCart } from '../catalogue/index.ts';
import { TimeNotWon, takeTime } from '../holds/index.ts';
import { composeConfirmation, confirmationOffice, queueOfficeNotice } from '../mail/index.ts';
import {
  bookingForMail,
  findAddedRows,
  findBookingOrganization,
  insertAddedRows,
  pricedExtraRows,
  queueMail,
  updateBookingTime,
  type AddedRow,
  type BookingRow,
} from '../manage/index.ts';
import { findOrganization } from '../organizations/index.ts';
import { unsavedProcess, type CartLine, type ProcessRow } from '../process/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { findResources, usableResources, workKindsOfLines } from '../time/index.ts';
import { deleteAddedRowsOf, findBookingProcess, findMakeId, findOpeningExceptions, findStaffOffices, updateBookingContents } from './repository.ts';
import { bookingOf, conflict, openingOfDay } from './service.ts';
import { assertStaffStart } from './staff-start.ts';
import { staffDay } from './views.ts';

/** The answer when the changed work does not fit the booking's time. */
export const DOES_NOT_FIT_MESSAGE = 'Muutettu työ ei mahdu varauksen aikaan. Valitse jokin lähimmistä sopivista ajoista.';
/** The answer when the start chosen among the nearest was taken meanwhile. */
export const CHOSEN_TAKEN_MESSAGE = 'Valittu aika ehdittiin varata. Valitse jokin lähimmistä sopivista ajoista.';
/** How many days from the booking's day the nearest fitting times are looked for. */
export const NEAREST_DAYS = 14;

/** What a change may hold (deskContentsBody, parsed). */
export interface ContentsChange {
  items?: CartProductItem[] | undefined;
  extraRows?: { productId: string; amount: number }[] | undefined;
  kilometers?: number | null | undefined;
  symptoms?: string[] | undefined;
  customer?: DeskCustomer | undefined;
  start?: string | undefined;
  resourceId?: number | undefined;
}

/** A start where the booking's work fits (deskFitSchema). */
export interface FittingTime {
  start: string;
  end: string;
  resourceId: number;
  resourceName: string;
}

/** 409 DOES_NOT_FIT: the work does not fit the booking's time; the nearest starts that fit. */
export class DoesNotFit extends DomainError {
  constructor(
    message: string,
    readonly nearest: FittingTime[],
  ) {
    super(409, 'DOES_NOT_FIT', message);
  }
}

/** Thrown inside the transaction (rolling it back); answered with the nearest times after it. */
class NoFit extends Error {
  constructor(
    message: string,
    readonly work: { officeId: number; date: string; start: Date; resourceId: number | null; minutes: number; kinds: string[] },
  ) {
    super(message);
  }
}

/**
 * Changes what a booking holds, in one transaction (the booking's row locked): the new lines,
 * total and stored booking, the time when the work's length changed or a new start was given,
 * a CHANGED history row with what changed before and after, and the customer's updated
 * confirmation when the time or the total changed. 409 for a cancelled or past booking;
 * 409 DOES_NOT_FIT with the nearest fitting starts when the new work does not fit its time.
 */
export async function staffChangeContents(
  db: Db,
  staff: StaffPrincipal,
  id: number,
  body: ContentsChange,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  if ((body.start === undefined) !== (body.resourceId === undefined)) {
    throw body.start === undefined ? badRequest('start', 'Valitse aloitusaika') : badRequest('resourceId', 'Valitse resurssi');
  }
  try {
    await db.transaction().execute((trx) => change(trx, staff, id, body, publicUrl, now));
  } catch (err) {
    if (err instanceof NoFit) throw new DoesNotFit(err.message, await nearestTimes(db, staff, id, err.work, now));
    throw err;
  }
}

async function change(trx: Executor, staff: StaffPrincipal, id: number, body: ContentsChange, publicUrl: string, now: Date): Promise<void> {
  const { row, resourceIds } = await bookingOf(trx, staff, id, true);
  if (row.status !== 'CONFIRMED') throw conflict('NOT_CHANGEABLE', 'Peruttua varausta ei voi muuttaa.');
  const isReservation = row.kind === 'RESERVATION' && !!row.start_at && !!row.end_at;
  const past = isReservation ? row.start_at!.getTime() <= now.getTime() : !!row.lead_date && row.lead_date < todayInHelsinki(now);
  if (past) throw conflict('NOT_CHANGEABLE', 'Mennyttä varausta ei voi enää muuttaa.');
  if (!isReservation && body.start !== undefined) {
    throw conflict('NOT_MOVABLE', 'Varauksella on vain toivottu päivä, ei aikaa: sitä ei voi siirtää.');
  }

  const snapshot = row.snapshot as Partial<Booking>;
  const kilometers = body.kilometers !== undefined ? body.kilometers : (snapshot.kilometers ?? null);
  const symptoms = body.symptoms !== undefined ? body.symptoms.map((s, i) => ({ id: i + 1, description: sanitizeNotes(s).trim() })) : (snapshot.symptoms ?? []);
  const session = await sessionOf(trx, row, kilometers, symptoms);
  const currentCart = cartOfRow(row);

  // The new lines, priced and timed as the customer's cart would be.
  let priced: Priced | null = null;
  if (body.items && !sameLines(body.items, currentCart)) {
    const cart = await cartOfItems(trx, session, body.items);
    priced = await pricedContents(trx, { ...session, cart }, snapshot);
  }
  const kinds = workKindsOfLines(await pricedCart(trx, { ...session, cart: priced?.cart ?? currentCart }));

  // The time: the same start and resource with the work's new length, or the start given.
  let time: { start: Date; end: Date; resourceId: number } | null = null;
  let timeChanged = false;
  if (isReservation) {
    const oldStart = row.start_at!;
    const oldEnd = row.end_at!;
    const oldMinutes = Math.round((oldEnd.getTime() - oldStart.getTime()) / 60000);
    const minutes = priced ? priced.minutes : oldMinutes;
    const start = body.start !== undefined ? parseLocalDateTime(body.start) : oldStart;
    const resourceId = body.resourceId ?? resourceIds[0] ?? null;
    const end = new Date(start.getTime() + minutes * 60000);
    const noFit = (message: string) =>
      new NoFit(message, { officeId: row.organization_id, date: formatLocalDateTime(oldStart).slice(0, 10), start: oldStart, resourceId: resourceIds[0] ?? null, minutes, kinds });
    timeChanged = start.getTime() !== oldStart.getTime() || end.getTime() !== oldEnd.getTime() || resourceIds.length !== 1 || resourceIds[0] !== resourceId;
    const usable = await usableResourceIds(trx, row.organization_id, kinds);
    if (body.start !== undefined) {
      const [office] = await findStaffOffices(trx, [row.organization_id]);
      if (!(await findResources(trx, row.organization_id)).some((r) => r.id === resourceId && r.active)) {
        throw badRequest('resourceId', 'Resurssi ei kuulu varauksen toimipisteeseen tai on poistettu käytöstä');
      }
      if (!usable.includes(resourceId!)) throw badRequest('resourceId', 'Resurssi ei tee tätä työtä');
      await assertStaffStart(trx, office!, body.start, start, end, now);
    } else if (resourceId === null || (priced && !usable.includes(resourceId))) {
      throw noFit(DOES_NOT_FIT_MESSAGE);
    } else if (timeChanged && !(await withinHours(trx, row.organization_id, start, end))) {
      throw noFit(DOES_NOT_FIT_MESSAGE);
    }
    if (timeChanged && resourceId !== null) {
      try {
        // The booking's own time is released first, so the longer time overlapping it can be
        // taken; a lost time rolls everything back and the booking keeps its time.
        await takeTime(trx, {
          taker: { booking: { bookingId: String(row.id), processToken: row.process_token } },
          organizationId: row.organization_id,
          within: { start: new Date(Math.min(start.getTime(), oldStart.getTime())), end: new Date(Math.max(end.getTime(), oldEnd.getTime())) },
          candidates: [{ resourceId, start, end }],
          lostMessage: DOES_NOT_FIT_MESSAGE,
        });
      } catch (err) {
        if (err instanceof TimeNotWon) throw noFit(body.start !== undefined ? CHOSEN_TAKEN_MESSAGE : DOES_NOT_FIT_MESSAGE);
        throw err;
      }
      await updateBookingTime(trx, String(row.id), { start, end, timeSelectionType: row.time_selection_type ?? 'EXACT_TIME' });
    }
    if (resourceId !== null) time = { start, end, resourceId };
  }

  // What is stored: the lines and total, the booking as the customer sees it, the customer.
  const addedBefore = await findAddedRows(trx, row.id);
  if (priced) await deleteAddedRowsOf(trx, String(row.id), [...new Set(priced.cart.map((l) => l.productId))]);
  if (body.extraRows) await replaceExtraRows(trx, row.id, body.extraRows);
  const added = await findAddedRows(trx, row.id);
  const sumOf = (rows: readonly AddedRow[]) => rows.reduce((s, r) => s + r.unit_price_cents * r.amount, 0);
  const customer = body.customer ? { ...row.customer, ...body.customer } : row.customer;
  const totalCents = priced ? priced.activePrice + sumOf(added) : row.total_cents - sumOf(addedBefore) + sumOf(added);
  if (body.extraRows && totalCents > MAX_CART_TOTAL_CENTS && totalCents > row.total_cents) throw badRequest('extraRows', 'Varauksen yhteissumma kasvaisi liian suureksi');
  const orderItems = priced ? priced.view.order_items : row.order_items;
  const nextSnapshot: Partial<Booking> = {
    ...snapshot,
    ...(priced
      ? {
          order_items: priced.view.order_items,
          extra_order_items: priced.view.extra_order_items,
          discounts: priced.discounts,
          vouchers: priced.vouchers,
          price: { active_price: priced.activePrice, normal_price: priced.view.price.normal_price, has_public_campaign: priced.view.price.has_public_campaign },
          total_duration_minutes: priced.minutes,
        }
      : {}),
    kilometers,
    symptoms,
    customer: customer as Booking['customer'],
    ...(time
      ? {
          booking_total_duration: {
            start: formatLocalDateTime(time.start),
            end: formatLocalDateTime(time.end),
            time_selection_type: row.time_selection_type ?? 'EXACT_TIME',
            minutes: Math.round((time.end.getTime() - time.start.getTime()) / 60000),
          },
        }
      : {}),
  };

  // The history row: only what changed, before and after.
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const itemsOf = (items: BookingRow['order_items']) => items.map((i) => ({ name: i.display_description, amount: i.amount, priceCents: i.price }));
  if (priced && JSON.stringify(itemsOf(row.order_items)) !== JSON.stringify(itemsOf(orderItems))) {
    before.items = itemsOf(row.order_items);
    after.items = itemsOf(orderItems);
  }
  const rowsOf = (rows: readonly AddedRow[]) => rows.map((r) => ({ name: r.description, amount: r.amount, priceCents: r.unit_price_cents * r.amount }));
  if (JSON.stringify(rowsOf(addedBefore)) !== JSON.stringify(rowsOf(added))) {
    before.extraRows = rowsOf(addedBefore);
    after.extraRows = rowsOf(added);
  }
  const totalChanged = totalCents !== row.total_cents;
  if (totalChanged) {
    before.totalCents = row.total_cents;
    after.totalCents = totalCents;
  }
  if (timeChanged && time) {
    before.start = formatLocalDateTime(row.start_at!);
    before.end = formatLocalDateTime(row.end_at!);
    before.resourceIds = resourceIds;
    after.start = formatLocalDateTime(time.start);
    after.end = formatLocalDateTime(time.end);
    after.resourceIds = [time.resourceId];
  }
  if ((snapshot.kilometers ?? null) !== kilometers) {
    before.kilometers = snapshot.kilometers ?? null;
    after.kilometers = kilometers;
  }
  const symptomTexts = (list: readonly { description: string }[]) => list.map((s) => s.description);
  if (JSON.stringify(symptomTexts(snapshot.symptoms ?? [])) !== JSON.stringify(symptomTexts(symptoms))) {
    before.symptoms = symptomTexts(snapshot.symptoms ?? []);
    after.symptoms = symptomTexts(symptoms);
  }
  if (body.customer) {
    const was: Record<string, unknown> = {};
    const is: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(body.customer)) {
      const old = (row.customer as Record<string, unknown>)[key] ?? '';
      if (old !== value) {
        was[key] = old;
        is[key] = value;
      }
    }
    if (Object.keys(is).length > 0) {
      before.customer = was;
      after.customer = is;
    }
  }
  if (Object.keys(after).length === 0 && !priced) return;

  const customerPhone = body.customer ? normalizePhoneNumber(body.customer.phone_number) : (row.customer_phone ?? '');
  await updateBookingContents(trx, String(row.id), { orderItems, totalCents, snapshot: nextSnapshot, customer, customerPhone });
  if (Object.keys(after).length > 0) {
    await recordBookingEvent(trx, { bookingId: row.id, actor: 'STAFF', staffUserId: staff.id, action: 'CHANGED', before, after });
  }

  if (!timeChanged && !totalChanged) return;
  // A new start or resource is a move (the customer's mail says so, the office is told);
  // a longer or shorter work at the same start is an updated confirmation.
  const moved = !!time && (time.start.getTime() !== row.start_at!.getTime() || resourceIds.length !== 1 || resourceIds[0] !== time.resourceId);
  const changed: BookingRow = {
    ...row,
    order_items: orderItems,
    total_cents: totalCents,
    snapshot: nextSnapshot as BookingRow['snapshot'],
    customer: customer as BookingRow['customer'],
    ...(time ? { start_at: time.start, end_at: time.end } : {}),
  };
  const email = changed.customer.email;
  if (email) {
    const organization = await findBookingOrganization(trx, row.organization_id);
    const office = await confirmationOffice(trx, row.organization_id, now);
    const mail = composeConfirmation(bookingForMail(changed, organization, added), row.booking_key, publicUrl, now, office, { moved });
    await queueMail(trx, {
      bookingId: row.id,
      kind: moved ? 'MOVED' : 'CONFIRMATION',
      recipient: email,
      ...mail,
      fileStem: `${row.booking_key}-muutos`,
    });
  }
  if (moved) await queueOfficeNotice(trx, row.id, 'MOVED', { previousStart: row.start_at!, publicUrl, by: staff.name });
}

// ---- The booking's session and its new lines -------------------------------------------

/**
 * The booking's added rows replaced by the extra rows given: a product whose amount is the
 * booking's keeps its rows (and prices); the others are priced by the customer's add-rows
 * (pricedExtraRows) and stored anew. A product twice, or an unknown or inactive one, is a
 * 400 naming `extraRows.N.productId`.
 */
async function replaceExtraRows(trx: Executor, bookingId: string, rows: readonly { productId: string; amount: number }[]): Promise<void> {
  const twice = rows.flatMap((r, n) => (rows.findIndex((o) => o.productId === r.productId) < n ? [{ path: `extraRows.${n}.productId`, message: 'Lisätuote on jo listalla' }] : []));
  if (twice.length > 0) throw new ValidationError(twice);
  const current = await findAddedRows(trx, bookingId);
  const amountOf = (productId: string) => current.filter((r) => r.product_id === productId).reduce((s, r) => s + r.amount, 0);
  const kept = new Set(rows.filter((r) => amountOf(r.productId) === r.amount).map((r) => r.productId));
  const changed = rows.flatMap((r, n) => (kept.has(r.productId) ? [] : [{ row: r, n }]));
  const lines = await pricedExtraRows(
    trx,
    changed.map((c) => c.row),
    'extraRows',
    changed.map((c) => c.n),
  );
  await deleteAddedRowsOf(trx, bookingId, [...new Set(current.map((r) => r.product_id).filter((p) => !kept.has(p)))]);
  if (lines.length > 0) await insertAddedRows(trx, bookingId, lines);
}

/**
 * The booking's session as the catalogue reads it: the session it was saved from (its car,
 * process type, service code and choices), or, for a booking without one, a session built
 * from what the booking stored; on the booking's office, with the new kilometres and
 * symptoms, without vouchers (those the booking spent are kept from its stored prices).
 */
async function sessionOf(trx: Executor, row: BookingRow, kilometers: number | null, symptoms: Booking['symptoms']): Promise<ProcessRow> {
  const stored = row.process_token ? await findBookingProcess(trx, row.process_token) : undefined;
  const snapshot = row.snapshot as Partial<Booking>;
  const base: ProcessRow =
    stored ??
    unsavedProcess(
      {
        processType: row.process_type,
        officeId: row.organization_id,
        vehicle: snapshot.vehicle
          ? {
              register_number: row.register_number,
              make: snapshot.vehicle.make,
              make_id: snapshot.vehicle.make ? await findMakeId(trx, snapshot.vehicle.make) : null,
              model: snapshot.vehicle.model,
              model_year: snapshot.vehicle.model_year ?? null,
              classification: snapshot.vehicle.classification,
              tires: snapshot.vehicle.tires ?? null,
              registered: true,
            }
          : null,
        kilometers: null,
      },
      { product_parameters: snapshot.product_parameters ?? [] },
    );
  return {
    ...base,
    organization_id: row.organization_id,
    kilometers,
    symptoms,
    customer: row.customer,
    campaign_code: row.campaign_code,
    voucher_ids: [],
    loyalty_account_id: null,
    cart: [],
  };
}

/** The lines the booking holds now, as cart lines (their products, amounts, stages and parameters). */
function cartOfRow(row: BookingRow): CartLine[] {
  return row.order_items.flatMap((i) =>
    i.product
      ? [
          {
            productId: i.product.id,
            provider: String(i.product.provider ?? 'LAAKKONEN'),
            amount: i.amount,
            stage: (typeof i.stage === 'string' ? i.stage : 'DEFAULT') as ServicesStage,
            parameters: (i.parameters ?? undefined) as Record<string, string> | undefined,
            calculatorId: null,
          },
        ]
      : [],
  );
}

/**
 * Whether the items are the lines the booking holds (the same products, amounts and
 * parameters, in any order): then nothing is priced again, and the booking keeps the prices
 * it was made with (a catalogue price changed since, or a campaign ended, does not touch it).
 */
function sameLines(items: readonly CartProductItem[], lines: readonly CartLine[]): boolean {
  const key = (l: { productId: string; amount: number; parameters?: Record<string, string> | undefined }) =>
    JSON.stringify([l.productId, l.amount, Object.entries(l.parameters ?? {}).sort()]);
  const a = items.map(key).sort();
  const b = lines.map(key).sort();
  return a.length === b.length && a.every((k, n) => k === b[n]);
}

/** Field errors of a part of the items, named by their index in the whole list. */
const renamed = (issues: FieldError[], indexes: readonly number[]): FieldError[] =>
  issues.map((f) => ({ ...f, path: f.path.replace(/^items\.(\d+)/, (_, n: string) => `items.${indexes[Number(n)] ?? n}`) }));

/**
 * The cart of the items under the customer's rules: each item in the stage of the booking's
 * process that offers it to the car (a tire with the tires, a campaign with the campaigns),
 * checked as the customer's add-to-cart checks it (cart-rules.ts cartItemIssues: unknown or
 * not offered for the car, twice, amount, parameters), built by the rule of work (cartWorkOf)
 * and within the cart's limits (cartLimitIssues). 400 naming `items.N.…` or `items`.
 */
async function cartOfItems(trx: Executor, session: ProcessRow, items: readonly CartProductItem[]): Promise<CartLine[]> {
  const stages = Object.keys(CART_OFFERS[session.process_type as ProcessType] ?? {}) as ServicesStage[];
  const stageOf = new Map<string, ServicesStage>();
  for (const stage of stages) {
    const left = items.map((i) => i.productId).filter((productId) => !stageOf.has(productId));
    for (const productId of (await offeredProducts(trx, session, stage, left)).keys()) stageOf.set(productId, stage);
  }
  const byStage = new Map<ServicesStage, number[]>();
  for (const [n, item] of items.entries()) {
    // An item no stage offers is refused by the first stage's check, with its reason.
    const stage = stageOf.get(item.productId) ?? stages[0] ?? 'DEFAULT';
    byStage.set(stage, [...(byStage.get(stage) ?? []), n]);
  }
  const issues: FieldError[] = [];
  let lines: CartLine[] = [];
  for (const [stage, indexes] of byStage) {
    const part = indexes.map((n) => items[n]!);
    const checked = await cartItemIssues(trx, session, stage, part);
    if (checked.issues.length > 0) {
      issues.push(...renamed(checked.issues, indexes));
      continue;
    }
    const added = part.map((item) => ({
      productId: item.productId,
      provider: checked.offered.get(item.productId)!.product.provider,
      amount: item.amount,
      stage,
      description: item.description,
      parameters: item.parameters,
      calculatorId: item.calculatorId ?? null,
    }));
    const work = await cartWorkOf(trx, session, stage, lines, added);
    if (work.issues.length > 0) issues.push(...renamed(work.issues, indexes));
    else lines = work.lines;
  }
  if (issues.length === 0) issues.push(...(await cartLimitIssues(trx, session, [], lines)));
  if (issues.length > 0) throw new ValidationError(issues);
  return lines;
}

interface Priced {
  cart: CartLine[];
  view: Booking;
  /** The price of the lines after the campaign and the booking's vouchers, in cents. */
  activePrice: number;
  discounts: Booking['discounts'];
  vouchers: Booking['vouchers'];
  minutes: number;
}

/**
 * The booking's lines priced and timed by its read model (bookingView), as a customer's
 * cart would be; the loyalty vouchers the booking spent still take off their amounts, never
 * more than is left to pay.
 */
async function pricedContents(trx: Executor, session: ProcessRow, snapshot: Partial<Booking>): Promise<Priced> {
  const view = await bookingView(trx, session, { held: { value: undefined } });
  let activePrice = view.price.active_price;
  const discounts = [...view.discounts];
  const vouchers: Booking['vouchers'] = [];
  for (const v of snapshot.vouchers ?? []) {
    const was = (snapshot.discounts ?? []).find((d) => d.code === v.voucherId)?.amount ?? v.discount;
    const amount = Math.min(was, activePrice);
    vouchers.push({ ...v, discount: amount });
    if (amount > 0) discounts.push({ code: v.voucherId, description: v.title, amount });
    activePrice -= amount;
  }
  return { cart: session.cart as CartLine[], view, activePrice, discounts, vouchers, minutes: view.total_duration_minutes };
}

// ---- Where the work fits ----------------------------------------------------------------

/** The office's active resources that can do every kind of the work (time/service.ts usableResources). */
async function usableResourceIds(db: Executor, officeId: number, kinds: readonly string[]): Promise<number[]> {
  const organization = await findOrganization(db, officeId);
  if (!organization) return [];
  return usableResources(organization, await findResources(db, officeId), [], kinds);
}

/** Whether [start, end) lies within the office's hours of the start's day. */
async function withinHours(db: Executor, officeId: number, start: Date, end: Date): Promise<boolean> {
  const startText = formatLocalDateTime(start);
  const endText = formatLocalDateTime(end);
  const date = startText.slice(0, 10);
  const [office] = await findStaffOffices(db, [officeId]);
  const [exception] = await findOpeningExceptions(db, officeId, date, addDays(date, 1));
  const opening = office && openingOfDay(office, date, exception);
  if (!opening || endText.slice(0, 10) !== date) return false;
  return timeToMinutes(startText.slice(11)) >= timeToMinutes(opening.openingTime) && timeToMinutes(endText.slice(11)) <= timeToMinutes(opening.closingTime);
}

/**
 * The nearest starts where the work fits (domain staffMoveStarts over the office's days as
 * staff see them: free of other bookings, customers' holds and absences, within the day's
 * hours, not past), on the resources that can do it, from the booking's day on for
 * NEAREST_DAYS days within the booking horizon: the booking's own resource first, then by
 * distance from the booking's start; at most DESK_NEAREST_TIMES.
 */
async function nearestTimes(db: Db, staff: StaffPrincipal, bookingId: number, work: NoFit['work'], now: Date): Promise<FittingTime[]> {
  const usable = new Set(await usableResourceIds(db, work.officeId, work.kinds));
  const today = todayInHelsinki(now);
  const nowText = formatLocalDateTime(now);
  const found: (FittingTime & { own: boolean; distance: number })[] = [];
  const first = work.date < today ? today : work.date;
  for (let i = 0, date = first; i <= NEAREST_DAYS && !isBeyondHorizon(date, today); i++, date = addDays(date, 1)) {
    const day = await staffDay(db, staff, work.officeId, date, now);
    for (const resource of day.resources.filter((r) => usable.has(r.id))) {
      for (const s of staffMoveStarts(day, resource.id, work.minutes, bookingId, nowText)) {
        if (s.taken || s.past) continue;
        const start = parseLocalDateTime(`${date}T${s.time}`);
        found.push({
          start: `${date}T${s.time}`,
          end: formatLocalDateTime(new Date(start.getTime() + work.minutes * 60000)),
          resourceId: resource.id,
          resourceName: resource.name,
          own: resource.id === work.resourceId,
          distance: Math.abs(start.getTime() - work.start.getTime()),
        });
      }
    }
    // A later day is farther than any start of this one: enough starts on the own resource end the search.
    if (found.filter((f) => f.own).length >= DESK_NEAREST_TIMES) break;
  }
  return found
    .sort((a, b) => Number(b.own) - Number(a.own) || a.distance - b.distance || a.resourceId - b.resourceId)
    .slice(0, DESK_NEAREST_TIMES)
    .map(({ start, end, resourceId, resourceName }) => ({ start, end, resourceId, resourceName }));
}
