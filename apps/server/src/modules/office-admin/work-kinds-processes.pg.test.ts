/**
 * Two server processes on one PostgreSQL, each keeping calendars and offices in memory: a
 * resource's kinds of work changed through the set-up (here by a third party, the test,
 * through the module's own write in a transaction) and an office deactivated are answered
 * by both processes at once, without a restart: the triggers move the office's
 * availability and the catalogue version, and each process checks them before it answers.
 * Only PostgreSQL runs include this file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { HttpApiClient, createTestDatabase, json, type TestDatabase } from '#test/helpers.ts';
import { startServer, stopServer, type ServerProcess } from '#test/processes.ts';
import { resourcesOfOffice, setOfficeActive, updateResource } from './index.ts';

const TODAY = todayInHelsinki();
const RANGE = { start: addDays(TODAY, 7), end: addDays(TODAY, 20) };
const OFFICE = 3;

let database: TestDatabase;
let dataDir: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('work-kinds-processes.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  database = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-setup-'));
  servers = await Promise.all([0, 1].map(() => startServer({ databaseUrl: database.url, dataDir })));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Day = { calendarSlots: unknown[] };

/** A tire-change customer of the office on one server process. */
async function tireCustomer(base: string) {
  const c = new HttpApiClient([base]);
  await c.init('TIRE_CHANGE');
  await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
  expect((await c.post('/transfer-organization', { organizationId: OFFICE })).statusCode).toBe(200);
  expect(json(await c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-CHANGE' }], stage: 'TIRE_SERVICES' }))).toEqual({ responseCode: 'SUCCESS' });
  return c;
}
async function slots(c: HttpApiClient) {
  const res = await c.post('/free-times', RANGE);
  expect(res.statusCode, res.body).toBe(200);
  return json<Day[]>(res).reduce((n, d) => n + d.calendarSlots.length, 0);
}

describe('set-up changes reach every server process at once (PostgreSQL)', () => {
  it('a tire change gives no times once no resource can do it, and times again when one can', async () => {
    const customers = await Promise.all(servers.map((s) => tireCustomer(s.base)));
    // Both processes keep the calendars now.
    for (const c of customers) expect(await slots(c)).toBeGreaterThan(0);
    const db = database.handle.db;
    const resources = await resourcesOfOffice(db, OFFICE);
    await db.transaction().execute(async (trx) => {
      for (const r of resources) {
        await updateResource(trx, OFFICE, r.id, { ...r, workKinds: r.workKinds.filter((k) => k !== 'TIRE_CHANGE') }, null);
      }
    });
    for (const c of customers) expect(await slots(c)).toBe(0);
    const first = resources[0]!;
    await db.transaction().execute((trx) => updateResource(trx, OFFICE, first.id, first, null));
    for (const c of customers) expect(await slots(c)).toBeGreaterThan(0);
  });

  it("a deactivated office leaves both processes' lists at once", async () => {
    const clients = servers.map((s) => new HttpApiClient([s.base]));
    const listed = async (c: HttpApiClient) => (json(await c.get('/all-organizations/v2')) as { id: number }[]).map((o) => o.id);
    for (const c of clients) {
      await c.init('MAINTENANCE');
      expect(await listed(c)).toContain(OFFICE);
    }
    await database.handle.db.transaction().execute((trx) => setOfficeActive(trx, OFFICE, false, null));
    for (const c of clients) expect(await listed(c)).not.toContain(OFFICE);
  });
});
