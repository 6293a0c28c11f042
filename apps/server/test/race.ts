import { sql } from 'kysely';
import { expect } from 'vitest';
import { addDays, parseLocalDateTime, todayInHelsinki } from '@huolto/domain';
import type { Db } from '../src/db/database.ts';
import { json, prepareMaintenance, type ApiResponse, type ApiSession } from './helpers.ts';

/**
 * The reservation race of the issue: many sessions, prepared up to the time step at one
 * office, all ask for one of a few slots at once. Shared by the in-process test (PGlite
 * or PostgreSQL) and the test with two server processes on one PostgreSQL.
 */

/** A small seeded generator (mulberry32): the same seed draws the same race. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the race: RACE_SEED=<n> replays a failed run's draw. */
export const RACE_SEED = Number(process.env.RACE_SEED ?? 20_260_601);

/** Runs fn over items with at most `limit` calls in flight; answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Creates `count` sessions and walks each to the time step at office 1 (prepareMaintenance). */
export async function prepareSessions<S extends ApiSession>(count: number, make: (index: number) => S, concurrency = 20): Promise<S[]> {
  return mapLimit(
    Array.from({ length: count }, (_, i) => i),
    concurrency,
    async (i) => {
      const c = make(i);
      await prepareMaintenance(c);
      return c;
    },
  );
}

export interface RaceSlot {
  /** The reservation string of reserve-time: `start|end` in Helsinki time. */
  reservation: string;
  start: Date;
  end: Date;
  /** Resources of the office with nothing overlapping the slot before the race. */
  capacity: number;
}

/**
 * `count` free EXACT_TIME slots of the coming weeks, none overlapping another, drawn at
 * random over different days and times. Today is left out: a slot must not slip into the
 * same-day lead time while the test runs.
 */
export async function pickFreeSlots(c: ApiSession, db: Db, count: number, random: () => number, organizationId = 1): Promise<RaceSlot[]> {
  const start = addDays(todayInHelsinki(), 1);
  const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(
    await c.post('/free-times', { start, end: addDays(start, 6 * 7 - 1), resourceTimeSelectionTypes: ['EXACT_TIME'] }),
  );
  const candidates = days.flatMap((d) =>
    d.calendarSlots.map((s) => {
      const reservation = `${d.date}T${s.startTime}|${d.date}T${s.endTime}`;
      const [a, b] = reservation.split('|') as [string, string];
      return { reservation, start: parseLocalDateTime(a), end: parseLocalDateTime(b) };
    }),
  );
  // A seeded shuffle, then greedily keep slots that overlap none already kept: the holds
  // counted for one slot can then only come from requests for that slot.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j]!, candidates[i]!];
  }
  const chosen: typeof candidates = [];
  for (const s of candidates) {
    if (chosen.length === count) break;
    if (chosen.every((o) => s.end <= o.start || o.end <= s.start)) chosen.push(s);
  }
  if (chosen.length < count) throw new Error(`only ${chosen.length} non-overlapping free slots, ${count} wanted`);
  chosen.sort((a, b) => a.start.getTime() - b.start.getTime());

  const out: RaceSlot[] = [];
  for (const s of chosen) {
    const capacity = Number(
      (
        await sql<{ n: number }>`
          SELECT count(*) AS n FROM resource r
          WHERE r.organization_id = ${organizationId} AND NOT EXISTS (
            SELECT 1 FROM resource_time rt WHERE rt.resource_id = r.id
              AND rt.during && tstzrange(${s.start}, ${s.end}, '[)')
              AND (rt.kind = 'BOOKED' OR rt.expires_at > now()))`.execute(db)
      ).rows[0]!.n,
    );
    out.push({ ...s, capacity });
  }
  return out;
}

export interface RaceEntry<S> {
  session: S;
  slot: RaceSlot;
  response: ApiResponse;
}

/** Every session asks for a random one of the slots, all at once. */
export async function race<S extends ApiSession>(sessions: readonly S[], slots: readonly RaceSlot[], random: () => number): Promise<RaceEntry<S>[]> {
  const draw = sessions.map((session) => ({ session, slot: slots[Math.floor(random() * slots.length)]! }));
  const responses = await Promise.all(
    draw.map(({ session, slot }) =>
      session.post('/reserve-time', { reservation: slot.reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }),
    ),
  );
  return draw.map((d, i) => ({ ...d, response: responses[i]! }));
}

/**
 * The race's outcome is consistent: only 200 SUCCESS / NOT_AVAILABLE answers; per slot
 * as many winners as holds, never more than its capacity (and exactly the capacity when
 * more asked, so no time was lost either); no resource with two overlapping rows; each
 * winner holds exactly its slot, each loser nothing.
 */
export async function expectConsistentRace(db: Db, entries: readonly RaceEntry<ApiSession>[], organizationId = 1) {
  const bad = entries
    .map((e) => ({ status: e.response.statusCode, body: e.response.body }))
    .filter((r) => r.status !== 200 || !['SUCCESS', 'NOT_AVAILABLE'].includes(JSON.parse(r.body)?.responseCode));
  expect(bad, `answers other than 200 SUCCESS/NOT_AVAILABLE (seed ${RACE_SEED})`).toEqual([]);

  const won = (e: RaceEntry<ApiSession>) => json(e.response).responseCode === 'SUCCESS';
  const slots = [...new Set(entries.map((e) => e.slot))].sort((a, b) => a.start.getTime() - b.start.getTime());
  const perSlot = [];
  for (const slot of slots) {
    const asked = entries.filter((e) => e.slot === slot);
    const holds = Number(
      (
        await sql<{ n: number }>`
          SELECT count(*) AS n FROM resource_time rt JOIN resource r ON r.id = rt.resource_id
          WHERE r.organization_id = ${organizationId} AND rt.kind = 'HOLD'
            AND rt.during && tstzrange(${slot.start}, ${slot.end}, '[)')`.execute(db)
      ).rows[0]!.n,
    );
    perSlot.push({
      slot: slot.reservation,
      capacity: slot.capacity,
      asked: asked.length,
      won: asked.filter(won).length,
      holds,
    });
  }
  const wrong = perSlot.filter((s) => s.won !== s.holds || s.won > s.capacity || s.won !== Math.min(s.capacity, s.asked));
  expect(wrong, `slots whose winners, holds and capacity disagree (seed ${RACE_SEED})`).toEqual([]);

  // Every row on the office's resources in the weeks of the race (the seed's bookings, the
  // holds): no two on one resource overlap.
  const from = slots[0]!.start;
  const to = slots[slots.length - 1]!.end;
  const overlaps = await sql<{ resource_id: number; a: string; b: string }>`
    SELECT x.resource_id, x.id AS a, y.id AS b FROM resource_time x
    JOIN resource r ON r.id = x.resource_id AND r.organization_id = ${organizationId}
    JOIN resource_time y ON y.resource_id = x.resource_id AND y.id > x.id AND y.during && x.during
    WHERE x.during && tstzrange(${from}, ${to}, '[)')`.execute(db);
  expect(overlaps.rows, 'rows overlapping on one resource').toEqual([]);

  const tokens = entries.map((e) => e.session.token!);
  const rows = await db
    .selectFrom('resource_time')
    .select(['process_token', 'kind', sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
    .where('process_token', 'in', tokens)
    .execute();
  const byToken = new Map<string, typeof rows>();
  for (const r of rows) byToken.set(r.process_token!, [...(byToken.get(r.process_token!) ?? []), r]);
  const holdsWrong = entries.flatMap((e) => {
    const mine = byToken.get(e.session.token!) ?? [];
    const ok = won(e)
      ? mine.length === 1 &&
        mine[0]!.kind === 'HOLD' &&
        new Date(mine[0]!.start).getTime() === e.slot.start.getTime() &&
        new Date(mine[0]!.end).getTime() === e.slot.end.getTime()
      : mine.length === 0;
    return ok ? [] : [{ slot: e.slot.reservation, won: won(e), rows: mine.length }];
  });
  expect(holdsWrong, 'sessions whose held time does not match their answer').toEqual([]);

  return perSlot;
}
