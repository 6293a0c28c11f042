/**
 * The back-office's bookings: the offices a staff member runs, an office's day and week,
 * a booking's detail, and what staff do to a booking (move, cancel, mark the visit, add an
 * internal note). Every change is one transaction with its history row (booking_event)
 * and its e-mails in the outbox; the exclusion constraint of resource_time still decides
 * whether a time is free.
 */
import {
  HORIZON_MESSAGE,
  STAFF_MOVE_STEP_MINUTES,
  addDays,
  deliveryOptionOf,
  formatLocalDateTime,
  fromHelsinki,
  isBeyondHorizon,
  hoursOnDate,
  isoWeekday,
  parseLocalDateTime,
  timeToMinutes,
  toHoursAndMinutes,
  todayInHelsinki,
  type Absence,
  type OpeningException,
  STAFF_SEARCH_LIMIT,
  normalizePhoneNumber,
  type StaffBookingDetail,
  type StaffSearch,
  type StaffBookingSummary,
  type StaffDay,
  type StaffOffice,
  type StaffWeek,
  type VisitStatus,
  VISIT_STATUS_TOO_EARLY,
  visitStatusAllowed,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { DomainError, badRequest } from '../../lib/errors.ts';
import type { Executor } from '../process/repository.ts';
import { listBookingEvents, recordBookingEvent } from '../booking-events/repository.ts';
import { purgeExpiredHolds, releaseBookedTime } from '../holds/repository.ts';
import { composeConfirmation } from '../mail/compose.ts';
import { confirmationOffice } from '../mail/office.ts';
import { queueOfficeNotice } from '../mail/office-notice.ts';
import { listBookingMessages } from '../mail/repository.ts';
import {
  findAddedRows,
  findBookedTimes,
  findBookingOrganization,
  markBookingCancelled,
  returnVouchers,
  updateBookingTime,
  type AddedRow,
  type BookingOrganization,
  type BookingRow,
} from '../manage/repository.ts';
import { bookingForMail, managedView, queueMail } from '../manage/service.ts';
import { assertOffice, type StaffPrincipal } from '../staff/guard.ts';
import { composeStaffCancellation } from './mail.ts';
import {
  findAddedRowsOf,
  findLiveHolds,
  findNextBookingStart,
  findMatchingBookings,
  findOfficeAbsences,
  findOfficeBookings,
  findOfficeResources,
  findOpeningExceptions,
  findResource,
  findStaffBooking,
  findStaffOffices,
  tryInsertBookedTime,
  updateVisitStatus,
  type AbsenceRow,
  type BookingSearchTerms,
  type ListedBooking,
  type OpeningExceptionRow,
  type StaffOfficeRow,
} from './repository.ts';

const notFound = () => new DomainError(404, 'NOT_FOUND', 'Varausta ei löytynyt.');
const officeNotFound = () => new DomainError(404, 'NOT_FOUND', 'Toimipistettä ei löytynyt.');
const conflict = (code: string, message: string) => new DomainError(409, code, message);

/** The message of a move onto a time already taken on the resource. */
export const TIME_TAKEN_MESSAGE = 'Aika on jo varattu';

// ---- Offices and opening hours ----------------------------------------------------------

/** The offices the staff member runs, with their resources. */
export async function staffOffices(db: Db, staff: StaffPrincipal): Promise<StaffOffice[]> {
  const offices = await findStaffOffices(db, staff.officeIds);
  const resources = await findOfficeResources(
    db,
    offices.map((o) => o.id),
  );
  return offices.map((o) => ({
    id: o.id,
    name: o.name,
    email: o.email,
    openingTime: toHoursAndMinutes(o.opening_time),
    closingTime: toHoursAndMinutes(o.closing_time),
    resources: resources.filter((r) => r.organization_id === o.id).map((r) => ({ id: r.id, name: r.name })),
  }));
}

/** An office the staff member runs: 403 for another office, 404 for none. */
async function officeOf(db: Executor, staff: StaffPrincipal, officeId: number): Promise<StaffOfficeRow> {
  assertOffice(staff, officeId);
  const [office] = await findStaffOffices(db, [officeId]);
  if (!office) throw officeNotFound();
  return office;
}

function exceptionOf(row: OpeningExceptionRow): OpeningException {
  return {
    date: row.day,
    openingTime: row.opening_time ? toHoursAndMinutes(row.opening_time) : null,
    closingTime: row.closing_time ? toHoursAndMinutes(row.closing_time) : null,
    reason: row.reason,
  };
}

/**
 * The office's hours on a day as the staff answers carry them: the domain's hoursOnDate
 * (closed on weekends and Finnish holidays; on a working day its exception for the day
 * when it has one, else its usual hours), the rule of the customers' free times too.
 */
export function openingOfDay(
  office: Pick<StaffOfficeRow, 'opening_time' | 'closing_time'>,
  date: string,
  exception: OpeningExceptionRow | undefined,
): { openingTime: string; closingTime: string } | null {
  const hours = hoursOnDate(office, date, exception);
  return hours && { openingTime: hours.opening_time, closingTime: hours.closing_time };
}

// ---- Bookings as listed ----------------------------------------------------------------

/** The booking's lines as its own page shows them, and how many at the end are reductions. */
function linesOf(row: BookingRow, organization: BookingOrganization, added: AddedRow[], now: Date) {
  const view = managedView(row, organization, added, now);
  const reductions = (row.snapshot.discounts ?? []).length;
  return { view, items: view.items, bought: view.items.slice(0, view.items.length - reductions) };
}

const SUMMARY_MAX_LENGTH = 120;

function summaryText(descriptions: string[], symptoms: string[]): string {
  const text = (descriptions.length ? descriptions : symptoms).join(', ');
  return text.length > SUMMARY_MAX_LENGTH ? `${text.slice(0, SUMMARY_MAX_LENGTH - 1)}…` : text;
}

function symptomsOf(row: BookingRow): string[] {
  const symptoms = (row.snapshot as { symptoms?: unknown }).symptoms;
  return Array.isArray(symptoms)
    ? symptoms.flatMap((s) => (s && typeof s === 'object' && typeof (s as { description?: unknown }).description === 'string' ? [(s as { description: string }).description] : []))
    : [];
}

function summaryOf(listed: ListedBooking, organization: BookingOrganization, added: AddedRow[], now: Date): StaffBookingSummary {
  const { row } = listed;
  const { view, bought } = linesOf(row, organization, added, now);
  const customer = row.customer;
  const booking = bookingForMail(row, organization, added);
  const symptoms = symptomsOf(row);
  return {
    id: Number(row.id),
    bookingKey: row.booking_key,
    processType: row.process_type as StaffBookingSummary['processType'],
    status: row.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED',
    visitStatus: (row.visit_status as VisitStatus | null) ?? null,
    start: view.start,
    end: view.end,
    leadDate: view.leadDate,
    resourceIds: listed.resourceIds,
    registerNumber: row.register_number,
    customerName: `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim(),
    customerPhone: customer.phone_number ?? row.customer_phone ?? '',
    summary: summaryText(
      bought.map((i) => (i.amount > 1 ? `${i.description} × ${i.amount}` : i.description)),
      symptoms,
    ),
    totalCents: view.total,
    usingKeyLocker: row.using_key_locker,
    inAbsence: listed.inAbsence,
    car: [row.vehicle?.make, row.vehicle?.model].filter(Boolean).join(' '),
    symptoms,
    customerNotes: typeof booking.notes === 'string' ? booking.notes : '',
    deliveryOption: deliveryOptionOf({
      customer_waiting: booking.customer_waiting === true,
      vehicle_left_for_day: booking.vehicle_left_for_day === true,
      product_parameters: Array.isArray(booking.product_parameters) ? booking.product_parameters : [],
    }),
  };
}

function absenceOf(a: AbsenceRow): Absence {
  return {
    id: a.id,
    resourceId: a.resource_id,
    start: formatLocalDateTime(a.start),
    end: formatLocalDateTime(a.end),
    reason: a.reason,
    bookingsInside: a.bookings_inside,
    bookingIdsInside: a.booking_ids_inside,
  };
}

/** The date `days` later; 400 naming `date` when that leaves the years a date may have (1000–9999). */
function viewDate(date: string, days: number): string {
  try {
    return addDays(date, days);
  } catch (err) {
    if (err instanceof RangeError) throw badRequest('date', 'Päivämäärä on liian kaukana');
    throw err;
  }
}

/** The rows added to listed bookings since they were saved, by booking id. */
async function addedRowsByBooking(db: Executor, listed: ListedBooking[]): Promise<Map<string, AddedRow[]>> {
  const added = new Map<string, AddedRow[]>();
  for (const a of await findAddedRowsOf(
    db,
    listed.map((l) => String(l.row.id)),
  )) {
    added.set(String(a.booking_id), [...(added.get(String(a.booking_id)) ?? []), a]);
  }
  return added;
}

/** What a day or week view reads of an office in [fromDate, toDate). */
async function officeRange(db: Db, staff: StaffPrincipal, officeId: number, fromDate: string, toDate: string, now: Date) {
  const office = await officeOf(db, staff, officeId);
  const from = fromHelsinki(fromDate);
  const to = fromHelsinki(toDate);
  const organization = await findBookingOrganization(db, officeId);
  const resources = await findOfficeResources(db, [officeId]);
  const exceptions = await findOpeningExceptions(db, officeId, fromDate, toDate);
  const listed = await findOfficeBookings(db, officeId, { from, to, fromDate, toDate });
  const added = await addedRowsByBooking(db, listed);
  const bookings = listed.map((l) => summaryOf(l, organization, added.get(String(l.row.id)) ?? [], now));
  const absences = (await findOfficeAbsences(db, officeId, from, to)).map((a) => ({ row: a, absence: absenceOf(a) }));
  return {
    office,
    from,
    to,
    resources: resources.map((r) => ({ id: r.id, name: r.name })),
    exceptions: new Map(exceptions.map((e) => [e.day, e])),
    bookings,
    absences,
  };
}

/** Whether a listed booking belongs to a day: its start's Helsinki date, or a lead's wished date. */
const onDay = (b: StaffBookingSummary, date: string) => (b.start ? b.start.slice(0, 10) === date : b.leadDate === date);

/** Whether an absence overlaps the Helsinki day. */
const absenceOnDay = (a: AbsenceRow, date: string) => a.start < fromHelsinki(addDays(date, 1)) && a.end > fromHelsinki(date);

/** An office's day: its resources and hours, the day's bookings and leads, live holds and absences. */
export async function staffDay(db: Db, staff: StaffPrincipal, officeId: number, date: string, now = new Date()): Promise<StaffDay> {
  const range = await officeRange(db, staff, officeId, date, viewDate(date, 1), now);
  const exception = range.exceptions.get(date);
  const holds = await findLiveHolds(db, officeId, range.from, range.to);
  const next = await findNextBookingStart(db, officeId, range.to);
  return {
    date,
    office: { id: range.office.id, name: range.office.name },
    resources: range.resources,
    opening: openingOfDay(range.office, date, exception),
    exception: exception ? exceptionOf(exception) : null,
    bookings: range.bookings.filter((b) => onDay(b, date)),
    holds: holds.map((h) => ({
      resourceId: h.resource_id,
      start: formatLocalDateTime(h.start),
      end: formatLocalDateTime(h.end),
      expiresAt: formatLocalDateTime(h.expires_at),
    })),
    absences: range.absences.map((a) => a.absence),
    nextBookingDate: next ? formatLocalDateTime(next).slice(0, 10) : null,
  };
}

const MINUTE_MS = 60_000;

/** Milliseconds of [start, end) that fall in the intervals. */
function overlapMs(start: number, end: number, intervals: [number, number][]): number {
  return intervals.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(end, e) - Math.max(start, s)), 0);
}

/**
 * A day's load: for every resource of the office, its open time (the day's hours, the same
 * as the view shows them, less its absences) and the part of it its confirmed bookings
 * take. Null on a closed day.
 */
function dayLoad(
  date: string,
  opening: { openingTime: string; closingTime: string } | null,
  resources: { id: number }[],
  bookings: StaffBookingSummary[],
  absences: AbsenceRow[],
): { bookedMinutes: number; openMinutes: number } | null {
  if (!opening) return null;
  const open = fromHelsinki(date, `${opening.openingTime}:00`).getTime();
  const close = fromHelsinki(date, `${opening.closingTime}:00`).getTime();
  let openMs = 0;
  let bookedMs = 0;
  for (const resource of resources) {
    // The resource's open stretches: the hours cut by its absences (which never overlap).
    let free: [number, number][] = [[open, close]];
    for (const a of absences.filter((x) => x.resource_id === resource.id)) {
      const [s, e] = [a.start.getTime(), a.end.getTime()];
      free = free.flatMap(([fs, fe]): [number, number][] =>
        e <= fs || s >= fe ? [[fs, fe]] : ([[fs, Math.min(fe, s)], [Math.max(fs, e), fe]] as [number, number][]).filter(([x, y]) => y > x),
      );
    }
    openMs += free.reduce((sum, [s, e]) => sum + (e - s), 0);
    for (const b of bookings) {
      if (b.status !== 'CONFIRMED' || !b.start || !b.end || !b.resourceIds.includes(resource.id)) continue;
      bookedMs += overlapMs(parseLocalDateTime(b.start).getTime(), parseLocalDateTime(b.end).getTime(), free);
    }
  }
  return { bookedMinutes: Math.round(bookedMs / MINUTE_MS), openMinutes: Math.round(openMs / MINUTE_MS) };
}

/**
 * An office's week (Monday to Sunday) around a date: each day's hours, bookings, absences
 * and load (booked minutes of the open resource-minutes).
 */
export async function staffWeek(db: Db, staff: StaffPrincipal, officeId: number, date: string, now = new Date()): Promise<StaffWeek> {
  const monday = viewDate(date, 1 - isoWeekday(date));
  const range = await officeRange(db, staff, officeId, monday, viewDate(monday, 7), now);
  return {
    weekStart: monday,
    office: { id: range.office.id, name: range.office.name },
    resources: range.resources,
    days: Array.from({ length: 7 }, (_, i) => {
      const day = addDays(monday, i);
      const exception = range.exceptions.get(day);
      const opening = openingOfDay(range.office, day, exception);
      const bookings = range.bookings.filter((b) => onDay(b, day));
      const absences = range.absences.filter((a) => absenceOnDay(a.row, day));
      return {
        date: day,
        opening,
        exception: exception ? exceptionOf(exception) : null,
        bookings,
        absences: absences.map((a) => a.absence),
        load: dayLoad(
          day,
          opening,
          range.resources,
          bookings,
          absences.map((a) => a.row),
        ),
      };
    }),
  };
}

// ---- Search ----------------------------------------------------------------------------

/**
 * What a staff member's search text can mean: a register number's beginning (letters and
 * digits, spaces and hyphens ignored), a booking key, a phone number (5 or more digits,
 * +358 as 0), or a part of the customer's name or e-mail (3 or more characters, a letter
 * among them).
 */
export function searchTermsOf(text: string): BookingSearchTerms {
  const q = text.trim();
  const upper = q.toUpperCase();
  const compact = upper.replace(/[\s-]/g, '');
  const phoneLike = /^[+\d\s()-]+$/.test(q) ? normalizePhoneNumber(q) : '';
  return {
    plate: /^[A-ZÅÄÖ0-9]{2,}$/.test(compact) ? compact : null,
    bookingKey: /^[A-Z0-9]{6,20}$/.test(upper) ? upper : null,
    phoneDigits: phoneLike.length >= 5 ? phoneLike : null,
    namePattern: q.length >= 3 && /\p{L}/u.test(q) ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  };
}

/**
 * The bookings of the staff member's offices a search text finds, upcoming first (soonest
 * first), then past ones (latest first); at most STAFF_SEARCH_LIMIT, `more` when others match.
 */
export async function searchStaffBookings(db: Db, staff: StaffPrincipal, text: string, now = new Date()): Promise<StaffSearch> {
  const found = await findMatchingBookings(
    db,
    staff.officeIds,
    searchTermsOf(text),
    { instant: now, date: todayInHelsinki(now) },
    STAFF_SEARCH_LIMIT + 1,
  );
  const listed = found.slice(0, STAFF_SEARCH_LIMIT);
  const officeIds = [...new Set(listed.map((l) => l.row.organization_id))];
  const offices = new Map((await findStaffOffices(db, officeIds)).map((o) => [o.id, o]));
  const organizations = new Map<number, BookingOrganization>();
  for (const id of officeIds) organizations.set(id, await findBookingOrganization(db, id));
  const added = await addedRowsByBooking(db, listed);
  return {
    results: listed.map((l) => {
      const officeId = l.row.organization_id;
      return {
        ...summaryOf(l, organizations.get(officeId)!, added.get(String(l.row.id)) ?? [], now),
        office: { id: officeId, name: offices.get(officeId)?.name ?? '' },
      };
    }),
    more: found.length > STAFF_SEARCH_LIMIT,
  };
}

// ---- One booking -----------------------------------------------------------------------

/** A booking of an office the staff member runs: 404 for none, 403 for another office's. */
async function bookingOf(db: Executor, staff: StaffPrincipal, id: number, forUpdate = false): Promise<ListedBooking> {
  const listed = await findStaffBooking(db, id, forUpdate);
  if (!listed) throw notFound();
  assertOffice(staff, listed.row.organization_id);
  return listed;
}

/** A booking with everything the back-office shows of it, its history included. */
export async function staffBookingDetail(db: Executor, staff: StaffPrincipal, id: number, now = new Date()): Promise<StaffBookingDetail> {
  const listed = await bookingOf(db, staff, id);
  const { row } = listed;
  const organization = await findBookingOrganization(db, row.organization_id);
  const added = await findAddedRows(db, row.id);
  const summary = summaryOf(listed, organization, added, now);
  const { items } = linesOf(row, organization, added, now);
  const booking = bookingForMail(row, organization, added);
  const customer: Partial<NonNullable<typeof booking.customer>> = booking.customer ?? {};
  return {
    ...summary,
    office: { id: organization.id, name: organization.name },
    createdAt: formatLocalDateTime(new Date(row.created_at)),
    customer: {
      firstname: customer.first_name ?? '',
      lastname: customer.last_name ?? '',
      email: customer.email ?? '',
      phone: customer.phone_number ?? row.customer_phone ?? '',
      address: customer.address ?? '',
      postCode: customer.post_code ?? '',
      city: customer.post_office ?? '',
    },
    vehicle: {
      registerNumber: row.register_number,
      make: row.vehicle?.make ?? '',
      model: row.vehicle?.model ?? '',
      kilometers: typeof booking.kilometers === 'number' ? booking.kilometers : null,
    },
    items: items.map((i) => ({ name: i.description, quantity: i.amount, priceCents: i.price })),
    campaignCode: row.campaign_code,
    events: await listBookingEvents(db, row.id),
    messages: await listBookingMessages(db, row.id),
  };
}

/**
 * Refuses (400 naming `start`) a start staff may not give: past the booking horizon, off
 * the quarter hours, in the past, on a day the office is closed, or with the booking's
 * length not within the day's hours.
 */
async function assertStaffStart(db: Executor, office: StaffOfficeRow, startText: string, start: Date, end: Date, now: Date) {
  const date = startText.slice(0, 10);
  if (isBeyondHorizon(date, todayInHelsinki(now))) throw badRequest('start', HORIZON_MESSAGE);
  const startMinutes = timeToMinutes(startText.slice(11));
  if (startMinutes % STAFF_MOVE_STEP_MINUTES !== 0 || startText.slice(17) !== '00') {
    throw badRequest('start', `Aloitusaika valitaan ${STAFF_MOVE_STEP_MINUTES} minuutin välein`);
  }
  if (start.getTime() <= now.getTime()) throw badRequest('start', 'Aika on jo mennyt. Valitse tuleva aika.');
  const [exception] = await findOpeningExceptions(db, office.id, date, addDays(date, 1));
  const opening = openingOfDay(office, date, exception);
  if (!opening) throw badRequest('start', 'Toimipiste on suljettu valittuna päivänä');
  const endLocal = formatLocalDateTime(end);
  if (endLocal.slice(0, 10) !== date || startMinutes < timeToMinutes(opening.openingTime) || timeToMinutes(endLocal.slice(11)) > timeToMinutes(opening.closingTime)) {
    throw badRequest('start', `Varaus ei mahdu toimipisteen aukioloaikaan ${opening.openingTime}–${opening.closingTime}`);
  }
}

/**
 * Moves a booking to another start or resource, in one transaction: the row locked, its
 * time released and the new one taken (the exclusion constraint decides; a taken time is
 * 409 and nothing changes), the booking's times, a MOVED history row, the customer's new
 * confirmation with its .ics and the office's notice in the outbox.
 */
export async function staffMoveBooking(
  db: Db,
  staff: StaffPrincipal,
  id: number,
  body: { start: string; resourceId: number },
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row, resourceIds } = await bookingOf(trx, staff, id, true);
    if (row.status !== 'CONFIRMED') throw conflict('NOT_MOVABLE', 'Peruttua varausta ei voi siirtää.');
    if (row.kind !== 'RESERVATION' || !row.start_at || !row.end_at) {
      throw conflict('NOT_MOVABLE', 'Varauksella on vain toivottu päivä, ei aikaa: sitä ei voi siirtää.');
    }
    const resource = await findResource(trx, body.resourceId);
    if (!resource || resource.organization_id !== row.organization_id) {
      throw badRequest('resourceId', 'Resurssi ei kuulu varauksen toimipisteeseen');
    }
    const [office] = await findStaffOffices(trx, [row.organization_id]);
    const start = parseLocalDateTime(body.start);
    const end = new Date(start.getTime() + (row.end_at.getTime() - row.start_at.getTime()));
    await assertStaffStart(trx, office!, body.start, start, end, now);
    const own = await findBookedTimes(trx, String(row.id));
    if (start.getTime() === row.start_at.getTime() && own.length > 0 && own.every((t) => t.resource_id === body.resourceId)) {
      throw badRequest('start', 'Varaus on jo tällä ajalla ja resurssilla');
    }

    // The booking's own time is released first, so a new time overlapping it can be taken;
    // a lost time throws, and the rollback gives the booking its time back.
    await releaseBookedTime(trx, String(row.id));
    await purgeExpiredHolds(trx, row.organization_id, start, end);
    const won = await tryInsertBookedTime(trx, { bookingId: String(row.id), resourceId: body.resourceId, start, end, processToken: row.process_token });
    if (!won) throw conflict('NOT_AVAILABLE', TIME_TAKEN_MESSAGE);
    await updateBookingTime(trx, String(row.id), { start, end, timeSelectionType: row.time_selection_type ?? 'EXACT_TIME' });

    await recordBookingEvent(trx, {
      bookingId: row.id,
      actor: 'STAFF',
      staffUserId: staff.id,
      action: 'MOVED',
      before: { start: formatLocalDateTime(row.start_at), end: formatLocalDateTime(row.end_at), resourceIds },
      after: { start: formatLocalDateTime(start), end: formatLocalDateTime(end), resourceIds: [body.resourceId] },
    });

    const moved: BookingRow = { ...row, start_at: start, end_at: end };
    const email = row.customer.email;
    if (email) {
      const organization = await findBookingOrganization(trx, row.organization_id);
      const added = await findAddedRows(trx, row.id);
      const office = await confirmationOffice(trx, row.organization_id, now);
      const mail = composeConfirmation(bookingForMail(moved, organization, added), row.booking_key, publicUrl, now, office, { moved: true });
      await queueMail(trx, { bookingId: row.id, kind: 'MOVED', recipient: email, ...mail, fileStem: `${row.booking_key}-siirto` });
    }
    await queueOfficeNotice(trx, row.id, 'MOVED', { previousStart: row.start_at, publicUrl, by: staff.name });
  });
}

/**
 * Cancels a booking, in one transaction: its status, its time freed at once, vouchers spent
 * on it given back, a CANCELLED history row (the reason as its note), the customer's e-mail
 * and the office's notice. 409 for a booking already cancelled.
 */
export async function staffCancelBooking(
  db: Db,
  staff: StaffPrincipal,
  id: number,
  reason: string,
  publicUrl: string,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row } = await bookingOf(trx, staff, id, true);
    if (row.status === 'CANCELLED') throw conflict('ALREADY_CANCELLED', 'Varaus on jo peruttu.');
    await markBookingCancelled(trx, String(row.id));
    await releaseBookedTime(trx, String(row.id));
    await returnVouchers(trx, String(row.id));
    await recordBookingEvent(trx, {
      bookingId: row.id,
      actor: 'STAFF',
      staffUserId: staff.id,
      action: 'CANCELLED',
      before: { status: row.status },
      after: { status: 'CANCELLED' },
      note: reason || null,
    });
    const email = row.customer.email;
    if (email) {
      const organization = await findBookingOrganization(trx, row.organization_id);
      const added = await findAddedRows(trx, row.id);
      const view = { ...managedView(row, organization, added, now), status: 'CANCELLED' as const, cancellable: false };
      const mail = composeStaffCancellation(view, reason, organization.phone);
      await queueMail(trx, { bookingId: row.id, kind: 'CANCELLED', recipient: email, ...mail, fileStem: `${row.booking_key}-peruutus` });
    }
    await queueOfficeNotice(trx, row.id, 'CANCELLED', { publicUrl, by: staff.name });
  });
}

/** The Helsinki date of a booking's visit: its start's, or a lead's wished day. */
function visitDateOf(row: BookingRow): string | null {
  if (row.kind === 'RESERVATION' && row.start_at) return formatLocalDateTime(row.start_at).slice(0, 10);
  return row.lead_date ?? null;
}

/**
 * Marks what happened at the visit (or clears it), with a STATUS history row. 409 for a
 * cancelled booking; 400 naming `visitStatus` before the visit's Helsinki day (a car two
 * days ahead cannot have arrived).
 */
export async function staffSetVisitStatus(
  db: Db,
  staff: StaffPrincipal,
  id: number,
  visitStatus: VisitStatus | null,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row } = await bookingOf(trx, staff, id, true);
    if (row.status === 'CANCELLED') throw conflict('CANCELLED', 'Peruttuun varaukseen ei voi merkitä käynnin tilaa.');
    if (visitStatus !== null && !visitStatusAllowed(visitDateOf(row), todayInHelsinki(now))) {
      throw badRequest('visitStatus', VISIT_STATUS_TOO_EARLY);
    }
    const before = (row.visit_status as VisitStatus | null) ?? null;
    if (before === visitStatus) return;
    await updateVisitStatus(trx, String(row.id), visitStatus);
    await recordBookingEvent(trx, {
      bookingId: row.id,
      actor: 'STAFF',
      staffUserId: staff.id,
      action: 'STATUS',
      before: { visitStatus: before },
      after: { visitStatus },
    });
  });
}

/** Adds an internal note to the booking's history (never shown to the customer). */
export async function staffAddNote(db: Db, staff: StaffPrincipal, id: number, text: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { row } = await bookingOf(trx, staff, id, true);
    await recordBookingEvent(trx, { bookingId: row.id, actor: 'STAFF', staffUserId: staff.id, action: 'NOTE', note: text });
  });
}
