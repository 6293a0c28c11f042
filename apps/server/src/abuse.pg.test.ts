import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { ForwardedClient, attack, countFreeTimes, customerAt, defaultFairShareEnv, reserveAny } from '../test/abuse.ts';
import { startServer, stopServer, withOutput, type ServerProcess } from '../test/processes.ts';

/**
 * The capacity grab on two server processes sharing one PostgreSQL (included only when
 * DATABASE_URL is set): a script on one client address, every request taking turns
 * between the processes, takes holds and saves bookings as fast as it can for 30 s;
 * another customer still sees at least 80 % of the office's free times for the next two
 * weeks. The limits are counted in the database, so two processes allow no more than one.
 * Office 6 has three lifts, the fewest of the exact-time offices.
 */

const OFFICE = 6;
const ATTACK_MS = 30_000;
const LOOPS = 16;
const ATTACKER = '198.51.100.77';
const CUSTOMER = '192.0.2.16';

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
  it('after 30 s of holds and saved bookings from one address through both processes, another customer still sees ≥ 80 % of the free times', async () => {
    const bases = servers.map((s) => s.base);
    const customer = new ForwardedClient(bases, 0, CUSTOMER);
    await withOutput(servers[0]!, customerAt(customer, OFFICE));
    const before = await countFreeTimes(customer);
    expect(before).toBeGreaterThan(20);

    const stats = await withOutput(servers[1]!, attack({ bases, address: ATTACKER, organizationId: OFFICE, durationMs: ATTACK_MS, loops: LOOPS }));
    const after = await countFreeTimes(customer);
    console.log(`PostgreSQL office ${OFFICE}: free times ${before} → ${after} (${Math.round((100 * after) / before)} %); attacker`, stats);

    expect(after / before).toBeGreaterThanOrEqual(0.8);
    // The script really tried: many sessions, holds up to its share, then refusals; never a 5xx.
    expect(stats.errors).toEqual([]);
    expect(stats.sessions).toBeGreaterThan(50);
    expect(stats.holds).toBeGreaterThan(0);
    expect(stats.refused).toBeGreaterThan(20);
    expect(Object.keys(stats.statuses).filter((s) => Number(s) >= 500)).toEqual([]);

    // And the customer can hold one of them.
    expect(await reserveAny(customer)).toBe('SUCCESS');
  }, 90_000);
});
