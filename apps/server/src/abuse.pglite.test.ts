import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { defaultFairShareEnv, expectFairShareUnderAttack } from '../test/abuse.ts';
import { startServer, stopServer, type ServerProcess } from '../test/processes.ts';

/**
 * The capacity grab on one server process on PGlite: a script on one client address takes
 * holds and saves bookings as fast as it can for 15 s; another customer still sees at
 * least 80 % of the office's free times for the next two weeks. The server runs with the
 * shipped fair-share limits (HOLDS_PER_ADDRESS, HOLD_HOURS_PER_ADDRESS) and believes the
 * X-Forwarded-For of 127.0.0.1, so the two clients can have different addresses.
 */

const OFFICE = 1;
const ATTACK_MS = 15_000;
const LOOPS = 16;

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-abuse-'));
  // From the run's seeded template (this file runs only on PGlite runs).
  const handle = await openDatabase({ dataDir: join(dataDir, 'pgdata'), loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await handle.close();
  server = await startServer({
    dataDir,
    startTimeoutMs: 180_000,
    env: { TRUST_PROXY: '127.0.0.1', ...defaultFairShareEnv() },
  });
}, 200_000);

afterAll(async () => {
  if (server) await stopServer(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('abuse: one address grabbing an office calendar (PGlite, one server process)', () => {
  it('after 15 s of holds and saved bookings from one address, another customer still sees ≥ 80 % of the free times', async () => {
    await expectFairShareUnderAttack({ label: 'PGlite', servers: [server!], organizationId: OFFICE, durationMs: ATTACK_MS, loops: LOOPS });
  }, 90_000);
});
