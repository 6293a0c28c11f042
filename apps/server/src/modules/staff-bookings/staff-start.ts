/**
 * The start staff may give a booking (a move, a booking made at the desk): any quarter hour
 * of the staff grid within the office's hours of a future day inside the booking horizon.
 */
import { HORIZON_MESSAGE, STAFF_MOVE_STEP_MINUTES, addDays, formatLocalDateTime, isBeyondHorizon, timeToMinutes, todayInHelsinki } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { findOpeningExceptions, type StaffOfficeRow } from './repository.ts';
import { openingOfDay } from './service.ts';

/** The office a start is checked against: its id and usual hours. */
export type StaffStartOffice = Pick<StaffOfficeRow, 'id' | 'opening_time' | 'closing_time'>;

/**
 * Refuses (400 naming `start`) a start staff may not give: past the booking horizon, off
 * the quarter hours, in the past, on a day the office is closed, or with the booking's
 * length not within the day's hours.
 */
export async function assertStaffStart(db: Executor, office: StaffStartOffice, startText: string, start: Date, end: Date, now: Date): Promise<void> {
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
