import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isWorkingDay, todayInHelsinki, type FreeTimeDay } from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';

const counter = new StatementCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(counter) });
});
afterAll(async () => {
  await t?.close();
});

const workingDayFrom = (date: string) => {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
};
const DAY = workingDayFrom(addDays(todayInHelsinki(), 45));

describe('the cost of changing a held time', () => {
  it('is one reserve-time call of at most 16 statements, and the old time is released in the same call', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 1 });
    const slots = json<FreeTimeDay[]>(await c.post('/free-times', { start: DAY, end: DAY }))[0]!.calendarSlots;
    expect(slots.length).toBeGreaterThan(2);
    const reservation = (i: number) => `${DAY}T${slots[i]!.startTime}|${DAY}T${slots[i]!.endTime}`;
    const body = (i: number) => ({ reservation: reservation(i), timeSelectionType: 'EXACT_TIME', workshiftPosition: null });

    expect(json(await c.post('/reserve-time', body(0))).responseCode).toBe('SUCCESS');

    counter.reset();
    const change = await c.post('/reserve-time', body(2));
    const statements = counter.count;
    expect(json(change).responseCode).toBe('SUCCESS');
    // Printed for the record: the figure docs/architecture.md gives.
    console.info(`changing a held time: 1 HTTP call, ${statements} SQL statements in one transaction`);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(16);

    // Exactly one time is held afterwards: the new one.
    const held = await t.db
      .selectFrom('resource_time')
      .select(['kind'])
      .where('process_token', '=', c.token!)
      .execute();
    expect(held).toHaveLength(1);
  });
});
