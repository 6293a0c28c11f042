/**
 * The back-office's bookings: the offices a staff member runs and their hours of a day, a
 * booking's detail, and what staff do to a booking (cancel, mark the visit, add an internal
 * note). Every change is one transaction with its history row (booking_event) and its
 * e-mails in the outbox. An office's day and week: views.ts; search: search.ts; moving a
 * booking: move.ts (the exclusion constraint of resource_time, through holds/take-time.ts,
 * still decides whether a time is free).
 */
import {
  formatLocalDateTime,
  hoursOnDate,
  toHoursAndMinutes,
  todayInHelsinki,
  type OpeningException,
  type StaffBookingDetail,
  type StaffOffice,
  type VisitStatus,
  VISIT_STATUS_TOO_EARLY,
  visitStatusAllowed,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { listBookingEvents, recordBookingEvent } from '../booking-events/index.ts';
import { releaseBookedTime } from '../holds/index.ts';
import { queueOfficeNotice, listBookingMessages } from '../mail/index.ts';
import {
  findAddedRows,
  findBookingOrganization,
  markBookingCancelled,
  returnVouchers,
  type BookingRow,
  queueMail,
  bookingForMail,
  managedView,
} from '../manage/index.ts';
import { assertOffice, type StaffPrincipal } from '../staff/index.ts';
import { companyDetails } from '../settings/index.ts';
import { composeStaffCancellation } from './mail.ts';
import { linesOf, summaryOf } from './listing.ts';
import {
  findOfficeResources,
  findOfficeView,
  findStaffBooking,
  findStaffOffices,
  updateVisitStatus,
  type ListedBooking,
  type OfficeViewRow,
  type OpeningExceptionRow,
  type StaffOfficeRow,
} from './repository.ts';

const notFound = () => new DomainError(404, 'NOT_FOUND', 'Varausta ei löytynyt.');
const officeNotFound = () => new DomainError(404, 'NOT_FOUND', 'Toimipistettä ei löytynyt.');
export const conflict = (code: string, message: string) => new DomainError(409, code, message);

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
    resources: resources.filter((r) => r.organization_id === o.id && r.active).map((r) => ({ id: r.id, name: r.name })),
  }));
}

/** An office the staff member runs: 403 for another office, 404 for none. */
export async function officeOf(db: Executor, staff: StaffPrincipal, officeId: number): Promise<StaffOfficeRow> {
  return found(staff, officeId, async () => (await findStaffOffices(db, [officeId]))[0]);
}

/**
 * An office the staff member runs with its resources and its opening exceptions on the days
 * [fromDate, toDate), as its day and week views read them: 403 and 404 as officeOf.
 */
export async function officeViewOf(db: Executor, staff: StaffPrincipal, officeId: number, fromDate: string, toDate: string): Promise<OfficeViewRow> {
  return found(staff, officeId, () => findOfficeView(db, officeId, fromDate, toDate));
}

/** What `read` finds of an office the staff member runs: 403 for another office (before reading), 404 for none. */
async function found<T>(staff: StaffPrincipal, officeId: number, read: () => Promise<T | undefined>): Promise<T> {
  assertOffice(staff, officeId);
  const office = await read();
  if (!office) throw officeNotFound();
  return office;
}

export function exceptionOf(row: OpeningExceptionRow): OpeningException {
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

// ---- One booking -----------------------------------------------------------------------

/** A booking of an office the staff member runs: 404 for none, 403 for another office's. */
export async function bookingOf(db: Executor, staff: StaffPrincipal, id: number, forUpdate = false): Promise<ListedBooking> {
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
    // The lines start with the order's items, in their order; the rest are extra rows and reductions.
    items: items.map((i, n) => ({
      productId: n < row.order_items.length ? (row.order_items[n]!.product?.id ?? null) : null,
      name: i.description,
      quantity: i.amount,
      priceCents: i.price,
    })),
    campaignCode: row.campaign_code,
    events: await listBookingEvents(db, row.id),
    messages: await listBookingMessages(db, row.id),
  };
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
      const mail = composeStaffCancellation(view, reason, organization.phone, await companyDetails(trx));
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
