import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { RACE_SEED, seededRandom } from '../test/race.ts';
import {
  DB_IN_PRODUCTION,
  DB_SHUTDOWNED,
  RetryingClient,
  bookMaintenance,
  killServer,
  newTraffic,
  outboxByStatus,
  overlappingRows,
  pgControlState,
  restartServer,
  NO_REMINDERS,
  runBookings,
  sleep,
  slowSaveBooking,
  startServer,
  startSmtp,
  stopServer,
  waitUntilRefused,
  wholeBookings,
  withOutput,
  type BookingResult,
  type ReceivedMail,
  type ServerProcess,
} from '../test/processes.ts';

/**
 * Faults of one server process on PGlite, whose database lives in DATA_DIR/pgdata inside
 * the process: SIGKILL in the middle of bookings and a restart on the same DATA_DIR, and
 * SIGTERM closing the database cleanly. The test reads the data directory itself only
 * while no server has it open (PGlite takes one process at a time).
 */

const SESSIONS = 60;
const OFFICES = [1, 2, 3, 4];
const KILL_AFTER = 15;

let dataDir: string;
let pgdata: string;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-pglite-faults-'));
  pgdata = join(dataDir, 'pgdata');
  // Start from the run's seeded template (this file runs only on PGlite runs).
  const handle = await openDatabase({ dataDir: pgdata, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await handle.close();
});

afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** Opens the data directory in the test (no server may have it open) and closes it after. */
async function withDatabase<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: pgdata });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

const succeeded = (r: BookingResult) => r.save?.responseCode === 'SUCCESS';

async function settle(received: readonly unknown[], quietMs = 1500, timeoutMs = 30_000) {
  const started = Date.now();
  let last = -1;
  let since = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (received.length !== last) {
      last = received.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return;
    await sleep(100);
  }
}

describe('a PGlite server process killed with SIGKILL in the middle of bookings', () => {
  it('restarts on the same DATA_DIR with every booking answered SUCCESS whole and each e-mail sent exactly once', async () => {
    // Each phase's time is printed as it ends: a run that reaches the test's time limit on a
    // busy machine shows which phase took it.
    const testStarted = Date.now();
    const phase = (what: string) => console.log(`pglite kill, ${Date.now() - testStarted} ms: ${what}`);
    const received: ReceivedMail[] = [];
    let successes = 0;
    let server: ServerProcess | undefined;
    let kill: { successes: number; stateAfterKill: number; restarted: Promise<ServerProcess> } | undefined;
    // Killed while its mailer waits for the 250 of a message: not delivered, left claimed.
    const smtp = await startSmtp('pglite', received, async () => {
      if (kill || successes < KILL_AFTER || !server) return true;
      const victim = server;
      kill = { successes, stateAfterKill: -1, restarted: Promise.resolve(victim) };
      await killServer(victim);
      kill.stateAfterKill = pgControlState(pgdata);
      kill.restarted = restartServer(victim);
      kill.restarted.catch(() => {}); // awaited after the load
      return false;
    });
    cleanup.push(() => smtp.close());
    server = await startServer({ dataDir, smtpUrl: smtp.url, startTimeoutMs: 180_000, env: NO_REMINDERS });
    const first = server;
    cleanup.push(() => stopServer(first));
    phase('started');

    const traffic = newTraffic();
    const started = Date.now();
    const results = await runBookings({
      count: SESSIONS,
      bases: [server.base],
      offices: OFFICES,
      traffic,
      random: seededRandom(RACE_SEED + 6),
      emailPrefix: 'pglite-kill',
      // A dozen at a time: saves (and the mail runs they start) spread over the whole load.
      concurrency: 12,
      // The only process is away while it restarts: a session retries for up to ~35 s.
      retries: 60,
      onSaved: (r) => {
        if (succeeded(r)) successes++;
      },
    });
    const elapsed = Date.now() - started;
    phase('bookings answered');
    expect(kill, `the server was killed (${successes} saved, ${received.length} e-mails)`).toBeDefined();
    expect(kill!.successes, 'killed in the middle of the bookings').toBeLessThan(SESSIONS - 12);
    const restarted = await kill!.restarted;
    cleanup.push(() => stopServer(restarted));
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The kill left the database open (no shutdown checkpoint): the restart had to recover it.
    expect(kill!.stateAfterKill).toBe(DB_IN_PRODUCTION);

    expect(traffic.answers.filter((a) => a.status >= 500), 'answers 5xx').toEqual([]);
    expect(traffic.failures.length, 'requests the kill left without an answer').toBeGreaterThan(0);
    expect(results.filter((r) => !succeeded(r)).map((r) => r.error ?? r.save), 'sessions not saved').toEqual([]);
    const saved = results.filter(succeeded);
    const keys = saved.map((r) => r.save!.bookingKey!);
    const tokens = results.map((r) => r.token!);

    // Mail the restarted server could send is sent; then it is stopped to read the database.
    await settle(received);
    expect(await stopServer(restarted), restarted.output()).toEqual({ code: 0, signal: null });
    phase('mail settled, restarted server stopped');
    expect(pgControlState(pgdata)).toBe(DB_SHUTDOWNED);

    const orphans = await withDatabase(async (db) => {
      const { bookings, problems } = await wholeBookings(db, tokens);
      expect(problems, 'half-saved or doubled bookings').toEqual([]);
      expect(new Set(bookings.map((b) => b.booking_key))).toEqual(new Set(keys));
      expect(await overlappingRows(db)).toEqual([]);
      const status = await outboxByStatus(db, tokens);
      expect(status.PENDING ?? 0).toBe(0);
      expect(status.SENT).toBe(received.length);
      // What the killed process had claimed stays SENDING until its 5-minute lease runs out;
      // the test lets it run out now.
      await sql`UPDATE email_outbox SET next_attempt_at = now() WHERE status = 'SENDING'`.execute(db);
      return status.SENDING ?? 0;
    });
    expect(orphans, 'messages the killed process had claimed').toBeGreaterThan(0);
    expect(orphans).toBeLessThanOrEqual(10);

    // A start sends what is due: the messages the killed process never delivered.
    const drain = await startServer({ dataDir, smtpUrl: smtp.url, startTimeoutMs: 180_000, env: NO_REMINDERS });
    phase('started again to send what was claimed');
    cleanup.push(() => stopServer(drain));
    const drainStarted = Date.now();
    const deadline = Date.now() + 30_000;
    while (received.length < keys.length && Date.now() < deadline) await sleep(100);
    const drainMs = Date.now() - drainStarted;
    await sleep(500);
    expect(await stopServer(drain), drain.output()).toEqual({ code: 0, signal: null });

    const perKey = new Map<string, number>();
    for (const m of received) perKey.set(m.bookingKey!, (perKey.get(m.bookingKey!) ?? 0) + 1);
    expect(keys.filter((k) => perKey.get(k) !== 1).map((k) => `${k}: ${perKey.get(k) ?? 0}`), 'confirmations not received exactly once').toEqual([]);
    expect(received).toHaveLength(keys.length);
    await withDatabase(async (db) => {
      expect(await outboxByStatus(db, tokens)).toEqual({ SENT: keys.length });
    });

    phase('done');
    console.log(
      `pglite kill: ${saved.length} bookings in ${elapsed} ms on one process; SIGKILL after ${kill!.successes} saved, ` +
        `${traffic.failures.length} requests without an answer while it restarted, ${orphans} claimed messages left, ` +
        `${received.length} e-mails received (the last ${orphans} ${drainMs} ms after a start)`,
    );
  }, 420_000);
});

describe('SIGTERM on PGlite', () => {
  it('answers the request under way with 200, refuses new connections, exits 0 and closes the data directory cleanly', async () => {
    const server = await startServer({ dataDir, startTimeoutMs: 180_000 });
    cleanup.push(() => stopServer(server));
    const c = new RetryingClient([server.base], 0, newTraffic(), { retries: 0 });
    const prepared = await bookMaintenance(c, { organizationId: 2, email: 'pglite-sigterm@example.com', random: seededRandom(RACE_SEED), stopBeforeSave: true });
    expect(prepared.error).toBeUndefined();
    expect(pgControlState(pgdata)).toBe(DB_IN_PRODUCTION);

    const slow = slowSaveBooking(server.port, c.token!);
    await sleep(300);
    server.child.kill('SIGTERM');
    const refusedAfter = await waitUntilRefused(server.port, 5000);
    expect(refusedAfter, 'new connections refused after SIGTERM').not.toBeNull();
    await sleep(300);
    expect(server.child.exitCode, 'the process waits for the request under way').toBeNull();
    slow.finish();
    const res = await withOutput(server, slow.response);
    const answeredAt = Date.now();
    expect(res.status, res.body).toBe(200);
    // Not kept alive: the keep-alive connection would hold the shutdown for 72 s.
    expect(res.connection).toBe('close');
    const save = JSON.parse(res.body) as { responseCode: string; bookingKey: string };
    expect(save.responseCode).toBe('SUCCESS');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    const exitMs = Date.now() - answeredAt;
    expect(exitMs, 'exit after the answer').toBeLessThan(5000);

    // Shut down with a checkpoint: the next open needs no recovery.
    expect(pgControlState(pgdata)).toBe(DB_SHUTDOWNED);
    await withDatabase(async (db) => {
      const { bookings, problems } = await wholeBookings(db, [c.token!]);
      expect(problems).toEqual([]);
      expect(bookings.map((b) => b.booking_key)).toEqual([save.bookingKey]);
      expect(await outboxByStatus(db, [c.token!])).toEqual({ SENT: 1 });
    });
    expect(existsSync(join(dataDir, 'outbox', `${save.bookingKey}.eml`))).toBe(true);
    expect(pgControlState(pgdata)).toBe(DB_SHUTDOWNED);
    console.log(`pglite sigterm: new connections refused ${refusedAfter} ms after SIGTERM; request under way answered 200 (Connection: close); exit 0 ${exitMs} ms later; pg_control says shut down`);
  }, 240_000);
});
