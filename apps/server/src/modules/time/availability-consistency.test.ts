import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app.ts';
import { Mailer } from '../mail/outbox.ts';
import { ApiClient, createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '#test/helpers.ts';
import { runConsistencyScenario, type Server } from '#test/availability-consistency.ts';

const engine = inject('pgUrl') ? 'PostgreSQL' : 'PGlite';

/**
 * Two apps on one database in this process, one keeping calendars in memory and one not:
 * every answer the same, after every kind of change (the same scenario runs with server
 * processes in availability-consistency.pg.test.ts).
 */
let database: TestDatabase;
let dataDir: string;
const apps: FastifyInstance[] = [];
let settings: TestApp['config'];

beforeAll(async () => {
  // The test app's configuration (raised limits), on a database both apps share.
  const probe = await createTestApp();
  settings = probe.config;
  await probe.close();
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-consistency-'));
  for (const caches of [true, false]) {
    const mailer = new Mailer(database.handle.db, { from: settings.mailFrom, smtpUrl: undefined, outboxDir: join(dataDir, String(caches)) });
    const app = await buildApp({ config: { ...settings, dataDir, caches }, database: database.handle, mailer, logger: false });
    await app.ready();
    apps.push(app);
  }
}, 120_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`calendars kept in memory answer as the database does (${engine})`, () => {
  it('after holds, a change of time, a release, a save, a cancel, holds ending by themselves, a hold expired by SQL, absences and a closed day and their removal, and a new slot grid', async () => {
    const servers: Server[] = [
      { name: 'caching app', caches: true, client: () => new ApiClient(apps[0]!) },
      { name: 'uncaching app', caches: false, client: () => new ApiClient(apps[1]!) },
    ];
    const steps = await runConsistencyScenario(servers, database.handle.db);
    expect(steps.length).toBe(17);
    for (const s of steps) expect(s.compared, s.what).toBe(20);
  }, 120_000);
});
