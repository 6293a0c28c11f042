import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiClient, createTestApp, json, type TestApp } from '../test/helpers.ts';
import { MemoryCounters } from './plugins/rate-limit.ts';

/**
 * The rate limits counted in the process's memory, as on the embedded database by default
 * (decision 025); rate-limits.test.ts shows the same limits counted in the database.
 */

describe('MemoryCounters', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('counts a key within its window, then starts a new window once it has ended', () => {
    const c = clock();
    const counters = new MemoryCounters(c.now);
    expect(counters.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    c.advance(20_000);
    expect(counters.hit('a', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    expect(counters.hit('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    c.advance(39_999);
    expect(counters.hit('a', 60_000)).toEqual({ current: 3, ttl: 1 });
    c.advance(1);
    expect(counters.hit('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('keeps long keys apart (stored as their hash)', () => {
    const counters = new MemoryCounters();
    const long = 'x'.repeat(500);
    expect(counters.hit(`${long}1`, 60_000).current).toBe(1);
    expect(counters.hit(`${long}2`, 60_000).current).toBe(1);
    expect(counters.hit(`${long}1`, 60_000).current).toBe(2);
  });

  it('sweeps the ended windows and keeps the live ones', () => {
    const c = clock();
    const counters = new MemoryCounters(c.now);
    counters.hit('short', 1_000);
    counters.hit('long', 60_000);
    c.advance(1_000);
    expect(counters.sweep()).toBe(1);
    expect(counters.size).toBe(1);
    expect(counters.hit('long', 60_000).current).toBe(2);
  });

  it('at its cap drops the ended windows first, then the oldest, and never lengthens a window', () => {
    const c = clock();
    const counters = new MemoryCounters(c.now, 3);
    counters.hit('ended', 1_000);
    counters.hit('old', 60_000);
    counters.hit('old', 60_000);
    counters.hit('newer', 60_000);
    c.advance(1_000);
    // Full: the ended window goes, the live ones stay.
    counters.hit('fourth', 60_000);
    expect(counters.size).toBe(3);
    expect(counters.hit('old', 60_000).current).toBe(3);
    // Full with live windows only: the oldest goes (its count restarts), the newer stay.
    counters.hit('fifth', 60_000);
    expect(counters.size).toBe(3);
    expect(counters.hit('newer', 60_000).current).toBe(2);
    expect(counters.hit('old', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('at its cap sweeps at most once a second, so a flood of new keys does not walk the whole map on every call', () => {
    const c = clock();
    const counters = new MemoryCounters(c.now, 2);
    let sweeps = 0;
    const sweep = counters.sweep.bind(counters);
    counters.sweep = (now?: number) => (sweeps++, sweep(now));
    counters.hit('a', 60_000);
    counters.hit('b', 60_000);
    for (let i = 0; i < 100; i++) counters.hit(`flood${i}`, 60_000);
    expect(sweeps).toBe(1);
    expect(counters.size).toBe(2);
    c.advance(1_000);
    counters.hit('later', 60_000);
    expect(sweeps).toBe(2);
  });
});

describe('the app with its default counts', () => {
  const LIMIT = 3;
  let t: TestApp;
  afterAll(() => t?.close());

  it('limits init-session per address; counted in memory on PGlite, in the database on PostgreSQL', async () => {
    t = await createTestApp({ initSessionRateLimit: LIMIT, rateLimitCounts: undefined });
    const address = '10.78.0.1';
    const c = new ApiClient(t.app, { remoteAddress: address });
    for (let i = 0; i < LIMIT; i++) await c.init();
    const refused = await c.post('/init-session', undefined, { usedProcessType: 'MAINTENANCE', installationType: 'LAAKKONEN_PUBLIC' });
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await new ApiClient(t.app, { remoteAddress: '10.78.0.2' }).init()).statusCode).toBe(200);

    const { rows } = await sql<{ count: number }>`
      SELECT count FROM rate_limit_counter WHERE key LIKE ${`address|%/init-session|${address}`}`.execute(t.db);
    expect(rows).toEqual(t.engine === 'pglite' ? [] : [{ count: LIMIT + 1 }]);
  });
});
