import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT, startServer, stopServer, type ServerProcess } from '../test/processes.ts';

/**
 * Instances started at the same moment on one empty PostgreSQL database: the migrations
 * and the seed run under an advisory lock, so one instance does them and the others wait
 * and find them done. Without the lock they create the same tables and insert the same
 * rows at once, and all but one fail to start.
 */

const INSTANCES = 3;
const SEEDED_TABLES = ['organization', 'resource', 'vehicle_make', 'vehicle', 'product', 'setting'] as const;

let admin: pg.Client;
let name: string;
let url: string;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgUrl') });
  await admin.connect();
  name = `huolto_startup_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(inject('pgUrl'));
  u.pathname = `/${name}`;
  url = u.toString();
});

afterAll(async () => {
  await Promise.all(servers.map((s) => stopServer(s)));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.end();
}, 120_000);

async function counts(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const result: Record<string, number> = {};
    for (const table of SEEDED_TABLES) result[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    const migrations = (await client.query('SELECT name FROM schema_migration ORDER BY name')).rows.map((r: { name: string }) => r.name);
    return { tables: result, migrations };
  } finally {
    await client.end();
  }
}

describe('start-up of several instances at once', () => {
  it(`${INSTANCES} servers started together on an empty database all become healthy; migrations and seed ran once`, async () => {
    const starts = Array.from({ length: INSTANCES }, () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'huolto-startup-'));
      dataDirs.push(dataDir);
      return startServer({ databaseUrl: url, dataDir, startTimeoutMs: 240_000 }).then((s) => {
        servers.push(s);
        return s;
      });
    });
    const results = await Promise.allSettled(starts);
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason).slice(0, 2000)] : []));
    expect(failed).toEqual([]);

    for (const s of servers) {
      const res = await fetch(`${s.base}/ready`);
      expect(res.status).toBe(200);
    }

    const files = readdirSync(join(ROOT, 'apps/server/migrations'))
      .filter((f) => /^\d+_.+\.sql$/.test(f))
      .sort();
    const template = new URL(inject('pgUrl'));
    template.pathname = `/${inject('pgTemplate')}`;
    const [mine, single] = await Promise.all([counts(url), counts(template.toString())]);
    // Every migration once (the name is the table's key, so twice would have failed).
    expect(mine.migrations).toEqual(files);
    // The seeded tables hold what one seed writes, as in the template seeded once.
    expect(mine.tables).toEqual(single.tables);
    expect(mine.tables.organization).toBeGreaterThan(0);
  }, 300_000);
});
