/**
 * The office list's first free times kept under each office's availability version
 * (AvailabilityCache.firstFreeDays): asked again, a list computes only the offices whose
 * version moved, and the answer is always the one computed without anything kept.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { readVersions } from '#src/db/versions.ts';
import { OFFICES } from '#seed/organizations.ts';
import { AvailabilityCache } from '../time/index.ts';
import { CatalogueCache } from '../catalogue/index.ts';
import type { ProcessRow } from '../process/index.ts';
import { firstFreeTimes } from './service.ts';

let t: TestApp;
let session: ProcessRow;
beforeAll(async () => {
  t = await createTestApp();
  const c = new ApiClient(t.app);
  await prepareMaintenance(c, { organizationId: 1 });
  session = await t.db.selectFrom('process').selectAll().where('token', '=', c.token!).executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});

const ALL_IDS = OFFICES.map((o) => o.id);
/** The offices with a calendar of their own (a lead-only office takes only a wished date). */
const CALENDAR_OFFICES = OFFICES.filter((o) => !o.lead_only).length;

/** The answer with nothing kept: a new cache that keeps nothing, the catalogue from the database. */
async function uncached(now: Date) {
  const versions = await readVersions(t.db);
  const ctx = { cache: new AvailabilityCache({ enabled: false }), versions, catalogue: new CatalogueCache(false).at(t.db, versions) };
  return firstFreeTimes(t.db, ctx, session, ALL_IDS, now);
}

describe('first free times kept under the offices’ versions', () => {
  it('a second call computes only the office whose version moved, and answers as the uncached computation', async () => {
    const now = new Date();
    const cache = new AvailabilityCache({ enabled: true });
    const catalogue = new CatalogueCache(true);
    const ask = async () => {
      const versions = await readVersions(t.db);
      return firstFreeTimes(t.db, { cache, versions, catalogue: catalogue.at(t.db, versions) }, session, ALL_IDS, now);
    };

    const first = await ask();
    expect(cache.stats.firstFreeComputes).toBe(CALENDAR_OFFICES);
    expect(cache.stats.firstFreeHits).toBe(0);
    expect(first).toEqual(await uncached(now));

    // Nothing changed: every office from memory, nothing read or computed.
    const { takenReads, calendarComputes } = cache.stats;
    expect(await ask()).toEqual(first);
    expect(cache.stats.firstFreeComputes).toBe(CALENDAR_OFFICES);
    expect(cache.stats.firstFreeHits).toBe(CALENDAR_OFFICES);
    expect(cache.stats.takenReads).toBe(takenReads);
    expect(cache.stats.calendarComputes).toBe(calendarComputes);

    // Every lift of one office taken on its first free day: its version moves, the others' stand.
    const moved = first.organizations.find((o) => o.date !== null && o.organizationId !== 1)!;
    const lifts = await t.db.selectFrom('resource').select('id').where('organization_id', '=', moved.organizationId).execute();
    const from = fromHelsinki(moved.date!);
    const to = new Date(from.getTime() + 24 * 3_600_000);
    for (const { id } of lifts) {
      await sql`DELETE FROM resource_time WHERE resource_id = ${id} AND during && tstzrange(${from}, ${to}, '[)')`.execute(t.db);
      await sql`INSERT INTO resource_time (resource_id, during, kind) VALUES (${id}, tstzrange(${from}, ${to}, '[)'), 'BOOKED')`.execute(t.db);
    }

    const third = await ask();
    expect(cache.stats.firstFreeComputes).toBe(CALENDAR_OFFICES + 1);
    expect(cache.stats.firstFreeHits).toBe(2 * CALENDAR_OFFICES - 1);
    expect(third).toEqual(await uncached(now));
    const after = third.organizations.find((o) => o.organizationId === moved.organizationId)!;
    expect(after.date === null || after.date > moved.date!).toBe(true);
    expect(third.organizations.filter((o) => o.organizationId !== moved.organizationId)).toEqual(
      first.organizations.filter((o) => o.organizationId !== moved.organizationId),
    );
  });

  it('a session holding a time at an office gets its own answer there, not the one kept for others', async () => {
    const now = new Date();
    const cache = new AvailabilityCache({ enabled: true });
    const catalogue = new CatalogueCache(true);
    const ask = async (of: ProcessRow) => {
      const versions = await readVersions(t.db);
      return firstFreeTimes(t.db, { cache, versions, catalogue: catalogue.at(t.db, versions) }, of, ALL_IDS, now);
    };
    const before = await ask(session);
    const office = before.organizations.find((o) => o.startTime !== null && o.organizationId !== 1)!;
    // The session holds every lift of the office from the office's first free time for the rest of the day.
    const start = fromHelsinki(office.date!, office.startTime!);
    const end = new Date(fromHelsinki(office.date!).getTime() + 24 * 3_600_000);
    const lifts = await t.db.selectFrom('resource').select('id').where('organization_id', '=', office.organizationId).execute();
    for (const { id } of lifts) {
      await sql`DELETE FROM resource_time WHERE resource_id = ${id} AND during && tstzrange(${start}, ${end}, '[)')`.execute(t.db);
      await sql`INSERT INTO resource_time (resource_id, during, kind, process_token, expires_at)
        VALUES (${id}, tstzrange(${start}, ${end}, '[)'), 'HOLD', ${session.token}, now() + interval '15 minutes')`.execute(t.db);
    }
    // Another session's answer is kept first; the holder's own answer still counts its hold as free.
    const stranger = { ...session, token: 'another-session-token' };
    const others = await ask(stranger);
    const mine = await ask(session);
    expect(mine).toEqual(await uncached(now));
    expect(mine.organizations.find((o) => o.organizationId === office.organizationId)).toEqual(office);
    expect(others.organizations.find((o) => o.organizationId === office.organizationId)).not.toEqual(office);
  });
});
