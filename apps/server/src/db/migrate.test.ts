import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from './database.ts';

/** The numbered migrations: each applied once, recorded in schema_migration. */

const FILES = readdirSync(join(dirname(fileURLToPath(import.meta.url)), '../../migrations'))
  .filter((f) => /^\d+_.+\.sql$/.test(f))
  .sort();

const recorded = async (handle: DatabaseHandle) =>
  (await sql<{ name: string }>`SELECT name FROM schema_migration ORDER BY name`.execute(handle.db)).rows.map((r) => r.name);

describe('migrate (PGlite)', () => {
  it('applies every file in order once; a second run applies nothing', async () => {
    const handle = await openDatabase({});
    try {
      expect(await migrate(handle)).toEqual(FILES);
      expect(await migrate(handle)).toEqual([]);
      expect(await recorded(handle)).toEqual(FILES);
    } finally {
      await handle.close();
    }
  });
});
