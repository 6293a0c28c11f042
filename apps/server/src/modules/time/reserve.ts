import {
  HOLD_MINUTES,
  HORIZON_MESSAGE,
  isBeyondHorizon,
  isWorkingDay,
  parseLocalDateTime,
  todayInHelsinki,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { SessionExpiredError, badRequest } from '#src/lib/errors.ts';
import { markFirstHold, selectedResourceIdsOf, updateProcess } from '../process/index.ts';
import { TimeNotWon, takeTime, type TimeCandidate } from '../holds/index.ts';
import { addressShare, findBusyIntervals, findResourcesOfDay, lockAddress } from './repository.ts';
import { dayGap, dayWindow, exactCandidates, groupByResource, isFree, SAME_DAY_LEAD_MINUTES } from './slots.ts';
import {
  ADDRESS_SHARE_MESSAGE,
  HOLD_TOTAL_MESSAGE,
  HOLD_TOTAL_MINUTES,
  withinShare,
  type AddressLimits,
} from './fair-share.ts';
import { bookingContext, lockUnsavedSession, usableResources } from './service.ts';

export type ReserveOutcome =
  | { responseCode: 'SUCCESS' }
  | { responseCode: 'NOT_AVAILABLE'; message: string }
  /** The client's address has its share of the office (answered 429 with Retry-After). */
  | { responseCode: 'TOO_MANY_REQUESTS'; message: string; retryAfterSeconds: number };

/**
 * Holds a time for a session. EXACT_TIME takes the asked slot on any free resource;
 * DAY_ONLY takes a stretch of the asked day: with a shift position the first (MORNING)
 * or last (EVENING) stretch inside that shift, else of the whole day. Only the mechanics
 * the customer chose are used when there is a choice, and never one absent at the time
 * (resource_absence); a day with an opening exception offers only its own hours, and
 * none when the exception closes it (NOT_AVAILABLE). Any earlier hold of the session is
 * released and its lead date cleared in the same transaction (holds/take-time.ts); when
 * the asked time cannot be taken, that transaction is rolled back and the earlier hold
 * stays exactly as it was, so a customer changing to a time someone else just took keeps
 * the time they had.
 *
 * Fair share (docs/decisions/007): a session's holds end at most HOLD_TOTAL_MINUTES after
 * its first one, after which reserving answers 412 like an expired session and the
 * customer starts over; with `limits`, a session started from an
 * address that already has its share of the office is refused and nothing changes.
 */
export async function reserveTime(
  db: Db,
  token: string,
  body: { reservation: string; timeSelectionType: 'EXACT_TIME' | 'DAY_ONLY'; workshiftPosition?: 'MORNING' | 'EVENING' | null | undefined },
  now = new Date(),
  limits?: AddressLimits,
): Promise<ReserveOutcome> {
  const [startText, endText] = body.reservation.split('|') as [string, string];
  const start = parseLocalDateTime(startText);
  const end = parseLocalDateTime(endText);
  const date = startText.slice(0, 10);
  // A time past the booking horizon is never held (a past one is NOT_AVAILABLE below).
  const today = todayInHelsinki(now);
  if (isBeyondHorizon(date, today) || isBeyondHorizon(endText.slice(0, 10), today)) {
    throw badRequest('reservation', HORIZON_MESSAGE);
  }
  const notAvailable = (message: string): ReserveOutcome => ({ responseCode: 'NOT_AVAILABLE', message });

  try {
    return await db.transaction().execute((trx) => holdTime(trx));
  } catch (err) {
    if (err instanceof TimeNotWon) return notAvailable(err.message);
    throw err;
  }

  async function holdTime(trx: Executor): Promise<ReserveOutcome> {
    const session = await lockUnsavedSession(trx, token);
    const { organization, minutes, kinds } = await bookingContext(trx, session);
    if (organization.lead_only) return notAvailable('Toimipisteessä ei varata aikaa: valitse toivottu päivä');
    // The office decides how its times are booked: exact grid slots or whole days.
    if (body.timeSelectionType === 'EXACT_TIME' && organization.time_selection_type !== 'EXACT_TIME') {
      throw badRequest('timeSelectionType', 'Toimipisteessä valitaan vain päivä');
    }
    if (body.timeSelectionType === 'DAY_ONLY' && organization.time_selection_type !== 'DAY_ONLY') {
      throw badRequest('timeSelectionType', 'Toimipisteessä valitaan tarkka aika');
    }
    if (!isWorkingDay(date) || date < today) return notAvailable('Toimipiste on suljettu');
    // The day's opening exception and each resource's absences that day, in one statement.
    const day = await findResourcesOfDay(trx, organization.id, date);
    const office = { ...organization, exceptions: new Map(day.exception ? [[date, day.exception]] : []) };

    let window: { start: Date; end: Date };
    if (body.timeSelectionType === 'EXACT_TIME') {
      const onGrid = (o: typeof organization) =>
        exactCandidates(o, date, minutes).find((c) => c.start.getTime() === start.getTime() && c.end.getTime() === end.getTime());
      const slot = onGrid(office);
      // A time of the usual grid outside the day's exceptional hours is closed, not malformed.
      if (!slot && day.exception && onGrid(organization)) return notAvailable('Toimipiste on suljettu valittuna aikana');
      if (!slot) throw badRequest('reservation', 'Aika ei ole toimipisteen aikataulussa tai sen pituus ei vastaa palveluita');
      if (slot.start.getTime() < now.getTime() + SAME_DAY_LEAD_MINUTES * 60000) return notAvailable('Aika on jo mennyt');
      window = { start: slot.start, end: slot.end };
    } else {
      if (date <= today) return notAvailable('Päivä ei ole varattavissa');
      const open = dayWindow(office, date);
      if (!open) return notAvailable('Toimipiste on suljettu');
      window = open;
    }

    const firstHoldAt = session.first_hold_at ? new Date(session.first_hold_at) : null;
    const notAfter = firstHoldAt && new Date(firstHoldAt.getTime() + HOLD_TOTAL_MINUTES * 60000);
    // The session's time for holding is over: it ends like an expired one, and the customer starts over.
    if (notAfter && notAfter.getTime() <= now.getTime()) throw new SessionExpiredError(HOLD_TOTAL_MESSAGE);
    if (limits && session.client_key) {
      await lockAddress(trx, session.client_key);
      const share = await addressShare(trx, { key: session.client_key, organizationId: organization.id, exceptToken: token });
      if (!withinShare(share, minutes, limits)) {
        return { responseCode: 'TOO_MANY_REQUESTS', message: ADDRESS_SHARE_MESSAGE, retryAfterSeconds: share.freesInSeconds };
      }
    }

    const resourceIds = usableResources(organization, day.resources, selectedResourceIdsOf(session), kinds);
    let candidates: TimeCandidate[] | AsyncGenerator<TimeCandidate>;
    if (body.timeSelectionType === 'EXACT_TIME') {
      // A resource absent at any moment of the time cannot take it (absences are no rows of
      // resource_time, so the exclusion constraint does not see them).
      const absent = new Set(day.resources.filter((r) => !isFree(r.absences, window.start, window.end)).map((r) => r.id));
      const present = resourceIds.filter((id) => !absent.has(id));
      if (present.length === 0) return notAvailable('Aika ei ole varattavissa');
      candidates = present.map((resourceId) => ({ resourceId, ...window }));
    } else {
      candidates = dayCandidates(window);
    }
    await takeTime(trx, {
      taker: { hold: { token, holdMinutes: HOLD_MINUTES, notAfter } },
      organizationId: organization.id,
      within: window,
      candidates,
      lostMessage: body.timeSelectionType === 'EXACT_TIME' ? 'Aika ehdittiin varata' : 'Päivä ehdittiin varata',
    });
    if (session.lead_date) await updateProcess(trx, token, { lead_date: null });
    if (!firstHoldAt) await markFirstHold(trx, token);
    return { responseCode: 'SUCCESS' };

    /**
     * The stretches of the day each resource could take, read after the session's own hold
     * is released: within the asked shift first; a job too long for one shift takes the
     * whole day. Absences are in the busy time.
     */
    async function* dayCandidates(whole: { start: Date; end: Date }): AsyncGenerator<TimeCandidate> {
      const busy = groupByResource(resourceIds, await findBusyIntervals(trx, organization.id, whole.start, whole.end, token));
      const position = body.workshiftPosition ?? 'MORNING';
      const shiftWindow = body.workshiftPosition ? dayWindow(office, date, body.workshiftPosition) : undefined;
      for (const w of [shiftWindow, whole]) {
        if (!w) continue;
        for (const resourceId of resourceIds) {
          const gap = dayGap(busy.get(resourceId) ?? [], w.start, w.end, minutes, position);
          if (gap) yield { resourceId, start: gap.start, end: gap.end };
        }
      }
    }
  }
}
