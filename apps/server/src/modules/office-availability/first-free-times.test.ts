import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  firstFreeTimesResponse,
  fromHelsinki,
  startOfWeek,
  todayInHelsinki,
  type FirstFreeTimes,
  type FreeTimeDay,
} from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';
import { OFFICES } from '#seed/organizations.ts';
import { FIRST_FREE_TIME_WEEKS, MINUTES_BEFORE_SERVICES } from './service.ts';

const counter = new StatementCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(counter) });
});
afterAll(async () => {
  await t?.close();
});

const ALL_IDS = OFFICES.map((o) => o.id);
const DAY_ONLY = OFFICES.find((o) => o.time_selection_type === 'DAY_ONLY' && !o.lead_only)!;
/** The office whose lifts the test fills for every looked-at week. */
const FULL = OFFICES.find((o) => o.name === 'Laakkonen Turku Itäharju')!;

const firstFree = async (c: ApiClient, organizationIds: unknown) => {
  const res = await c.post('/first-free-times', { organizationIds });
  expect(res.statusCode, res.body).toBe(200);
  return firstFreeTimesResponse.parse(json(res)) as FirstFreeTimes;
};
const fieldsOf = (res: Parameters<typeof json>[0]) => (json(res).fields as { path: string }[]).map((f) => f.path);

describe('POST /first-free-times', () => {
  it("names each office's first free time exactly as that office's own free-times calendar does", async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    const answer = await firstFree(c, ALL_IDS);
    const today = todayInHelsinki();
    expect(answer.weeks).toBe(FIRST_FREE_TIME_WEEKS);
    expect(answer.until).toBe(addDays(startOfWeek(today), FIRST_FREE_TIME_WEEKS * 7 - 1));
    expect(answer.minutes).toBeGreaterThan(0);
    expect(answer.organizations.map((o) => o.organizationId)).toEqual(ALL_IDS);

    let compared = 0;
    for (const office of OFFICES) {
      const mine = answer.organizations.find((o) => o.organizationId === office.id)!;
      if (office.lead_only) {
        expect(mine).toEqual({ organizationId: office.id, date: null, startTime: null, leadOnly: true });
        continue;
      }
      // The booking moves to the office (the cart stays) and reads its calendar week by week.
      expect((await c.post('/active-organization/v2', { organizationId: office.id })).statusCode).toBe(200);
      let first: FreeTimeDay | undefined;
      for (let start = today; !first && start <= answer.until; start = addDays(startOfWeek(start), 7)) {
        const end = addDays(startOfWeek(start), 6);
        const week = json<FreeTimeDay[]>(await c.post('/free-times', { start, end: end < answer.until ? end : answer.until }));
        first = week.find((d) => d.exactTimesAvailable || d.onlyDayTimesAvailable);
      }
      expect(first, office.name).toBeDefined();
      expect(mine, office.name).toEqual({
        organizationId: office.id,
        date: first!.date,
        startTime: office.time_selection_type === 'DAY_ONLY' ? null : first!.calendarSlots[0]!.startTime,
        leadOnly: false,
      });
      compared++;
    }
    expect(compared).toBe(OFFICES.length - 1);
    expect(answer.organizations.find((o) => o.organizationId === DAY_ONLY.id)!.startTime).toBeNull();
  });

  it('an office whose lifts are taken for all the weeks looked at has no first free time; the others still do', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    const before = await firstFree(c, [FULL.id, 1]);
    expect(before.organizations[0]!.date).not.toBeNull();

    const resources = await t.db.selectFrom('resource').select('id').where('organization_id', '=', FULL.id).execute();
    const ids = resources.map((r) => r.id);
    await t.db.deleteFrom('resource_time').where('resource_id', 'in', ids).execute();
    const from = fromHelsinki(todayInHelsinki());
    const to = fromHelsinki(addDays(before.until, 1));
    for (const id of ids) {
      await sql`INSERT INTO resource_time (resource_id, during, kind) VALUES (${id}, tstzrange(${from}, ${to}, '[)'), 'BOOKED')`.execute(t.db);
    }
    const after = await firstFree(c, [FULL.id, 1]);
    expect(after.organizations).toEqual([
      { organizationId: FULL.id, date: null, startTime: null, leadOnly: false },
      before.organizations[1],
    ]);
  });

  it('is for the length of the cart, and an hour before any service is chosen', async () => {
    const empty = new ApiClient(t.app);
    await empty.init('TIRE_CHANGE');
    expect((await empty.post('/search-vehicle', { registerNumber: 'abc-123' })).statusCode).toBe(200);
    const before = await firstFree(empty, [1, 2]);
    expect(before.minutes).toBe(MINUTES_BEFORE_SERVICES);
    expect(before.organizations.map((o) => o.organizationId)).toEqual([1, 2]);
    expect(before.organizations.every((o) => o.date !== null)).toBe(true);

    const withCart = new ApiClient(t.app);
    await prepareMaintenance(withCart, { organizationId: 1 });
    const booking = json<{ total_duration_minutes: number }>(await withCart.get('/get-booking/v2'));
    expect(booking.total_duration_minutes).toBeGreaterThan(0);
    expect((await firstFree(withCart, [1])).minutes).toBe(booking.total_duration_minutes);
  });

  it('answers every office in one call with a bounded number of SQL statements, unknown offices left out', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    counter.count = 0;
    const started = performance.now();
    const answer = await firstFree(c, [...ALL_IDS, 999_999]);
    const ms = performance.now() - started;
    console.info(`first-free-times for ${ALL_IDS.length} offices: ${ms.toFixed(0)} ms, ${counter.count} SQL statements`);
    expect(answer.organizations.map((o) => o.organizationId)).toEqual(ALL_IDS);
    // Session, cart and offices, then one busy-time read a week at most.
    expect(counter.count).toBeLessThanOrEqual(12 + FIRST_FREE_TIME_WEEKS);
    expect(ms).toBeLessThan(1000);
  });

  it('answers within a second even when no office has a time in all the weeks (every week read and computed)', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    const { until } = await firstFree(c, [1]);
    // Every lift of every office taken from now to the end of the weeks looked at (the tests after this need no free time).
    const from = fromHelsinki(todayInHelsinki());
    const to = fromHelsinki(addDays(until, 1));
    await sql`DELETE FROM resource_time WHERE during && tstzrange(${from}, ${to}, '[)')`.execute(t.db);
    await sql`INSERT INTO resource_time (resource_id, during, kind) SELECT id, tstzrange(${from}, ${to}, '[)'), 'BOOKED' FROM resource`.execute(t.db);
    counter.count = 0;
    const started = performance.now();
    const answer = await firstFree(c, ALL_IDS);
    const ms = performance.now() - started;
    console.info(`first-free-times, every office full for ${FIRST_FREE_TIME_WEEKS} weeks: ${ms.toFixed(0)} ms, ${counter.count} SQL statements`);
    expect(answer.organizations.every((o) => o.date === null)).toBe(true);
    expect(counter.count).toBeLessThanOrEqual(12 + FIRST_FREE_TIME_WEEKS + 1);
    expect(ms).toBeLessThan(1000);
  });

  it.each([
    [{}, 'organizationIds'],
    [{ organizationIds: [] }, 'organizationIds'],
    [{ organizationIds: 'kaikki' }, 'organizationIds'],
    [{ organizationIds: [1, 'kaksi'] }, 'organizationIds.1'],
    [{ organizationIds: [0] }, 'organizationIds.0'],
    [{ organizationIds: Array.from({ length: 101 }, (_, i) => i + 1) }, 'organizationIds'],
  ])('%j → 400 naming %s', async (body, field) => {
    const c = new ApiClient(t.app);
    await c.init('TIRE_CHANGE');
    const res = await c.post('/first-free-times', body);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([field]);
  });

  it('needs a booking session', async () => {
    const c = new ApiClient(t.app);
    const res = await c.post('/first-free-times', { organizationIds: [1] });
    expect(res.statusCode).toBe(412);
  });
});
