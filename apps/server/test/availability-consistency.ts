/**
 * The availability cache's proof (modules/time/availability-cache.ts): several servers on
 * one database, some keeping calendars in memory and one computing every answer from the
 * database, must give every session the same bytes for its calendars after each change of
 * taken time, whichever server made the change. Used in-process on PGlite
 * (availability-consistency.test.ts) and with server processes on PostgreSQL
 * (availability-consistency.pg.test.ts).
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { addDays, parseLocalDateTime, todayInHelsinki } from '@huolto/domain';
import type { Db } from '../src/db/database.ts';
import { CUSTOMER, prepareMaintenance, type ApiResponse, type ApiSession } from './helpers.ts';

/** A session's client on one server: the same token and cookie, another address. */
export interface Server {
  name: string;
  /** false: answers are computed from the database every time (CACHES=off). */
  caches: boolean;
  client(): ApiSession & { token: string | undefined; delete(path: string): Promise<ApiResponse> };
}

interface Step {
  what: string;
  compared: number;
}

const must = (res: ApiResponse, what: string) => {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
};

/**
 * The holds filling a slot, set to end by themselves, last four times as long as the first
 * comparison took (at least this long): long enough for the comparisons to finish before they
 * end, on a loaded machine too, and no longer.
 */
const MIN_HOLDS_LAPSE_MS = 3_000;

type Days = { date: string; calendarSlots: { startTime: string; endTime: string }[] }[];

/**
 * Runs the changes of the scenario, each through another server, and after each compares
 * free-times (a week, a month, the morning shift) and free-times-on-organization of every
 * session on every server with the uncaching server's answer, byte for byte. Answers how
 * many comparisons each step made.
 */
export async function runConsistencyScenario(servers: readonly Server[], db: Db): Promise<Step[]> {
  const reference = servers.find((s) => !s.caches);
  if (!reference || servers.filter((s) => s.caches).length < 1) throw new Error('needs an uncaching server and a caching one');
  const on = (i: number, token: string | undefined) => {
    const c = servers[i % servers.length]!.client();
    c.token = token;
    return c;
  };

  // Sessions at office 1 (two customers and a watcher) and one at office 2, whose other
  // offices include office 1.
  const prepare = async (i: number, organizationId: number) => {
    const c = on(i, undefined);
    await prepareMaintenance(c, { organizationId });
    return c.token!;
  };
  const a = await prepare(0, 1);
  const b = await prepare(1, 1);
  const watcher = await prepare(2, 1);
  const elsewhere = await prepare(0, 2);

  // Days after tomorrow, so that neither the notice nor midnight moves anything meanwhile,
  // and a booking can still be cancelled (up to two hours before its start).
  const start = addDays(todayInHelsinki(), 2);
  const week = { start, end: addDays(start, 6) };
  const month = { start, end: addDays(start, 27) };
  const calls: [string, string, object][] = [];
  for (const token of [a, b, watcher]) {
    calls.push([token, '/free-times', { ...week, resourceTimeSelectionTypes: ['EXACT_TIME'] }]);
    calls.push([token, '/free-times', month]);
    calls.push([token, '/free-times/morning', week]);
  }
  calls.push([elsewhere, '/free-times-on-organization', month]);

  const steps: Step[] = [];
  const compare = async (what: string) => {
    let compared = 0;
    // Twice round: the first may fill a cache, the second answers from it.
    for (let round = 0; round < 2; round++) {
      for (const [token, path, body] of calls) {
        const expected = await on(servers.indexOf(reference), token).post(path, body);
        expect(expected.statusCode, `${what}: ${path} on ${reference.name}: ${expected.body}`).toBe(200);
        for (let i = 0; i < servers.length; i++) {
          if (servers[i] === reference) continue;
          const got = await on(i, token).post(path, body);
          expect(got.body, `${what}: ${path} on ${servers[i]!.name}`).toBe(expected.body);
          compared++;
        }
      }
    }
    steps.push({ what, compared });
  };

  const slots = async (token: string): Promise<string[]> => {
    const days = must(await on(servers.indexOf(reference), token).post('/free-times', { ...week, resourceTimeSelectionTypes: ['EXACT_TIME'] }), 'free-times') as Days;
    return days.flatMap((d) => d.calendarSlots.map((s) => `${d.date}T${s.startTime}|${d.date}T${s.endTime}`));
  };
  /** The first free slot of each day, so that no two of them overlap whatever the work's length. */
  const onePerDay = (all: string[]) => all.filter((slot, i) => i === 0 || slot.slice(0, 10) !== all[i - 1]!.slice(0, 10));
  const reserve = async (i: number, token: string, reservation: string) => {
    const r = must(await on(i, token).post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null }), 'reserve-time');
    expect(r.responseCode).toBe('SUCCESS');
  };

  const compareStarted = Date.now();
  await compare('before any change');
  const holdsLapseMs = Math.max(MIN_HOLDS_LAPSE_MS, 4 * (Date.now() - compareStarted));
  const free = onePerDay(await slots(a));
  expect(free.length).toBeGreaterThan(3);

  // Taking the last free lift of a slot makes it disappear for everyone else: fill one slot
  // with holds of new sessions until one is refused, through the servers in turn.
  const full = free[0]!;
  const fillers: string[] = [];
  for (let i = 0; i < 30; i++) {
    const token = await prepare(i, 1);
    const r = must(await on(i + 1, token).post('/reserve-time', { reservation: full, timeSelectionType: 'EXACT_TIME' }), 'reserve-time');
    if (r.responseCode !== 'SUCCESS') break;
    fillers.push(token);
  }
  expect(fillers.length).toBeGreaterThan(0);
  expect(await slots(watcher)).not.toContain(full);
  await compare('a slot filled with holds');

  await reserve(0, a, free[1]!);
  await compare('A holds a time (server 1)');

  await reserve(1, a, free[2]!);
  await compare('A changes its time (server 2)');

  must(await on(2, a).delete('/remove-reservation'), 'remove-reservation');
  await compare('A releases its time (server 3)');

  await reserve(1, b, free[3]!);
  await compare('B holds a time (server 2)');
  must(await on(0, b).post('/customer/v2', CUSTOMER), 'customer');
  const save = must(await on(0, b).post('/save-booking'), 'save-booking');
  expect(save.responseCode).toBe('SUCCESS');
  await compare('B saves its booking (server 1)');

  const cancel = must(
    await on(2, undefined).post('/cancel-booking', { bookingKey: save.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' }),
    'cancel-booking',
  );
  expect(cancel.responseCode).toBe('SUCCESS');
  await compare('B cancels its booking (server 3)');

  // Holds that end by themselves: nothing is written when they expire, so only the
  // calendars' own lapse (their first hold's end) can show the slot again.
  // The comparisons must finish before the holds end: the servers agree on one side of the
  // moment, never straddle it.
  const lapse = Date.now() + holdsLapseMs;
  await sql`UPDATE resource_time SET expires_at = now() + ${`${holdsLapseMs} milliseconds`}::interval WHERE process_token = ANY(${fillers})`.execute(db);
  expect(await slots(watcher)).not.toContain(full);
  await compare('the holds filling a slot end in a few seconds');
  expect(Date.now(), 'the comparisons took longer than the holds lasted').toBeLessThan(lapse);
  await new Promise((r) => setTimeout(r, lapse - Date.now() + 500));
  expect(await slots(watcher)).toContain(full);
  await compare('the holds filling a slot have ended by themselves');

  // Expired by SQL, as an operator would: the version moves with the update.
  await reserve(0, a, free[1]!);
  await compare('A holds a time again');
  await sql`UPDATE resource_time SET expires_at = now() - interval '1 second' WHERE process_token = ${a}`.execute(db);
  await compare('A’s hold expired by SQL');

  // Staff's capacity changes: an absence of every resource over a free slot, a closed day.
  const [absentFrom, absentTo] = free[1]!.split('|').map((t) => parseLocalDateTime(t)) as [Date, Date];
  await sql`INSERT INTO resource_absence (resource_id, during, reason)
            SELECT id, tstzrange(${absentFrom}, ${absentTo}, '[)'), 'Koulutus' FROM resource WHERE organization_id = 1`.execute(db);
  expect(await slots(watcher)).not.toContain(free[1]);
  await compare('every resource of office 1 absent at one time');
  await sql`DELETE FROM resource_absence`.execute(db);
  expect(await slots(watcher)).toContain(free[1]);
  await compare('the absences removed');
  const closedDay = free[2]!.slice(0, 10);
  await sql`INSERT INTO opening_exception (organization_id, day, reason) VALUES (1, ${closedDay}::date, 'Inventaario')`.execute(db);
  expect((await slots(watcher)).filter((s) => s.startsWith(closedDay))).toEqual([]);
  await compare('office 1 closed for a day');
  await sql`DELETE FROM opening_exception`.execute(db);
  await compare('office 1 open again');

  // An office's own row: the slot grid moves.
  await sql`UPDATE organization SET first_slot_time = '08:30' WHERE id = 1`.execute(db);
  await compare('office 1 starts its grid at 8.30');
  await sql`UPDATE organization SET first_slot_time = '08:00' WHERE id = 1`.execute(db);
  return steps;
}
