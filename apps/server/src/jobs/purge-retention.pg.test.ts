import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { runRetentionScenario } from '#test/retention.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';

/**
 * Retention of personal data on PostgreSQL (included only when DATABASE_URL is set; the
 * scenario: test/retention.ts). Three handles of their own on one database, as three server
 * instances have, purge at the same moment on separate connections: FOR UPDATE SKIP LOCKED
 * gives each row to one of them, so the counts add up to the scenario's exactly.
 */
let database: TestDatabase;
const instances: DatabaseHandle[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  for (let i = 0; i < 3; i++) instances.push(await openDatabase({ databaseUrl: database.url!, poolSize: 4 }));
});
afterAll(async () => {
  for (const h of instances) await h.close();
  await database?.drop();
});

describe('retention of personal data (PostgreSQL, three instances)', () => {
  it('removes the personal data past its period and nothing else, each row by one instance', async () => {
    const { results } = await runRetentionScenario(
      database.handle.db,
      instances.map((h) => h.db),
    );
    expect(results).toHaveLength(3);
  });
});
