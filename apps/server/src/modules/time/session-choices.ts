/*
 * What a booking session chooses besides its time: a wished date instead of one (lead
 * mode), the mechanics, how the car is left (key locker), and giving its time back.
 */
import {
  HORIZON_MESSAGE,
  addDays,
  formatLocalDateTime,
  fromHelsinki,
  isBeyondHorizon,
  leadDateProblem,
  lockerHalfDayKey,
  normalizePhoneNumber,
  todayInHelsinki,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import type { ProcessRow } from '../process/index.ts';
import { updateProcess, vehicleOf } from '../process/index.ts';
import { findOrganization } from '../organizations/index.ts';
import { findHeldTime, releaseHolds } from '../holds/index.ts';
import { findLockerStarts, findResourceOfLastVisit } from './repository.ts';
import { lockUnsavedSession, selectableResources } from './service.ts';

/**
 * Which asked start times fall on a half-day whose key-locker compartments at the
 * booking's office are all taken by saved bookings and other sessions' live holds.
 * A start time past the booking horizon is a 400 naming it.
 */
export async function lockerReservedTimes(
  db: Db,
  session: ProcessRow,
  startTimes: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const today = todayInHelsinki(now);
  startTimes.forEach((t, i) => {
    if (isBeyondHorizon(t.slice(0, 10), today)) throw badRequest(`startTimes.${i}`, HORIZON_MESSAGE);
  });
  if (!session.organization_id) throw badRequest('organizationId', 'Valitse ensin toimipiste');
  const organization = await findOrganization(db, session.organization_id);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  const dates = startTimes.map((t) => t.slice(0, 10)).sort();
  const from = fromHelsinki(dates[0]!);
  const to = fromHelsinki(addDays(dates[dates.length - 1]!, 1));
  const counts = new Map<string, number>();
  for (const start of await findLockerStarts(db, organization.id, from, to, session.token)) {
    const key = lockerHalfDayKey(formatLocalDateTime(start));
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return startTimes.filter((t) => (counts.get(lockerHalfDayKey(t)) ?? 0) >= organization.locker_compartments);
}

/**
 * Lead mode: the customer wishes a date and is contacted instead of reserving a time.
 * The date must be a working day after today, at most three months ahead. Any hold of
 * the session is released.
 */
export async function setLead(db: Db, token: string, leadDate: string, now = new Date()): Promise<void> {
  const problem = leadDateProblem(leadDate, todayInHelsinki(now));
  if (problem) throw badRequest('leadDate', problem);
  await db.transaction().execute(async (trx) => {
    const session = await lockUnsavedSession(trx, token);
    if (!session.organization_id || !(await findOrganization(trx, session.organization_id))) {
      throw badRequest('organizationId', 'Valitse ensin toimipiste');
    }
    await releaseHolds(trx, token);
    await updateProcess(trx, token, { lead_date: leadDate });
  });
}

/**
 * The mechanic who served this phone number's latest earlier visit at the office with the
 * session's car, if any; null also when the session has no car.
 */
export async function resourceForCustomer(db: Executor, session: ProcessRow, phoneNumber: string) {
  if (!session.organization_id) return null;
  // Only a visit with the car this session has searched counts: a phone number alone tells
  // nothing (not even whether it has visited), so the call cannot be used to look people up.
  const registerNumber = vehicleOf(session)?.register_number;
  if (!registerNumber) return null;
  const organization = await findOrganization(db, session.organization_id);
  if (!organization?.customer_selects_resource) return null;
  return (await findResourceOfLastVisit(db, organization.id, normalizePhoneNumber(phoneNumber), registerNumber)) ?? null;
}

/**
 * Limits the booking to the chosen mechanics (an empty list: anyone). Each must be a
 * selectable resource of the booking's office. A held time on a mechanic no longer
 * chosen is released.
 */
export async function setSelectedResources(db: Db, token: string, resourceIds: readonly number[]): Promise<void> {
  const ids = [...new Set(resourceIds)];
  await db.transaction().execute(async (trx) => {
    const session = await lockUnsavedSession(trx, token);
    if (ids.length > 0) {
      const allowed = new Set((await selectableResources(trx, session)).map((r) => r.id));
      const wrong = ids.filter((id) => !allowed.has(id));
      if (wrong.length > 0) {
        throw badRequest('resourceIds', `Mekaanikkoa ei voi valita tässä toimipisteessä: ${wrong.join(', ')}`);
      }
      const held = await findHeldTime(trx, token);
      if (held?.kind === 'HOLD' && !ids.includes(held.resource_id)) await releaseHolds(trx, token);
    }
    await updateProcess(trx, token, { selected_resource_ids: ids });
  });
}

/** Releases the session's held time (remove-reservation). */
export async function removeReservation(db: Db, token: string): Promise<void> {
  await releaseHolds(db, token);
}

/** How the customer leaves the car (reservation-details/v2). */
export async function setReservationDetails(
  db: Db,
  token: string,
  details: { customerWaiting: boolean; vehicleLeftForDay: boolean; usingKeyLocker: boolean },
): Promise<void> {
  await updateProcess(db, token, {
    customer_waiting: details.customerWaiting,
    vehicle_left_for_day: details.vehicleLeftForDay,
    using_key_locker: details.usingKeyLocker,
  });
}
