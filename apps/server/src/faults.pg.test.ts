import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@huolto/domain';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { RACE_SEED, seededRandom } from '../test/race.ts';
import {
  RetryingClient,
  bookMaintenance,
  newTraffic,
  outboxByStatus,
  overlappingRows,
  runBookings,
  sleep,
  slowSaveBooking,
  startServer,
  startTcpProxy,
  stopServer,
  waitUntilRefused,
  withOutput,
  wholeBookings,
  type ServerProcess,
} from '../test/processes.ts';

/**
 * Faults of one server process on PostgreSQL (included only when DATABASE_URL is set):
 * SIGTERM with a request under way, and the database going away and coming back
 * (through a TCP proxy in the test, so the shared PostgreSQL itself is left alone).
 */

const UNAVAILABLE = { error: 'DATABASE_UNAVAILABLE', message: MESSAGES.serverError.text };

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
}, 60_000);

/** A database copy, a temporary DATA_DIR and an application_name that tells the server's connections apart. */
async function setUp(name: string) {
  if (!inject('pgUrl')) throw new Error('faults.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  const database: TestDatabase = await createTestDatabase();
  cleanup.push(() => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), `huolto-${name}-`));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const appName = `huolto-${name}-${randomBytes(4).toString('hex')}`;
  const url = new URL(database.url!);
  url.searchParams.set('application_name', appName);
  const connections = async () =>
    Number(
      (await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = ${appName}`.execute(database.handle.db))
        .rows[0]!.n,
    );
  return { database, db: database.handle.db, dataDir, url, connections };
}

function started(s: ServerProcess) {
  cleanup.push(() => stopServer(s));
  return s;
}

describe('SIGTERM on PostgreSQL', () => {
  it('answers the request under way with 200, refuses new connections, exits 0 and leaves no connection behind', async () => {
    const { db, dataDir, url, connections } = await setUp('sigterm');
    const server = started(await startServer({ databaseUrl: url.toString(), dataDir }));
    const traffic = newTraffic();
    const c = new RetryingClient([server.base], 0, traffic, { retries: 0 });
    const prepared = await bookMaintenance(c, { organizationId: 1, email: 'sigterm@example.com', random: seededRandom(RACE_SEED), stopBeforeSave: true });
    expect(prepared.error).toBeUndefined();
    expect(await connections()).toBeGreaterThan(0);

    // save-booking whose body is still on its way when SIGTERM comes.
    const slow = slowSaveBooking(server.port, c.token!);
    await sleep(300);
    server.child.kill('SIGTERM');
    const refusedAfter = await waitUntilRefused(server.port, 5000);
    expect(refusedAfter, 'new connections refused after SIGTERM').not.toBeNull();
    expect(server.child.exitCode, 'the process waits for the request under way').toBeNull();
    await sleep(300);
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const res = await slow.response;
    const answeredAt = Date.now();
    expect(res.status, res.body).toBe(200);
    // Not kept alive: the keep-alive connection would hold the shutdown for 72 s.
    expect(res.connection).toBe('close');
    const save = JSON.parse(res.body) as { responseCode: string; bookingKey: string };
    expect(save.responseCode).toBe('SUCCESS');
    expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    const exitMs = Date.now() - answeredAt;
    expect(exitMs, 'exit after the answer').toBeLessThan(5000);

    // The pool was ended: PostgreSQL has no connection of the process left.
    const deadline = Date.now() + 3000;
    while ((await connections()) > 0 && Date.now() < deadline) await sleep(50);
    expect(await connections(), 'connections left in pg_stat_activity').toBe(0);

    // The booking saved during shutdown is whole, and its mail run finished before the exit.
    const { bookings, problems } = await wholeBookings(db, [c.token!]);
    expect(problems).toEqual([]);
    expect(bookings.map((b) => b.booking_key)).toEqual([save.bookingKey]);
    expect(await outboxByStatus(db, [c.token!])).toEqual({ SENT: 1 });
    expect(existsSync(join(dataDir, 'outbox', `${save.bookingKey}.eml`))).toBe(true);
    console.log(`sigterm: new connections refused ${refusedAfter} ms after SIGTERM; the request under way answered 200 (Connection: close) and the process exited 0 ${exitMs} ms later`);
  });
});

describe('the database going away', () => {
  it('answers 503 with the §8 message while PostgreSQL cannot be reached and recovers by itself when it is back', async () => {
    const { db, dataDir, url, connections } = await setUp('dbdown');
    const pg = new URL(inject('pgUrl'));
    const proxy = await startTcpProxy({ host: pg.hostname, port: Number(pg.port || 5432) });
    cleanup.push(() => proxy.close());
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const server = started(await startServer({ databaseUrl: url.toString(), dataDir }));
    const pid = server.child.pid;
    const traffic = newTraffic();
    const c = new RetryingClient([server.base], 0, traffic, { retries: 0 });
    const prepared = await bookMaintenance(c, { organizationId: 2, email: 'dbdown@example.com', random: seededRandom(RACE_SEED), stopBeforeSave: true });
    expect(prepared.error).toBeUndefined();
    const ready = async () => (await fetch(`${server.base}/ready`)).status;
    // /ready is the readiness call of the ops work; without it the API calls alone are checked.
    const hasReady = (await ready()) === 200;

    const timed = async (call: () => Promise<{ statusCode: number; body: string }>) => {
      const t0 = Date.now();
      const res = await call();
      return { status: res.statusCode, body: JSON.parse(res.body) as unknown, ms: Date.now() - t0 };
    };
    const outageCalls = () =>
      Promise.all([
        timed(() => c.get('/get-booking/v2')),
        timed(() => c.post('/free-times', { start: prepared.reservation!.slice(0, 10), end: prepared.reservation!.slice(0, 10), resourceTimeSelectionTypes: ['EXACT_TIME'] })),
        timed(() => c.post('/save-booking')),
        timed(() => new RetryingClient([server.base], 0, traffic, { retries: 0 }).post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' })),
      ]);

    // 1. Hang: connections dropped, new ones taken but never answered (a database that
    // hangs); opening a connection gives up after 5 s (db/database.ts).
    await proxy.hang();
    // A pooled connection the server has not yet seen cut fails at once (also a 503); the
    // next call must open a new connection, which hangs until the timeout.
    const hangCalls: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 3 && !hangCalls.some((r) => r.ms >= 4000); i++) {
      hangCalls.push(await withOutput(server, timed(() => c.get('/get-booking/v2'))));
    }
    for (const r of hangCalls) expect(r).toMatchObject({ status: 503, body: UNAVAILABLE });
    const hung = hangCalls[hangCalls.length - 1]!;
    expect(hung.ms).toBeGreaterThanOrEqual(4000);
    expect(hung.ms).toBeLessThan(8000);
    if (hasReady) expect(await ready()).toBe(503);
    await proxy.restore();
    expect((await timed(() => c.get('/get-booking/v2'))).status).toBe(200);

    // Other sessions are booking meanwhile; they retry a 503 after a pause, as a person would.
    const bgTraffic = newTraffic();
    const background = runBookings({
      count: 30,
      bases: [server.base],
      offices: [3, 4, 5],
      traffic: bgTraffic,
      random: seededRandom(RACE_SEED + 5),
      emailPrefix: 'dbdown',
      retry503: true,
      retries: 80,
    });
    // Cut while they are under way: as soon as they have their first answers (a fixed pause
    // let a quiet machine finish all 30 bookings before the cut).
    for (let waited = 0; bgTraffic.answers.length < 5 && waited < 10_000; waited += 20) await sleep(20);

    // 2. Cut: connections dropped, new ones refused (a stopped or restarting server).
    await proxy.cut();
    const cut = await withOutput(server, outageCalls());
    expect(cut.map((r) => r.status)).toEqual([503, 503, 503, 503]);
    for (const r of cut) expect(r.body).toEqual(UNAVAILABLE);
    expect(Math.max(...cut.map((r) => r.ms)), 'a refused connection is answered at once').toBeLessThan(1500);
    if (hasReady) expect(await ready()).toBe(503);
    await sleep(1500);
    expect((await withOutput(server, outageCalls())).map((r) => r.status)).toEqual([503, 503, 503, 503]);

    // 3. Back: the same process answers again, without a restart.
    await proxy.restore();
    const back = await withOutput(server, timed(() => c.get('/get-booking/v2')));
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    if (hasReady) expect(await ready()).toBe(200);
    // The held time outlived the outage (5 s at most here): the session saves its booking.
    const save = (await c.post('/save-booking')).json() as { responseCode: string; bookingKey: string };
    expect(save.responseCode).toBe('SUCCESS');
    const results = await background;
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();

    // The sessions booking through the outage got only 200 or 503 (never 500) and all finished.
    expect(bgTraffic.answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(bgTraffic.failures).toEqual([]);
    const bg503 = bgTraffic.answers.filter((a) => a.status === 503).length;
    expect(bg503, 'background requests answered 503').toBeGreaterThan(0);
    expect(results.filter((r) => r.save?.responseCode !== 'SUCCESS').map((r) => r.error ?? r.save)).toEqual([]);
    const tokens = [c.token!, ...results.map((r) => r.token!)];
    const { bookings, problems } = await wholeBookings(db, tokens);
    expect(problems).toEqual([]);
    expect(bookings).toHaveLength(31);
    expect(await overlappingRows(db)).toEqual([]);

    // 4. PostgreSQL ends every connection of the server (57P01, as in a restart): the pool
    // drops them and the next call opens new ones.
    expect(await connections()).toBeGreaterThan(0);
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${url.searchParams.get('application_name')}`.execute(db);
    await sleep(200);
    expect((await timed(() => c.get('/get-booking/v2'))).status).toBe(200);

    console.log(
      `database away: cut answered 503 in ${Math.max(...cut.map((r) => r.ms))} ms at most, hung in ${hung.ms} ms; ` +
        `back on the first call (${back.ms} ms); ${results.length} sessions booked through it with ${bg503} answers 503 on the way; ` +
        `/ready ${hasReady ? 'checked' : 'not there'}`,
    );
  }, 120_000);
});
