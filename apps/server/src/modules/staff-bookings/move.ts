/**
 * Staff moving a booking to another start or resource of its office: any quarter hour
 * within the office's hours of the day, the time taken through holds/take-time.ts.
 */
import { formatLocalDateTime, parseLocalDateTime } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { recordBookingEvent } from '../booking-events/index.ts';
import { TimeNotWon, takeTime } from '../holds/index.ts';
import { composeConfirmation, confirmationOffice, queueOfficeNotice } from '../mail/index.ts';
import {
  findAddedRows,
  findBookedTimes,
  findBookingOrganization,
  updateBookingTime,
  type BookingRow,
  queueMail,
  bookingForMail,
} from '../manage/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { findResource, findStaffOffices } from './repository.ts';
import { bookingOf, conflict } from './service.ts';
import { assertStaffStart } from './staff-start.ts';

/** The message of a move onto a time already taken on the resource. */
export const TIME_TAKEN_MESSAGE = 'Aika on jo varattu';

/**
 * Moves a booking to another start or resource, in one transaction: the row locked, its
 * time released and the new one taken (holds/take-time.ts: the exclusion constraint
 * decides; a taken time is 409 and nothing changes), the booking's times, a MOVED history row, the customer's new
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
  try {
    await db.transaction().execute((trx) => move(trx));
  } catch (err) {
    if (err instanceof TimeNotWon) throw conflict('NOT_AVAILABLE', err.message);
    throw err;
  }

  async function move(trx: Executor): Promise<void> {
    const { row, resourceIds } = await bookingOf(trx, staff, id, true);
    if (row.status !== 'CONFIRMED') throw conflict('NOT_MOVABLE', 'Peruttua varausta ei voi siirtää.');
    if (row.kind !== 'RESERVATION' || !row.start_at || !row.end_at) {
      throw conflict('NOT_MOVABLE', 'Varauksella on vain toivottu päivä, ei aikaa: sitä ei voi siirtää.');
    }
    const resource = await findResource(trx, body.resourceId);
    if (!resource || resource.organization_id !== row.organization_id) {
      throw badRequest('resourceId', 'Resurssi ei kuulu varauksen toimipisteeseen');
    }
    if (!resource.active) throw badRequest('resourceId', 'Resurssi on poistettu käytöstä');
    const [office] = await findStaffOffices(trx, [row.organization_id]);
    const start = parseLocalDateTime(body.start);
    const end = new Date(start.getTime() + (row.end_at.getTime() - row.start_at.getTime()));
    await assertStaffStart(trx, office!, body.start, start, end, now);
    const own = await findBookedTimes(trx, String(row.id));
    if (start.getTime() === row.start_at.getTime() && own.length > 0 && own.every((t) => t.resource_id === body.resourceId)) {
      throw badRequest('start', 'Varaus on jo tällä ajalla ja resurssilla');
    }

    // The booking's own time is released first, so a new time overlapping it can be taken;
    // a lost time throws TimeNotWon, and the rollback gives the booking its time back.
    await takeTime(trx, {
      taker: { booking: { bookingId: String(row.id), processToken: row.process_token } },
      organizationId: row.organization_id,
      within: { start, end },
      candidates: [{ resourceId: body.resourceId, start, end }],
      lostMessage: TIME_TAKEN_MESSAGE,
    });
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
  }
}
