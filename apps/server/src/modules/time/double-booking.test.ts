import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '@huolto/domain';
import { ApiClient, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('no double booking', () => {
  it('50 sessions racing for one slot: exactly as many win as the slot has free resources', async () => {
    const sessions = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const c = new ApiClient(t.app);
        await prepareMaintenance(c);
        return c;
      }),
    );
    const slot = await firstFreeSlot(sessions[0]!);
    const [s, e] = slot.split('|') as [string, string];
    const start = parseLocalDateTime(s);
    const end = parseLocalDateTime(e);

    // Capacity: the office's resources with nothing overlapping the slot.
    const capacity = Number(
      (
        await sql<{ n: number }>`
          SELECT count(*) AS n FROM resource r
          WHERE r.organization_id = 1 AND NOT EXISTS (
            SELECT 1 FROM resource_time rt WHERE rt.resource_id = r.id
              AND rt.during && tstzrange(${start}, ${end}, '[)')
              AND (rt.kind = 'BOOKED' OR rt.expires_at > now()))`.execute(t.db)
      ).rows[0]!.n,
    );
    expect(capacity).toBeGreaterThan(0);

    const results = await Promise.all(
      sessions.map((c) => c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME', workshiftPosition: null })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const codes = results.map((r) => json(r).responseCode);
    expect(codes.filter((c) => c === 'SUCCESS')).toHaveLength(capacity);
    expect(codes.filter((c) => c === 'NOT_AVAILABLE')).toHaveLength(50 - capacity);

    // The database holds one hold per winning session, none overlapping on a resource.
    const holds = await sql<{ resource_id: number; n: number }>`
      SELECT resource_id, count(*) AS n FROM resource_time
      WHERE during && tstzrange(${start}, ${end}, '[)') AND kind = 'HOLD'
      GROUP BY resource_id`.execute(t.db);
    expect(holds.rows.reduce((sum, r) => sum + Number(r.n), 0)).toBe(capacity);
    expect(holds.rows.every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('the database itself refuses overlapping time on one resource', async () => {
    const resource = await t.db.selectFrom('resource').select('id').where('organization_id', '=', 2).executeTakeFirstOrThrow();
    const insert = (from: string, to: string) =>
      sql`INSERT INTO resource_time (resource_id, during, kind) VALUES (${resource.id}, tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)'), 'BOOKED')`.execute(t.db);
    await insert('2031-03-03T08:00:00Z', '2031-03-03T09:00:00Z');
    await expect(insert('2031-03-03T08:30:00Z', '2031-03-03T09:30:00Z')).rejects.toThrow(/exclusion|conflict/i);
    // Touching ends do not overlap.
    await expect(insert('2031-03-03T09:00:00Z', '2031-03-03T10:00:00Z')).resolves.toBeDefined();
  });
});
