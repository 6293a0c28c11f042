import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { HttpApiClient, createTestDatabase, json, type TestDatabase } from '../test/helpers.ts';
import { startServer, stopServer, type ServerProcess } from '../test/processes.ts';

/**
 * Two server processes on one PostgreSQL count the same calls: a limit of N per client
 * address allows N calls in all, not N per process (included only when DATABASE_URL is set).
 */

const SEARCH_LIMIT = 6;
const CODE_LIMIT = 4;

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
}, 60_000);

let database: TestDatabase;
const servers: ServerProcess[] = [];

async function setUp() {
  if (!inject('pgUrl')) throw new Error('rate-limits.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  database = await createTestDatabase();
  cleanup.push(() => database.drop());
  const dataDir = mkdtempSync(join(tmpdir(), 'huolto-limits-'));
  cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  cleanup.push(() => Promise.all(servers.map(stopServer)));
  const env = { VEHICLE_SEARCH_RATE_LIMIT: String(SEARCH_LIMIT), CODE_CHECK_SESSION_RATE_LIMIT: String(CODE_LIMIT) };
  const started = await Promise.allSettled(['a', 'b'].map((n) => startServer({ databaseUrl: database.url!, dataDir: join(dataDir, n), env })));
  for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
}

describe('rate limits shared by two server processes on one PostgreSQL', () => {
  it(`search-vehicle: ${SEARCH_LIMIT} calls from one address in all, whichever process answers; the next is 429`, async () => {
    await setUp();
    const bases = servers.map((s) => s.base);
    const c = new HttpApiClient(bases);
    expect((await c.init()).statusCode).toBe(200);
    const answeredBy = new Set<string>();
    // Each search goes to the other process than the one before; every session is new so
    // that only the per-address count can stop them.
    for (let i = 0; i < SEARCH_LIMIT; i++) {
      const s = new HttpApiClient(bases, i);
      await s.init();
      const res = await s.post('/search-vehicle', { registerNumber: 'ABC-123' });
      expect(res.statusCode, res.body).toBe(200);
      answeredBy.add(s.lastBase!);
    }
    expect(answeredBy.size).toBe(2);
    for (const first of [0, 1]) {
      const s = new HttpApiClient(bases, first);
      await s.init();
      const res = await s.post('/search-vehicle', { registerNumber: 'ABC-123' });
      expect(res.statusCode, res.body).toBe(429);
      expect(json(res).error).toBe('TOO_MANY_REQUESTS');
      expect(Number(res.httpHeaders?.get('retry-after'))).toBeGreaterThan(0);
    }
    const { rows } = await sql<{ count: number }>`
      SELECT count FROM rate_limit_counter WHERE key LIKE '%/search-vehicle|127.0.0.1'`.execute(database.handle.db);
    expect(rows).toEqual([{ count: SEARCH_LIMIT + 2 }]);
  });

  it(`campaign codes: ${CODE_LIMIT} guesses per session in all, the calls alternating between the processes`, async () => {
    const c = new HttpApiClient(servers.map((s) => s.base));
    await c.init();
    const statuses: number[] = [];
    const bases = new Set<string>();
    for (let i = 0; i < CODE_LIMIT + 2; i++) {
      statuses.push((await c.post('/campaign-code/v2', { value: `ARVAUS${i}` })).statusCode);
      bases.add(c.lastBase!);
    }
    expect(bases.size).toBe(2);
    expect(statuses).toEqual([...Array(CODE_LIMIT).fill(200), 429, 429]);
  });
});
