import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { HttpApiClient, createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { startServer, stopServer, type ServerProcess } from '#test/processes.ts';
import { runConsistencyScenario, type Server } from '#test/availability-consistency.ts';

/**
 * Three server processes on one PostgreSQL: two keep calendars in memory, one computes
 * every answer from the database (CACHES=off). Each change goes through another process;
 * every session's calendars are compared byte for byte on all three. No messaging between
 * them: the versions read with the session row are all a caching process goes by.
 */
let database: TestDatabase;
let dataDir: string;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('availability-consistency.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-consistency-'));
  const started = await Promise.allSettled(
    ['on', 'on', 'off'].map((caches, i) =>
      startServer({ databaseUrl: database.url!, dataDir: join(dataDir, String(i)), env: { CACHES: caches } }),
    ),
  );
  for (const r of started) if (r.status === 'fulfilled') processes.push(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
}, 240_000);

afterAll(async () => {
  await Promise.all(processes.map(stopServer));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('calendars kept in memory by two processes answer as an uncaching third does (PostgreSQL)', () => {
  it('after holds, a change of time, a release, a save, a cancel, holds ending by themselves, a hold expired by SQL, absences and a closed day and their removal, and a new slot grid', async () => {
    const servers: Server[] = processes.map((p, i) => ({
      name: `process ${i + 1} (CACHES=${p.options.env!.CACHES})`,
      caches: p.options.env!.CACHES === 'on',
      client: () => new HttpApiClient([p.base]),
    }));
    const steps = await runConsistencyScenario(servers, database.handle.db);
    expect(steps.length).toBe(17);
    // Ten calls, twice round, each on the two caching processes.
    for (const s of steps) expect(s.compared, s.what).toBe(40);
    for (const p of processes) expect(p.child.exitCode, p.output()).toBeNull();
  }, 180_000);
});
