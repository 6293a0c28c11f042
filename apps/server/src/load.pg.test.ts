import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { RACE_SEED, seededRandom } from '../test/race.ts';
import {
  NO_REMINDERS,
  RetryingClient,
  bookMaintenance,
  killServer,
  newTraffic,
  outboxByStatus,
  overlappingRows,
  percentiles,
  restartServer,
  runBookings,
  sleep,
  startServer,
  startSmtp,
  stopServer,
  wholeBookings,
  type BookingResult,
  type ReceivedMail,
  type ServerProcess,
  type Traffic,
} from '../test/processes.ts';

/**
 * Load and a killed process, with two server processes on one PostgreSQL (included only
 * when DATABASE_URL is set). Each session makes a whole maintenance booking through the
 * API, its requests taking turns between the processes (the process token and the XSRF
 * cookie carry the session). SEED=RACE_SEED replays the draw of the slots.
 */

const SESSIONS = 200;
/** Offices 1–8 take exact times; each session books at office 1 + i % 8 in the coming four weeks. */
const OFFICES = [1, 2, 3, 4, 5, 6, 7, 8];
/** The kill comes when this many sessions have been answered SUCCESS. */
const KILL_AFTER = 40;
/**
 * Sessions under way at once in the kill test. With all 200 at once their saves come in
 * one burst at the end, and the victim's mailer, which lags its saves, may reach the kill
 * only after the last answer; in waves of 50 the kill falls while later waves run.
 */
const KILL_CONCURRENCY = 50;
/**
 * Sessions under way at once in the load test. All 200 at once queued about 100 requests at
 * each process's pool of 10 connections: on a busy two-core machine (the CI runs another test
 * file beside this one) the last waited past the pool's 15 s and were answered 503, as they
 * should be. Half of them at a time still keeps each pool's queue full for the whole run.
 */
const LOAD_CONCURRENCY = 100;

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
}, 60_000);

async function setUp(name: string, smtpUrls?: readonly string[]) {
  if (!inject('pgUrl')) throw new Error('load.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  const database: TestDatabase = await createTestDatabase();
  cleanup.push(() => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), `huolto-${name}-`));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const servers: ServerProcess[] = [];
  cleanup.push(() => Promise.all(servers.map(stopServer)));
  const started = await Promise.allSettled(
    ['a', 'b'].map((n, i) => startServer({ databaseUrl: database.url!, dataDir: join(dataDir, n), env: NO_REMINDERS, ...(smtpUrls ? { smtpUrl: smtpUrls[i]! } : {}) })),
  );
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  return { database, db: database.handle.db, dataDir, servers };
}

/** "a: 2, b: 1" */
function countBy<T>(items: readonly T[], key: (item: T) => string) {
  const m = new Map<string, number>();
  for (const i of items) m.set(key(i), (m.get(key(i)) ?? 0) + 1);
  return [...m].map(([k, n]) => `${k}: ${n}`).join(', ');
}

const fivexx = (t: Traffic) => t.answers.filter((a) => a.status >= 500);
const succeeded = (r: BookingResult) => r.save?.responseCode === 'SUCCESS';

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
  return Date.now() - started;
}

describe('load: whole bookings through two server processes on one PostgreSQL', () => {
  it(`${SESSIONS} sessions book, ${LOAD_CONCURRENCY} at once, every request alternating between the processes: all saved once, no time booked twice, no 5xx`, async () => {
    const { db, servers } = await setUp('load');
    const bases = servers.map((s) => s.base);
    const traffic = newTraffic();
    const started = Date.now();
    const results = await runBookings({
      count: SESSIONS,
      bases,
      offices: OFFICES,
      traffic,
      random: seededRandom(RACE_SEED + 2),
      emailPrefix: 'load',
      concurrency: LOAD_CONCURRENCY,
    });
    const elapsed = Date.now() - started;

    expect(fivexx(traffic), 'answers 5xx').toEqual([]);
    expect(traffic.failures, 'requests without an answer').toEqual([]);
    expect(results.filter((r) => !succeeded(r)).map((r) => r.error ?? r.save), 'sessions not saved').toEqual([]);
    const keys = results.map((r) => r.save!.bookingKey!);
    expect(new Set(keys).size).toBe(SESSIONS);
    // Both processes answered about half of the requests.
    for (const base of bases) expect(traffic.answers.filter((a) => a.base === base).length).toBeGreaterThan(traffic.answers.length / 3);

    const tokens = results.map((r) => r.token!);
    const { bookings, problems } = await wholeBookings(db, tokens);
    expect(problems).toEqual([]);
    expect(bookings).toHaveLength(SESSIONS);
    expect(new Set(bookings.map((b) => b.booking_key))).toEqual(new Set(keys));
    expect(await overlappingRows(db)).toEqual([]);

    // Every confirmation is written once, as an .eml in the outbox of the process that sent it.
    await waitFor('the outbox to be sent', async () => (await outboxByStatus(db, tokens)).SENT === SESSIONS, 30_000);
    const files = servers.flatMap((s) => {
      const dir = join(s.options.dataDir, 'outbox');
      // The office's notices of the new bookings beside them are named <key>-toimipiste-….eml.
      return existsSync(dir) ? readdirSync(dir).filter((f) => !f.includes('-toimipiste-')) : [];
    });
    expect(files.sort()).toEqual(keys.map((k) => `${k}.eml`).sort());

    const lost = results.reduce((n, r) => n + r.lostRaces, 0);
    console.log(
      `load: ${SESSIONS} bookings in ${elapsed} ms through 2 processes, ${traffic.answers.length} requests, ` +
        `latency ${JSON.stringify(percentiles(traffic.answers.map((a) => a.ms)))}, save-booking ${JSON.stringify(
          percentiles(traffic.answers.filter((a) => a.path === '/save-booking').map((a) => a.ms)),
        )}, ${lost} reserve-time answers NOT_AVAILABLE (another session was first)`,
    );
    for (const s of servers) expect(s.child.exitCode, s.output()).toBeNull();
  }, 150_000);
});

describe('a server process killed with SIGKILL in the middle of the load', () => {
  it('every booking answered SUCCESS is whole in the database and its confirmation is sent exactly once after a restart', async () => {
    const received: ReceivedMail[] = [];
    let successes = 0;
    let victim: ServerProcess | undefined;
    let kill: { at: number; successes: number; restarted?: Promise<ServerProcess> } | undefined;
    // The victim is killed while its mailer is in the middle of an SMTP transaction: the
    // message has arrived but has had no 250 yet, so it was not delivered and its outbox
    // row stays claimed (SENDING) by a process that is gone.
    // Once the kill is due, the survivor's SMTP holds its message until the kill has come:
    // its mailer, busy in that transaction, cannot claim every due message before the
    // victim's does (on a loaded machine it otherwise may, and the victim sends nothing more).
    const smtpA = await startSmtp('a', received, async () => {
      const waitingSince = Date.now();
      while (!kill && successes >= KILL_AFTER && Date.now() - waitingSince < 40_000) await sleep(50);
      return true;
    });
    const smtpB = await startSmtp('b', received, async () => {
      if (kill || successes < KILL_AFTER || !victim) return true;
      kill = { at: Date.now(), successes };
      await killServer(victim);
      const old = victim;
      kill.restarted = sleep(300).then(() => restartServer(old));
      kill.restarted.catch(() => {}); // awaited after the load
      return false;
    });
    cleanup.push(() => smtpA.close(), () => smtpB.close());
    const { db, servers } = await setUp('kill', [smtpA.url, smtpB.url]);
    victim = servers[1]!;
    cleanup.push(async () => kill?.restarted?.then(stopServer));

    const traffic = newTraffic();
    const started = Date.now();
    const results = await runBookings({
      count: SESSIONS,
      bases: servers.map((s) => s.base),
      offices: OFFICES,
      traffic,
      random: seededRandom(RACE_SEED + 3),
      emailPrefix: 'kill',
      concurrency: KILL_CONCURRENCY,
      onSaved: (r) => {
        if (succeeded(r)) successes++;
      },
    });
    const elapsed = Date.now() - started;
    expect(kill, `the victim was killed (${successes} saved, ${countBy(received, (m) => m.server)} e-mails received)`).toBeDefined();
    const restarted = await kill!.restarted!;
    expect(restarted.child.pid).not.toBe(victim.child.pid);
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // Requests to the killed process failed and were sent to the other one; nothing 5xx.
    expect(fivexx(traffic), 'answers 5xx').toEqual([]);
    expect(traffic.failures.length, 'requests the kill left without an answer').toBeGreaterThan(0);
    const saved = results.filter(succeeded);
    expect(results.filter((r) => !succeeded(r)).map((r) => r.error ?? r.save), 'sessions not saved').toEqual([]);
    // The restarted process took requests again.
    expect(traffic.answers.some((a) => a.base === restarted.base && a.status === 200)).toBe(true);

    const tokens = results.map((r) => r.token!);
    const { bookings, problems } = await wholeBookings(db, tokens);
    expect(problems, 'half-saved or doubled bookings').toEqual([]);
    expect(new Set(bookings.map((b) => b.booking_key))).toEqual(new Set(saved.map((r) => r.save!.bookingKey!)));
    expect(await overlappingRows(db)).toEqual([]);

    // Let the live processes send what they can. What stays SENDING was claimed by the
    // killed process: its 5-minute lease (claimed at next_attempt_at - 5 min) runs on. The
    // test lets those leases run out at once instead of waiting, then one more booking on
    // the restarted process runs its mailer.
    const killedBy = new Date(kill!.at + 2000);
    const sending = async () =>
      (
        await sql<{ id: string; orphan: boolean }>`
          SELECT o.id, o.next_attempt_at - interval '5 minutes' <= ${killedBy} AS orphan
          FROM email_outbox o JOIN booking b ON b.id = o.booking_id
          WHERE o.status = 'SENDING' AND o.kind = 'CONFIRMATION' AND b.process_token IN (${sql.join(tokens)})`.execute(db)
      ).rows;
    let last = -1;
    await waitFor(
      'the live processes to send their mail',
      async () => {
        const pending = (await outboxByStatus(db, tokens)).PENDING ?? 0;
        const live = (await sending()).filter((r) => !r.orphan).length;
        const quiet = received.length === last;
        last = received.length;
        if (pending || live || !quiet) return false;
        await sleep(1000);
        return received.length === last;
      },
      30_000,
    );
    const orphans = (await sending()).map((r) => r.id);
    expect(orphans.length, 'messages the killed process had claimed').toBeGreaterThan(0);
    expect(orphans.length, 'one batch of the mailer').toBeLessThanOrEqual(10);
    expect((await outboxByStatus(db, tokens)).SENT).toBe(saved.length - orphans.length);
    expect(received).toHaveLength(saved.length - orphans.length);
    await db.updateTable('email_outbox').set({ next_attempt_at: sql<Date>`now()` }).where('id', 'in', orphans).execute();
    const extra = await bookMaintenance(new RetryingClient([restarted.base], 0, traffic), {
      organizationId: 1,
      email: 'kill-extra@example.com',
      random: seededRandom(RACE_SEED + 4),
    });
    expect(extra.save?.responseCode, extra.error).toBe('SUCCESS');
    const all = [...tokens, extra.token!];
    await waitFor('every confirmation to be sent', async () => (await outboxByStatus(db, all)).SENT === saved.length + 1, 30_000);
    await sleep(500);
    const perKey = new Map<string, number>();
    for (const m of received) perKey.set(m.bookingKey!, (perKey.get(m.bookingKey!) ?? 0) + 1);
    const keys = [...saved.map((r) => r.save!.bookingKey!), extra.save!.bookingKey!];
    expect(keys.filter((k) => perKey.get(k) !== 1).map((k) => `${k}: ${perKey.get(k) ?? 0}`), 'confirmations not received exactly once').toEqual([]);
    expect(received).toHaveLength(keys.length);
    for (const m of received) expect(m.to).toEqual([results.find((r) => r.save?.bookingKey === m.bookingKey)?.email ?? 'kill-extra@example.com']);

    console.log(
      `kill: ${saved.length} bookings in ${elapsed} ms; SIGKILL after ${kill!.successes} saved, ` +
        `${traffic.failures.length} requests without an answer (${countBy(traffic.failures, (f) => f.error)}; ${countBy(
          traffic.failures,
          (f) => f.path,
        )}), ` +
        `${orphans.length} claimed messages left by the killed process, ${received.length} e-mails received (${
          received.filter((m) => m.server === 'a').length
        } by the survivor's SMTP)`,
    );
  }, 150_000);
});
