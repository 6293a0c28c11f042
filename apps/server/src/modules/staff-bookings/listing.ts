/**
 * A booking as the back-office lists it (day, week, search, detail): its summary line,
 * its lines as its own page shows them, and absences as listed.
 */
import { deliveryOptionOf, formatLocalDateTime, type Absence, type StaffBookingSummary, type VisitStatus } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import type { AddedRow, BookingOrganization, BookingRow } from '../manage/index.ts';
import { bookingForMail, managedView } from '../manage/index.ts';
import { findAddedRowsOf, type AbsenceRow, type ListedBooking } from './repository.ts';

/** The booking's lines as its own page shows them, and how many at the end are reductions. */
export function linesOf(row: BookingRow, organization: BookingOrganization, added: AddedRow[], now: Date) {
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

export function summaryOf(listed: ListedBooking, organization: BookingOrganization, added: AddedRow[], now: Date): StaffBookingSummary {
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
    channel: row.channel as StaffBookingSummary['channel'],
    createdBy: listed.createdBy,
  };
}

export function absenceOf(a: AbsenceRow): Absence {
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

/** The rows added to listed bookings since they were saved, by booking id (not read for bookings known to have none). */
export async function addedRowsByBooking(db: Executor, listed: ListedBooking[]): Promise<Map<string, AddedRow[]>> {
  const added = new Map<string, AddedRow[]>();
  for (const a of await findAddedRowsOf(
    db,
    listed.filter((l) => l.hasAddedRows !== false).map((l) => String(l.row.id)),
  )) {
    added.set(String(a.booking_id), [...(added.get(String(a.booking_id)) ?? []), a]);
  }
  return added;
}
