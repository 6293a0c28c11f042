import {
  bookingCalendarFileName,
  formatLocalDateTime,
  toHoursAndMinutes,
  type Booking,
} from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { bookingCalendar, confirmationEvent } from '../mail/index.ts';
import { companyDetails } from '../settings/index.ts';
import { findAddedRows, findBookingByKeyAndPlate, findBookingOffice } from './repository.ts';

export interface CalendarFile {
  fileName: string;
  ics: string;
}

/**
 * A saved booking's calendar file: the event the confirmation e-mail attaches (same UID,
 * so a calendar that has it updates it), at the booking's current time and with the rows
 * added since. Opened like the booking's own page, by its key and the car's registration
 * number; a cancelled booking has no file, nor has a lead, whose time is not agreed yet.
 */
export async function bookingCalendarFile(db: Db, access: { bookingKey: string; registerNumber: string }, now = new Date()): Promise<CalendarFile> {
  const row = await findBookingByKeyAndPlate(db, access.bookingKey, access.registerNumber);
  if (!row || row.status === 'CANCELLED') {
    throw new DomainError(404, 'NOT_FOUND', 'Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.');
  }
  if (row.kind !== 'RESERVATION' || !row.start || !row.end) {
    throw new DomainError(404, 'NO_TIME', 'Varauksella ei ole vielä sovittua aikaa. Otamme yhteyttä ja sovimme sen.');
  }
  const office = await findBookingOffice(db, row.organizationId);
  const added = await findAddedRows(db, row.id);
  const snap = row.snapshot;
  const booking = {
    ...snap,
    organization: {
      id: office.id,
      name: office.name,
      address: office.address,
      post_code: office.post_code,
      post_office: office.post_office,
      brand_dealer: false,
      opening_time: toHoursAndMinutes(office.opening_time),
      closing_time: toHoursAndMinutes(office.closing_time),
    },
    vehicle: { ...snap.vehicle, register_number: row.registerNumber },
    extra_order_items: [
      ...snap.extra_order_items,
      ...added.map((r) => ({
        id: r.product_id,
        description: r.amount > 1 ? `${r.description} × ${r.amount}` : r.description,
        price: r.unit_price_cents * r.amount,
      })),
    ],
    booking_total_duration: {
      start: formatLocalDateTime(row.start),
      end: formatLocalDateTime(row.end),
      time_selection_type: row.timeSelectionType ?? 'EXACT_TIME',
      minutes: Math.round((row.end.getTime() - row.start.getTime()) / 60000),
    },
    price: { active_price: row.totalCents },
  } as unknown as Booking;
  const event = confirmationEvent(booking, row.bookingKey, { email: office.email, phone: office.phone, company: await companyDetails(db) })!;
  return { fileName: bookingCalendarFileName(row.bookingKey), ics: bookingCalendar({ ...event, now }) };
}
