import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate, openDatabase, withStartupLock, type DatabaseHandle } from './database.ts';

/** The numbered migrations: each applied once, recorded in schema_migration. */

const FILES = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '../../migrations'))
  .filter((f) => /^\d+_.+\.sql$/.test(f))
  .sort();

const recorded = async (handle: DatabaseHandle) =>
  (await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name`.execute(handle.db)).rows.map((r) => r.name);

// Runs with DATABASE_URL (*.pg.test.ts, vitest.config.ts).
const pgUrl = inject('pgUrl')!;

describe('migrate (PostgreSQL)', () => {
  const name = `huolto_migrate_${process.pid}_${Date.now()}`;
  let admin: pg.Client | undefined;
  afterAll(async () => {
    await admin?.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin?.end();
  });

  it('two instances migrating one empty database at once under the start-up lock: each file applied once', async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    const handles = await Promise.all([openDatabase({ databaseUrl: url.toString() }), openDatabase({ databaseUrl: url.toString() })]);
    try {
      const applied = await Promise.all(handles.map((h) => withStartupLock(h, (locked) => migrate(locked))));
      expect(applied.flat().sort()).toEqual(FILES);
      expect(await recorded(handles[0]!)).toEqual(FILES);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
