import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';

const counter = new StatementCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(counter) });
});
afterAll(async () => {
  await t?.close();
});

const processRow = (token: string) => t.db.selectFrom('process').selectAll().where('token', '=', token).executeTakeFirstOrThrow();

describe('GET /session/v2/alive', () => {
  it('answers {} for a live process with one statement, and changes nothing of it', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    const before = await processRow(c.token!);
    counter.reset();
    const res = await c.get('/session/v2/alive');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{}');
    expect(counter.count).toBe(1);
    expect(counter.kinds).toEqual(['RawNode']);
    // It does not extend the process nor touch anything of it.
    expect(await processRow(c.token!)).toEqual(before);
  });

  it('answers 412 without a token, with an unknown one and with an expired one', async () => {
    expect((await new ApiClient(t.app).get('/session/v2/alive')).statusCode).toBe(412);

    const unknown = new ApiClient(t.app);
    unknown.token = 'x'.repeat(43);
    expect((await unknown.get('/session/v2/alive')).statusCode).toBe(412);

    const c = new ApiClient(t.app);
    await c.init('TIRE_CHANGE');
    expect((await c.get('/session/v2/alive')).statusCode).toBe(200);
    await t.db.updateTable('process').set({ expires_at: new Date(Date.now() - 60_000) }).where('token', '=', c.token!).execute();
    const res = await c.get('/session/v2/alive');
    expect(res.statusCode).toBe(412);
    expect(json(res)).not.toEqual({});
    // Still there and still expired: the call removed nothing and extended nothing.
    expect((await processRow(c.token!)).expires_at.getTime()).toBeLessThan(Date.now());
  });
});
