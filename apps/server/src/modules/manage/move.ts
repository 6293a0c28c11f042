/**
 * A customer moving their booking to another free time at its office (/oma-varaus): the
 * free times offered for the move and the move itself.
 */
import {
  CANCEL_LIMIT_HOURS,
  HORIZON_MESSAGE,
  addDays,
  formatLocalDateTime,
  fromHelsinki,
  isBeyondHorizon,
  isMovable,
  isWorkingDay,
  lockerHalfDayKey,
  parseLocalDateTime,
  todayInHelsinki,
  type FreeTimeDay,
  type MoveBookingResponse,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError, badRequest } from '#src/lib/errors.ts';
import { composeConfirmation, confirmationOffice, queueOfficeNotice } from '../mail/index.ts';
import { recordBookingEvent } from '../booking-events/index.ts';
import { TimeNotWon, takeTime, type TimeCandidate } from '../holds/index.ts';
import { findOrganization } from '../organizations/index.ts';
import { findProductsEverOffered } from '../catalogue/index.ts';
import {
  assertBookableRange,
  usableResources,
  workKindsOfLines,
  findBusyIntervals,
  findLockerStarts,
  findOpeningExceptions,
  findResources,
  findResourcesOfDay,
  SAME_DAY_LEAD_MINUTES,
  computeFreeDays,
  dayGap,
  dayWindow,
  exactCandidates,
  groupByResource,
  isFree,
  type Interval,
} from '../time/index.ts';
import { findBookedTimes, updateBookingTime, type BookedTime, type BookingRow } from './repository.ts';
import { loadBooking, queueMail, type BookingAccess } from './service.ts';
import { bookingForMail, contactOf, managedView } from './views.ts';

const bookingNotFound = () => new DomainError(404, 'NOT_FOUND', 'Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.');
const notMovable = (message: string) => new DomainError(409, 'NOT_MOVABLE', message);
/** The answer when the booking's time is too near (the same deadline as cancelling). */
export const MOVE_TOO_LATE_MESSAGE = `Varausta ei voi enää siirtää verkossa: siirtäminen on mahdollista viimeistään ${CANCEL_LIMIT_HOURS} tuntia ennen varattua aikaa. Soita toimipisteeseen.`;

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
  // Only resources that can do every kind of work of the booking's services.
  const productIds = row.order_items.flatMap((i) => {
    const id = (i as { product?: { id?: unknown } }).product?.id;
    return typeof id === 'string' ? [id] : [];
  });
  // The booking keeps its services whatever their dates and active flag (a campaign service
  // may have ended, a service been deactivated since): their work still needs a resource that can do it.
  const kinds = workKindsOfLines((await findProductsEverOffered(db, productIds)).map((product) => ({ product })));
  const usable = usableResources(organization, await findResources(db, organization.id), row.snapshot.selected_resource_ids ?? [], kinds);
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
  const loaded = await loadBooking(db, access, now);
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
 * time is released and the new one taken on one of its resources (holds/take-time.ts, as
 * for reserve-time: the exclusion constraint of resource_time decides); when the new time cannot be
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
      const loaded = await loadBooking(trx, access, now, true);
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

      // The booking's own time is released in the same transaction (holds/take-time.ts), so it
      // never stands in the way of a new time overlapping it; a lost time rolls the release back.
      const won = await takeTime(trx, {
        taker: { booking: { bookingId: row.id, processToken: row.process_token } },
        organizationId: organization.id,
        within: window,
        candidates: exact ? resourceIds.map((resourceId) => ({ resourceId, start: window.start, end: window.end })) : dayCandidates(window),
        lostMessage: exact
          ? 'Valitsemasi aika ehdittiin varata. Varauksesi on edelleen entisellä ajallaan. Valitse toinen aika.'
          : 'Valitsemasi päivä ehdittiin varata täyteen. Varauksesi on edelleen entisellä ajallaan. Valitse toinen päivä.',
      });
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

      /**
       * The day's first stretch each resource could take (not before the same-day notice),
       * read after the booking's own time is released; none on a half-day whose key-locker
       * compartments are full. Absences are in the busy time.
       */
      async function* dayCandidates(whole: Interval): AsyncGenerator<TimeCandidate> {
        const earliest = new Date(now.getTime() + SAME_DAY_LEAD_MINUTES * 60000);
        const from = whole.start < earliest ? earliest : whole.start;
        const busy = groupByResource(resourceIds, await findBusyIntervals(trx, organization.id, whole.start, whole.end, row.process_token ?? ''));
        for (const resourceId of resourceIds) {
          const gap = dayGap(busy.get(resourceId) ?? [], from, whole.end, minutes, 'MORNING');
          if (gap && !lockersFull.has(lockerHalfDayKey(formatLocalDateTime(gap.start)))) yield { resourceId, start: gap.start, end: gap.end };
        }
      }
    });
  } catch (err) {
    if (err instanceof TimeNotWon) return notAvailable(err.message);
    throw err;
  }
}
