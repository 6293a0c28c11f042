import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { defaultFairShareEnv, expectFairShareUnderAttack } from '../test/abuse.ts';
import { startServer, stopServer, type ServerProcess } from '../test/processes.ts';

/**
 * The capacity grab on two server processes sharing one PostgreSQL (included only when
 * DATABASE_URL is set): a script on one client address, every request taking turns
 * between the processes, takes holds and saves bookings as fast as it can for 15 s;
 * another customer still sees at least 80 % of the office's free times for the next two
 * weeks. The limits are counted in the database, so two processes allow no more than one.
 * Office 6 has three lifts, the fewest of the exact-time offices.
 */

const OFFICE = 6;
const ATTACK_MS = 15_000;
const LOOPS = 16;

let database: TestDatabase | undefined;
let dataDir: string;
const servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('abuse.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-abuse-pg-'));
  const started = await Promise.allSettled(
    ['a', 'b'].map((n) =>
      startServer({
        databaseUrl: database!.url!,
        dataDir: join(dataDir, n),
        env: { TRUST_PROXY: '127.0.0.1', ...defaultFairShareEnv() },
      }),
    ),
  );
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('abuse: one address grabbing an office calendar (PostgreSQL, two server processes)', () => {
  it('after 15 s of holds and saved bookings from one address through both processes, another customer still sees ≥ 80 % of the free times', async () => {
    await expectFairShareUnderAttack({ label: 'PostgreSQL', servers: servers, organizationId: OFFICE, durationMs: ATTACK_MS, loops: LOOPS });
  }, 90_000);
});
