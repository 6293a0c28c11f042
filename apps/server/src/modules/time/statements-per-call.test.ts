import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';

/**
 * What the hot calls cost in SQL statements: on a kept calendar and catalogue, free-times,
 * free-times-on-organization and get-booking/v2 are the one statement that reads the session
 * row with its held time and the versions on PostgreSQL; on the embedded database, none
 * while nothing has been written since the session was read (its write clock,
 * modules/process/session-memory.ts). After a change of taken time elsewhere, free-times
 * reads that office again.
 */
const onCounter = new StatementCounter();
const offCounter = new StatementCounter();
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await createTestApp({}, { wrapDb: (db) => db.withPlugin(onCounter) });
  off = await createTestApp({ caches: false }, { wrapDb: (db) => db.withPlugin(offCounter) });
}, 120_000);
afterAll(async () => {
  await on?.close();
  await off?.close();
});

async function statementsOf(counter: StatementCounter, call: () => Promise<{ statusCode: number; body: string }>) {
  const before = counter.count;
  const res = await call();
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, statements: counter.count - before };
}

const start = addDays(todayInHelsinki(), 2);
const week = { start, end: addDays(start, 6) };
const month = { start, end: addDays(start, 27) };

describe('statements per call', () => {
  it('free-times and get-booking/v2 are one statement each while the versions stand (none on PGlite), free-times-on-organization those and the other offices’ versions beside its rate limits (counted in memory on PGlite)', async () => {
    const session = on.engine === 'pglite' ? 0 : 1;
    const c = new ApiClient(on.app);
    await prepareMaintenance(c);
    // free-times-on-organization also reads the other offices' versions (the session's read
    // carries its own office's only; on PGlite they stay kept while nothing is written) and
    // counts the call against its two rate limits (per address and per session): shared by
    // every server through the database on PostgreSQL, in the one process's memory on PGlite.
    const otherOffices = session;
    const rateLimits = on.engine === 'pglite' ? 0 : 2;
    for (const [path, body, statements] of [
      ['/free-times', week, session],
      ['/free-times-on-organization', month, session + otherOffices + rateLimits],
    ] as const) {
      const first = await statementsOf(onCounter, () => c.post(path, body));
      const again = await statementsOf(onCounter, () => c.post(path, body));
      expect(again.body, path).toBe(first.body);
      expect(again.statements, path).toBe(statements);
    }
    await statementsOf(onCounter, () => c.get('/get-booking/v2'));
    expect((await statementsOf(onCounter, () => c.get('/get-booking/v2'))).statements).toBe(session);
  });

  it('a hold taken by another session makes the next free-times read the office again, once', async () => {
    const c = new ApiClient(on.app);
    await prepareMaintenance(c);
    const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(await c.post('/free-times', week));
    const day = days.find((d) => d.calendarSlots.length > 0)!;
    const slot = day.calendarSlots[0]!;
    const other = new ApiClient(on.app);
    await prepareMaintenance(other);
    const reserve = await other.post('/reserve-time', {
      reservation: `${day.date}T${slot.startTime}|${day.date}T${slot.endTime}`,
      timeSelectionType: 'EXACT_TIME',
    });
    expect(json(reserve).responseCode).toBe('SUCCESS');
    const after = await statementsOf(onCounter, () => c.post('/free-times', week));
    // The session, the office's row and resources (two), its taken time.
    expect(after.statements).toBeGreaterThan(1);
    expect(after.statements).toBeLessThanOrEqual(4);
    expect((await statementsOf(onCounter, () => c.post('/free-times', week))).statements).toBe(on.engine === 'pglite' ? 0 : 1);
  });

  it('add-products-to-cart checks the cart against the kept catalogue: the locked session and the tire rows, not the catalogue tables', async () => {
    // prepareMaintenance put the first service of the list in the cart; it is added again
    // (the line replaced by itself): every check of the rule runs.
    const addFirst = async (client: ApiClient, counter: StatementCounter) => {
      const groups = json<{ suggestions: { product: { id: string; provider: string } }[] }[]>(await client.get('/services/v2'));
      const product = groups[0]!.suggestions[0]!.product;
      return statementsOf(counter, () =>
        client.post('/add-products-to-cart', { items: [{ productId: product.id, provider: product.provider, amount: 1 }], stage: 'DEFAULT' }),
      );
    };
    const c = new ApiClient(on.app);
    await prepareMaintenance(c);
    const kept = await addFirst(c, onCounter);
    // The session's load (none on PGlite), the locked session, the bundles including the
    // lines, the tire rows of the cart before and after (stock is never kept); about 23
    // from the tables.
    expect(kept.statements).toBeLessThanOrEqual((on.engine === 'pglite' ? 0 : 1) + 6);
    const u = new ApiClient(off.app);
    await prepareMaintenance(u);
    const uncached = await addFirst(u, offCounter);
    expect(uncached.statements).toBeGreaterThan(kept.statements + 10);
  });

  it('with CACHES=off every call reads the database', async () => {
    const c = new ApiClient(off.app);
    await prepareMaintenance(c);
    await c.post('/free-times', week);
    expect((await statementsOf(offCounter, () => c.post('/free-times', week))).statements).toBeGreaterThanOrEqual(4);
    expect((await statementsOf(offCounter, () => c.get('/get-booking/v2'))).statements).toBeGreaterThanOrEqual(4);
  });
});
