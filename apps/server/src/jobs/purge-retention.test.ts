import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { runRetentionScenario } from '#test/retention.ts';

/**
 * Retention of personal data on PGlite (the scenario: test/retention.ts; on PostgreSQL with
 * separate connections: purge-retention.pg.test.ts). Two purges started at once share the one
 * connection; each row is still done and counted once.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('retention of personal data (PGlite)', () => {
  it('removes the personal data past its period and nothing else, whichever of two purges at once gets each row', async () => {
    const db = database.handle.db;
    const { results } = await runRetentionScenario(db, [db, db]);
    expect(results).toHaveLength(2);
  });
});
