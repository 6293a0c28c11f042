/**
 * An office's capacity as staff run it: absences of its resources (a day or some hours
 * off) and its opening hours and exceptions (a closed day, a short day). Both change the
 * customers' free times at once: absences are busy time of their resource and exceptions
 * the hours of their day in every calendar computation (time/repository.ts,
 * time/slots.ts `hoursOn`), and migration 015's triggers bump the office's availability
 * version in the same transaction, so no kept calendar outlives the change.
 *
 * A booking already inside a new absence stays: it is counted in `bookingsInside` and
 * flagged in the day view.
 *
 * Every change writes its audit row in its transaction: an absence added (entity ABSENCE,
 * CREATED) or removed (DELETED), and the office's hours (OFFICE, UPDATED).
 */
import {
  ABSENCE_LIST_MAX_DAYS,
  ABSENCE_MAX_DAYS,
  HORIZON_MESSAGE,
  addDays,
  daysBetween,
  formatLocalDateTime,
  fromHelsinki,
  isBeyondHorizon,
  isWorkingDay,
  parseLocalDateTime,
  todayInHelsinki,
  type Absence,
  type OpeningException,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import {
  deleteAbsence,
  deleteOpeningException,
  findAbsences,
  findOpening,
  insertAbsence,
  officeOfResource,
  updateOpeningHours,
  upsertOpeningException,
  type AbsenceRow,
} from './repository.ts';

const notFound = (message: string) => new DomainError(404, 'NOT_FOUND', message);
const officeNotFound = () => notFound('Toimipistettä ei löydy.');

/** 'HH:mm:ss' or 'HH:mm' → 'HH:mm'. */
const clock = (time: string) => time.slice(0, 5);

function absenceOf(row: AbsenceRow): Absence {
  return {
    id: row.id,
    resourceId: row.resource_id,
    start: formatLocalDateTime(row.start),
    end: formatLocalDateTime(row.end),
    reason: row.reason,
    bookingsInside: row.bookings_inside,
    bookingIdsInside: row.booking_ids_inside,
  };
}

/** An absence as its audit row keeps it: the stored row, without the bookings counted inside it. */
function auditedAbsence(absence: Absence, officeId: number) {
  return { id: absence.id, officeId, resourceId: absence.resourceId, start: absence.start, end: absence.end, reason: absence.reason };
}

/** The absences of the office's resources overlapping the dates from..to (inclusive). */
export async function listAbsences(db: Executor, officeId: number, range: { from: string; to: string }): Promise<Absence[]> {
  if (daysBetween(range.from, range.to) >= ABSENCE_LIST_MAX_DAYS) {
    throw badRequest('to', `Enintään ${ABSENCE_LIST_MAX_DAYS} päivää kerrallaan`);
  }
  const rows = await findAbsences(db, officeId, { from: fromHelsinki(range.from), to: fromHelsinki(addDays(range.to, 1)) });
  return rows.map(absenceOf);
}

/**
 * Adds an absence of one of the office's resources, from start to end (Helsinki wall
 * clock). 400 naming the field: a resource of another office (resourceId), a start before
 * today or past the booking horizon or overlapping another absence of the resource (start),
 * longer than ABSENCE_MAX_DAYS (end). Bookings inside it stay.
 */
export async function addAbsence(
  db: Db,
  officeId: number,
  staffUserId: number,
  body: { resourceId: number; start: string; end: string; reason: string },
  now = new Date(),
): Promise<Absence> {
  const today = todayInHelsinki(now);
  const startDate = body.start.slice(0, 10);
  if (startDate < today) throw badRequest('start', 'Poissaolo ei voi alkaa menneenä päivänä');
  if (isBeyondHorizon(startDate, today)) throw badRequest('start', HORIZON_MESSAGE);
  if (body.end > `${addDays(startDate, ABSENCE_MAX_DAYS)}${body.start.slice(10)}`) {
    throw badRequest('end', `Poissaolo on enintään ${ABSENCE_MAX_DAYS} päivää; pidempi poissaolo kirjataan osissa`);
  }
  const start = parseLocalDateTime(body.start);
  const end = parseLocalDateTime(body.end);
  return db.transaction().execute(async (trx) => {
    if ((await officeOfResource(trx, body.resourceId)) !== officeId) {
      throw badRequest('resourceId', 'Resurssi ei kuulu toimipisteeseen');
    }
    const id = await insertAbsence(trx, { resourceId: body.resourceId, start, end, reason: body.reason, staffUserId });
    if (id === null) throw badRequest('start', 'Resurssilla on jo poissaolo tänä aikana');
    const absence = absenceOf((await findAbsences(trx, officeId, { id }))[0]!);
    await recordAudit(trx, { staffUserId, entity: 'ABSENCE', entityId: id, action: 'CREATED', after: auditedAbsence(absence, officeId) });
    return absence;
  });
}

/**
 * Removes an absence of the office (its free times come back at once), with its audit row
 * (DELETED, the absence as it was); 404 when the office has no such absence.
 */
export async function removeAbsence(db: Db, officeId: number, staffUserId: number, id: number): Promise<{ responseCode: 'SUCCESS' }> {
  return db.transaction().execute(async (trx) => {
    const [before] = await findAbsences(trx, officeId, { id });
    if (!before || !(await deleteAbsence(trx, officeId, id))) throw notFound('Poissaoloa ei löydy.');
    await recordAudit(trx, { staffUserId, entity: 'ABSENCE', entityId: id, action: 'DELETED', before: auditedAbsence(absenceOf(before), officeId) });
    return { responseCode: 'SUCCESS' as const };
  });
}

export interface Opening {
  openingTime: string;
  closingTime: string;
  exceptions: OpeningException[];
}

/** The office's usual hours and its exceptions from today on. */
export async function opening(db: Executor, officeId: number, now = new Date()): Promise<Opening> {
  const row = await findOpening(db, officeId, todayInHelsinki(now));
  if (!row) throw officeNotFound();
  return {
    openingTime: clock(row.opening_time),
    closingTime: clock(row.closing_time),
    exceptions: row.exceptions.map((e) => ({
      date: e.day,
      openingTime: e.opening_time === null ? null : clock(e.opening_time),
      closingTime: e.closing_time === null ? null : clock(e.closing_time),
      reason: e.reason,
    })),
  };
}

/**
 * The audit row of a change of the office's hours (entity OFFICE, action UPDATED), its usual
 * hours and exceptions before and after; written in the transaction of the change. An
 * unchanged call writes none.
 */
async function recordOpeningChange(trx: Executor, officeId: number, staffUserId: number | null, before: Opening, after: Opening) {
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  await recordAudit(trx, { staffUserId, entity: 'OFFICE', entityId: officeId, action: 'UPDATED', before: { opening: before }, after: { opening: after } });
}

/** Sets the office's usual hours (Monday–Friday); the first slot time is kept inside them. */
export async function setOpeningHours(
  db: Db,
  officeId: number,
  staffUserId: number | null,
  body: { openingTime: string; closingTime: string },
  now = new Date(),
): Promise<Opening> {
  return db.transaction().execute(async (trx) => {
    const before = await opening(trx, officeId, now);
    await updateOpeningHours(trx, officeId, body.openingTime, body.closingTime);
    const after = await opening(trx, officeId, now);
    await recordOpeningChange(trx, officeId, staffUserId, before, after);
    return after;
  });
}

/**
 * The days an exception may be set on (400 naming `date`): from today to the booking
 * horizon, and only a day the office is otherwise open on, so an exception never opens a
 * weekend or a holiday. The data import checks its exceptions with the same rule.
 */
export function assertExceptionDate(date: string, now = new Date()): void {
  const today = todayInHelsinki(now);
  if (date < today) throw badRequest('date', 'Päivä on jo mennyt');
  if (isBeyondHorizon(date, today)) throw badRequest('date', HORIZON_MESSAGE);
  if (!isWorkingDay(date)) throw badRequest('date', 'Toimipiste on suljettu tänä päivänä muutenkin (viikonloppu tai pyhäpäivä)');
}

/**
 * Sets the office's exception of a day: closed, or open from openingTime to closingTime
 * instead of the usual hours. Only a day the office is otherwise open on, from today to
 * the booking horizon (400 naming `date`): an exception never opens a weekend or a holiday.
 */
export async function setOpeningException(
  db: Db,
  officeId: number,
  staffUserId: number | null,
  date: string,
  body: { closed: boolean; openingTime: string | null; closingTime: string | null; reason: string },
  now = new Date(),
): Promise<Opening> {
  assertExceptionDate(date, now);
  return db.transaction().execute(async (trx) => {
    const before = await opening(trx, officeId, now);
    await upsertOpeningException(trx, {
      organizationId: officeId,
      day: date,
      openingTime: body.closed ? null : body.openingTime,
      closingTime: body.closed ? null : body.closingTime,
      reason: body.reason,
    });
    const after = await opening(trx, officeId, now);
    await recordOpeningChange(trx, officeId, staffUserId, before, after);
    return after;
  });
}

/** Removes the office's exception of a day (the usual hours again); 404 when the day has none. */
export async function removeOpeningException(db: Db, officeId: number, staffUserId: number | null, date: string, now = new Date()): Promise<Opening> {
  return db.transaction().execute(async (trx) => {
    const before = await opening(trx, officeId, now);
    if (!(await deleteOpeningException(trx, officeId, date))) throw notFound('Päivällä ei ole poikkeavia aukioloaikoja.');
    const after = await opening(trx, officeId, now);
    await recordOpeningChange(trx, officeId, staffUserId, before, after);
    return after;
  });
}
