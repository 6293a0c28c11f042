import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ApiClient, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';
import { WriteClock } from '#src/db/write-clock.ts';
import { findLiveSession } from './repository.ts';
import { SessionMemory } from './session-memory.ts';

/**
 * The embedded database's sessions from memory (session-memory.ts): a session call pays no
 * statement while nothing has been written, and whatever is written — through the API, by a
 * job, or straight into the tables — is seen by the very next call.
 */
const counter = new StatementCounter();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(counter) });
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function statementsOf(call: () => Promise<{ statusCode: number; body: string }>) {
  const before = counter.count;
  const res = await call();
  return { res, statements: counter.count - before };
}

describe('sessions kept in memory on PGlite', () => {
  it('answers a session call without a statement until something is written, then reads once', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.get('/get-booking/v2');
    expect((await statementsOf(() => c.get('/get-booking/v2'))).statements).toBe(0);
    expect((await statementsOf(() => c.get('/session/v2/alive'))).statements).toBe(0);

    // Another customer's write moves the clock: the next call reads its session again, once.
    const other = new ApiClient(t.app);
    await prepareMaintenance(other);
    expect((await statementsOf(() => c.get('/session/v2/alive'))).statements).toBe(1);
    expect((await statementsOf(() => c.get('/session/v2/alive'))).statements).toBe(0);
  });

  it('sees a change written straight into the tables at the next call', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json<{ notes: string | null }>(await c.get('/get-booking/v2')).notes).toBeNull();
    await sql`UPDATE process SET notes = 'Takaovi narisee' WHERE token = ${c.token!}`.execute(t.db);
    expect(json<{ notes: string | null }>(await c.get('/get-booking/v2')).notes).toBe('Takaovi narisee');

    expect((await c.get('/session/v2/alive')).statusCode).toBe(200);
    await sql`UPDATE process SET expires_at = now() - interval '1 second' WHERE token = ${c.token!}`.execute(t.db);
    expect((await c.get('/session/v2/alive')).statusCode).toBe(412);
  });

  it('sees its own writes: the notes saved and a time reserved show in the next answer', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.get('/get-booking/v2');
    expect((await c.post('/save-notes', { value: 'Soita ennen töitä' })).statusCode).toBe(200);
    expect(json<{ notes: string | null }>(await c.get('/get-booking/v2')).notes).toBe('Soita ennen töitä');
    const slot = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    const booking = json<{ booking_total_duration: { start: string } | null }>(await c.get('/get-booking/v2'));
    expect(booking.booking_total_duration?.start.slice(0, 16)).toBe(slot.slice(0, 16));
  });

  it('reads again once the clock passes a kept session’s or hold’s expiry, with nothing written', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const slot = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    await c.get('/session/v2/alive');
    expect((await statementsOf(() => c.get('/session/v2/alive'))).statements).toBe(0);
    const [row] = (
      await sql<{ expires_at: Date }>`SELECT expires_at FROM resource_time WHERE process_token = ${c.token!} ORDER BY id DESC LIMIT 1`.execute(t.db)
    ).rows;
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(row!.expires_at).getTime() + 1_000 });
    expect((await statementsOf(() => c.get('/session/v2/alive'))).statements).toBe(1);
  });

  it('hands each request its own copy: a change made to one is not kept', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const memory = new SessionMemory(new WriteClock());
    const first = await memory.find(t.db, c.token!);
    const cart = first!.process.cart as { productId: string }[];
    expect(cart.length).toBeGreaterThan(0);
    first!.process.notes = 'muutettu pyynnössä';
    cart[0]!.productId = 'muutettu';
    cart.push({ productId: 'lisätty' });
    first!.process.expires_at.setFullYear(2000);
    first!.held = undefined;
    const before = counter.count;
    const again = await memory.find(t.db, c.token!);
    expect(counter.count - before).toBe(0);
    expect(again!.process.notes).toBeNull();
    expect(again!.process.token).toBe(c.token);
    // Its JSON and dates too: the cart and the expiry as stored.
    expect(again!.process.cart).toEqual((await findLiveSession(t.db, c.token!))!.process.cart);
    expect(again!.process.expires_at.getTime()).toBeGreaterThan(Date.now());
  });
});
