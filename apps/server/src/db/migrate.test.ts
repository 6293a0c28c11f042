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

describe('017_absence_no_overlap (PGlite)', () => {
  it('joins absences that already overlap into one, keeps the rest, and refuses a new overlap', async () => {
    const handle = await openDatabase({});
    try {
      await migrate(handle);
      // Back to before 017: no constraint, and overlapping rows as a race could have left them.
      await handle.exec(`
        ALTER TABLE resource_absence DROP CONSTRAINT resource_absence_no_overlap;
        CREATE INDEX resource_absence_during_idx ON resource_absence USING gist (resource_id, during);
        DELETE FROM schema_migration WHERE name = '017_absence_no_overlap.sql';
        INSERT INTO organization (id, name, address, post_code, post_office) VALUES (1, 'Testi', 'Katu 1', '00100', 'Helsinki');
        INSERT INTO resource (id, organization_id, name) VALUES (1, 1, 'Nosturi 1'), (2, 1, 'Nosturi 2');
        INSERT INTO resource_absence (resource_id, during, reason) VALUES
          (1, '[2027-01-04 08:00+02, 2027-01-04 10:00+02)', 'a'),
          (1, '[2027-01-04 09:00+02, 2027-01-04 12:00+02)', 'b'),
          (1, '[2027-01-04 11:30+02, 2027-01-04 13:00+02)', 'c'),
          (1, '[2027-01-05 08:00+02, 2027-01-05 09:00+02)', 'd'),
          (2, '[2027-01-04 09:00+02, 2027-01-04 12:00+02)', 'e');`);
      expect(await migrate(handle)).toEqual(['017_absence_no_overlap.sql']);
      const rows = await sql<{ resource_id: number; reason: string; lower: Date; upper: Date }>`
        SELECT resource_id, reason, lower(during) AS lower, upper(during) AS upper
        FROM resource_absence ORDER BY resource_id, lower(during)`.execute(handle.db);
      expect(rows.rows.map((r) => [r.resource_id, r.reason, new Date(r.lower).toISOString(), new Date(r.upper).toISOString()])).toEqual([
        [1, 'a', '2027-01-04T06:00:00.000Z', '2027-01-04T11:00:00.000Z'],
        [1, 'd', '2027-01-05T06:00:00.000Z', '2027-01-05T07:00:00.000Z'],
        [2, 'e', '2027-01-04T07:00:00.000Z', '2027-01-04T10:00:00.000Z'],
      ]);
      const overlap = await sql`INSERT INTO resource_absence (resource_id, during) VALUES (1, '[2027-01-04 10:59+02, 2027-01-04 11:30+02)')
        ON CONFLICT DO NOTHING RETURNING id`.execute(handle.db);
      expect(overlap.rows).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
