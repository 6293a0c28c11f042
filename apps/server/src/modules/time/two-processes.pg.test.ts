import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpApiClient, createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { RACE_SEED, expectConsistentRace, pickFreeSlots, prepareSessions, race, seededRandom, type RaceSlot } from '#test/race.ts';
import { UNLIMITED_CLIENT_ENV } from '#test/processes.ts';

/**
 * Two server processes on one PostgreSQL. Only PostgreSQL runs (DATABASE_URL) include this
 * file: vitest.config.ts leaves *.pg.test.ts out otherwise, so no test is skipped.
 */

const SESSIONS = 200;
const SLOTS = 20;
const ROOT = resolve(fileURLToPath(import.meta.url), '../../../../../..');

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => ok(port));
    });
  });
}

/** Starts `node --import tsx apps/server/src/server.ts` and waits until GET /health answers. */
async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...UNLIMITED_CLIENT_ENV,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b));
  child.stderr!.on('data', (b: Buffer) => (out += b));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server on ${base} did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, base, output: () => out };
}

async function stopServer(s: Server) {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => s.child.once('exit', () => r()));
  s.child.kill('SIGTERM');
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

let database: TestDatabase;
let dataDir: string;
const servers: Server[] = [];
let sessions: HttpApiClient[];
let slots: RaceSlot[];

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('two-processes.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-two-'));
  // Both at once (the copy is migrated and seeded already, so their start-up finds nothing
  // to do); one that did start is stopped in afterAll even when the other failed.
  const started = await Promise.allSettled(['a', 'b'].map((name) => startServer(database.url!, join(dataDir, name))));
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  const bases = servers.map((s) => s.base);
  // Every request of a session goes to the other process than its previous one; half
  // the sessions start on each, so the reservations too come through both.
  sessions = await prepareSessions(SESSIONS, (i) => new HttpApiClient(bases, i));
  slots = await pickFreeSlots(sessions[0]!, database.handle.db, SLOTS, seededRandom(RACE_SEED));
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('two server processes on one PostgreSQL', () => {
  it(`${SESSIONS} sessions reserve ${SLOTS} slots at random at once, each session's requests alternating between the processes`, async () => {
    expect(slots.every((s) => s.capacity > 0)).toBe(true);
    const entries = await race(sessions, slots, seededRandom(RACE_SEED + 1));
    const perSlot = await expectConsistentRace(database.handle.db, entries);
    expect(perSlot.some((s) => s.asked > s.capacity)).toBe(true);
    // Both processes took part in the race, and both handed out holds.
    for (const s of servers) {
      const served = entries.filter((e) => e.session.lastBase === s.base);
      expect(served.length, `reservations answered by ${s.base}`).toBeGreaterThanOrEqual(SESSIONS / 4);
      expect(served.some((e) => e.response.json().responseCode === 'SUCCESS')).toBe(true);
    }
    for (const s of servers) expect(s.child.exitCode, s.output()).toBeNull();
  });
});
