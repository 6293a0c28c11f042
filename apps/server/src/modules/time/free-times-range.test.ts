/**
 * The one rule of a free-times range (domain `freeTimesRangeProblem`), held alike by
 * free-times and its shifts, free-times-on-organization and free-times-for-booking: at most
 * 62 days with both ends counted, from the current week's Monday on (the week calendar shows
 * the whole current week), not wholly past, within the booking horizon; else 400 naming the
 * field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_TIMES_MAX_RANGE_DAYS, addDays, startOfWeek, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

const PATHS = ['/free-times', '/free-times/morning', '/free-times/evening', '/free-times-on-organization', '/free-times-for-booking'];
/** free-times-for-booking checks the range before it looks the booking up: an accepted range meets the unknown key (404). */
const UNKNOWN_BOOKING = { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123' };

type Res = Awaited<ReturnType<ApiClient['post']>>;
const fieldsOf = (res: Res) => ((json(res).fields ?? []) as { path: string }[]).map((f) => f.path);

let t: TestApp;
let c: ApiClient;
beforeAll(async () => {
  t = await createTestApp();
  c = new ApiClient(t.app);
  await prepareMaintenance(c);
}, 120_000);
afterAll(() => t?.close());

const ask = (path: string, range: { start: string; end: string }) =>
  c.post(path, path === '/free-times-for-booking' ? { ...UNKNOWN_BOOKING, ...range } : range);
const accepted = (path: string) => (path === '/free-times-for-booking' ? 404 : 200);

describe('a free-times range', () => {
  const today = todayInHelsinki();
  const monday = startOfWeek(today);

  it(`covers at most ${FREE_TIMES_MAX_RANGE_DAYS} days, both ends counted`, async () => {
    expect(FREE_TIMES_MAX_RANGE_DAYS).toBe(62);
    for (const path of PATHS) {
      const full = await ask(path, { start: today, end: addDays(today, 61) });
      expect(full.statusCode, `${path} ${full.body.slice(0, 200)}`).toBe(accepted(path));
      const over = await ask(path, { start: today, end: addDays(today, 62) });
      expect(over.statusCode, `${path} ${over.body.slice(0, 200)}`).toBe(400);
      expect(fieldsOf(over), path).toEqual(['end']);
    }
    expect(json<unknown[]>(await ask('/free-times', { start: today, end: addDays(today, 61) }))).toHaveLength(62);
  });

  it("starts no earlier than the current week's Monday", async () => {
    for (const path of PATHS) {
      const week = await ask(path, { start: monday, end: addDays(monday, 6) });
      expect(week.statusCode, `${path} ${week.body.slice(0, 200)}`).toBe(accepted(path));
      for (const start of [addDays(monday, -1), addDays(today, -30)]) {
        const res = await ask(path, { start, end: addDays(today, 6) });
        expect(res.statusCode, `${path} ${start} ${res.body.slice(0, 200)}`).toBe(400);
        expect(fieldsOf(res), path).toEqual(['start']);
      }
    }
  });
});
