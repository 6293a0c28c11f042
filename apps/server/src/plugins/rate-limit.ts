import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { isDatabaseUnavailable } from './errors.ts';

/** A number of calls allowed within a time window ('1 minute', '10 minutes', '1 hour'). */
export interface Limit {
  max: number;
  timeWindow: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Calls allowed per booking session (the x-process-token) within the window, counted
     * after the session is loaded; beside `rateLimit`, which counts per client address.
     * Routes with the same `groupId` share one count.
     */
    sessionRateLimit?: Limit & { groupId?: string };
    /**
     * Calls allowed per signed-in staff account within the window, counted once the staff
     * guard has found the account (a route-level onRequest runs after the scope's); beside
     * `rateLimit` per client address. Routes with the same `groupId` share one count.
     */
    staffRateLimit?: Limit & { groupId?: string };
  }
}

/** The part of a route's config that limits it. */
export interface RouteLimits {
  rateLimit?: Limit & { groupId?: string };
  sessionRateLimit?: Limit & { groupId?: string };
}

/**
 * The route config of a call limited per client address, per booking session, or both.
 * `groupId` makes several calls share their counts (guessing a code on one call or the
 * other is the same guessing).
 */
export function limits(opts: { address?: Limit; session?: Limit; groupId?: string }): RouteLimits {
  return {
    ...(opts.address ? { rateLimit: { ...opts.address, ...(opts.groupId ? { groupId: opts.groupId } : {}) } } : {}),
    ...(opts.session ? { sessionRateLimit: { ...opts.session, ...(opts.groupId ? { groupId: opts.groupId } : {}) } } : {}),
  };
}

const UNITS: Record<string, number> = { second: 1_000, minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Milliseconds of a time window such as '1 minute' or '10 minutes'. */
export function windowMs(timeWindow: string): number {
  const m = /^(\d+) (second|minute|hour|day)s?$/.exec(timeWindow.trim());
  if (!m || Number(m[1]) <= 0) throw new Error(`bad rate-limit time window: ${timeWindow}`);
  return Number(m[1]) * UNITS[m[2]!]!;
}

/** How often expired counters are deleted, and how many rows one statement deletes at most. */
const SWEEP_EVERY_MS = 60_000;
const SWEEP_BATCH = 1_000;
const SWEEP_MAX_BATCHES = 20;
/** Longer keys (an IPv6 address with a long route and group) are stored as a hash. */
const MAX_KEY_LENGTH = 200;

export interface CounterState {
  /** Calls counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** A counter's key as stored: longer keys as their hash. */
const storedKey = (key: string) => (key.length > MAX_KEY_LENGTH ? `sha256:${createHash('sha256').update(key).digest('hex')}` : key);

/** Where the calls of the limited routes are counted (registerRateLimits). */
export interface Counters {
  /** Counts one call on `key` in a window of `windowMs`. */
  count(key: string, windowMs: number): Promise<CounterState>;
  /** Starts deleting ended windows now and then; stop() ends it. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * Counts one call on the counter `key` of rate_limit_counter, in one statement: the row is
 * created, or counted up, or reset when its window has ended. `db` may be a transaction:
 * the count then stands or falls with it, and a concurrent count of the same key waits for
 * it on the row (a cap checked and acted on in one transaction holds across instances).
 */
export async function countInDatabase(db: Db, key: string, windowMs: number): Promise<CounterState> {
  const stored = storedKey(key);
  const window = Math.max(1, Math.trunc(windowMs));
  const { rows } = await sql<{ count: number; ttl_ms: number }>`
    INSERT INTO rate_limit_counter AS c (key, count, expires_at)
    VALUES (${stored}, 1, now() + make_interval(secs => ${window / 1000}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN c.expires_at <= now() THEN 1 ELSE least(c.count, 2147483646) + 1 END,
      expires_at = CASE WHEN c.expires_at <= now() THEN excluded.expires_at ELSE c.expires_at END
    RETURNING count,
      -- From the clock: a call that queued on the row began (now()) before the one that set expires_at.
      greatest(0, ceil(extract(epoch FROM c.expires_at - clock_timestamp()) * 1000))::float8 AS ttl_ms`.execute(db);
  const row = rows[0]!;
  return { current: Number(row.count), ttl: Number(row.ttl_ms) };
}

/**
 * Rate-limit counters in the database (table rate_limit_counter), so that every server
 * instance on the same database counts the same calls: N instances do not allow N times
 * a limit. One statement per call, atomic under concurrency: the row of the key is
 * created, or counted up, or reset when its window has ended. Time is the database's
 * clock, which all instances share.
 */
export class DatabaseCounters implements Counters {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterState> {
    return countInDatabase(this.db, key, windowMs);
  }

  /** Deletes counters whose window has ended, a batch at a time so no statement runs long. */
  async sweep(): Promise<number> {
    let deleted = 0;
    for (let i = 0; i < SWEEP_MAX_BATCHES; i++) {
      const res = await sql`
        DELETE FROM rate_limit_counter WHERE key IN (
          SELECT key FROM rate_limit_counter WHERE expires_at < now() LIMIT ${SWEEP_BATCH})`.execute(this.db);
      const n = Number(res.numAffectedRows ?? 0);
      deleted += n;
      if (n < SWEEP_BATCH) break;
    }
    return deleted;
  }

  /** Sweeps every minute until stop(); the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.sweeping) return;
      this.sweeping = this.sweep()
        .then(() => undefined)
        .catch((err: unknown) => {
          // A database that is away now is swept on a later round.
          this.log.warn({ err: { message: (err as Error).message } }, 'rate-limit counters: sweep failed');
        })
        .finally(() => {
          this.sweeping = undefined;
        });
    }, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.sweeping;
  }

  /**
   * Counts a call. When the count cannot be taken:
   * - the database cannot be reached: the error goes on and the call is answered 503 with
   *   Retry-After (plugins/errors.ts). Every limited call needs the database anyway, so
   *   nothing is lost by refusing it, and a limit is never skipped while the database is
   *   overloaded — exactly when a flood would profit from it;
   * - any other failure (a bug, a missing table): the call is let through and the failure
   *   logged, so that a fault in counting does not turn every limited call into an error.
   */
  async count(key: string, windowMs: number): Promise<CounterState> {
    try {
      return await this.hit(key, windowMs);
    } catch (err) {
      if (isDatabaseUnavailable(err)) throw err;
      this.log.error({ err }, 'rate-limit counter failed; the call is let through');
      return { current: 0, ttl: windowMs };
    }
  }
}

/** Keys MemoryCounters keeps at most (a key is about 200 bytes): past it, ended windows are swept, then the oldest go. */
export const MEMORY_COUNTER_KEYS = 100_000;
/** At MEMORY_COUNTER_KEYS, how often a new key may make a sweep of the ended windows. */
const MEMORY_SWEEP_AT_CAP_MS = 1_000;
/** The highest count kept, as in the database's integer column. */
const MAX_COUNT = 2_147_483_647;

/**
 * Rate-limit counters in this process's memory, for the embedded database (docs/decisions/025):
 * its one server process is its only client, so a count in memory is the only count there is,
 * and a limited call pays no statement on the database's only thread. The same windows as
 * DatabaseCounters: a key's window starts at its first call and its count restarts when the
 * window has ended; time is this process's clock. A restart begins every window anew. At most
 * `maxKeys` keys are kept: at the cap the ended windows are dropped (swept at most once a
 * second), then the oldest ones (a flood of new keys can end an old window early, never
 * lengthen one).
 */
export class MemoryCounters implements Counters {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  /** When the cap last made a sweep (#makeRoom). */
  #sweptAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = MEMORY_COUNTER_KEYS,
  ) {}

  /** The count of one call, taken at once. */
  hit(key: string, windowMs: number): CounterState {
    const now = this.now();
    const stored = storedKey(key);
    const window = this.#windows.get(stored);
    if (window && window.endsAt > now) {
      window.count = Math.min(window.count + 1, MAX_COUNT);
      return { current: window.count, ttl: window.endsAt - now };
    }
    // A new window goes to the end of the map, which stays in the order the windows began.
    if (window) this.#windows.delete(stored);
    else if (this.#windows.size >= this.maxKeys) this.#makeRoom(now);
    const endsAt = now + Math.max(1, Math.trunc(windowMs));
    this.#windows.set(stored, { count: 1, endsAt });
    return { current: 1, ttl: endsAt - now };
  }

  async count(key: string, windowMs: number): Promise<CounterState> {
    return this.hit(key, windowMs);
  }

  /** Deletes the windows that have ended; answers how many. */
  sweep(now = this.now()): number {
    let deleted = 0;
    for (const [key, window] of this.#windows) {
      if (window.endsAt <= now) {
        this.#windows.delete(key);
        deleted++;
      }
    }
    return deleted;
  }

  /** Keys kept now. */
  get size(): number {
    return this.#windows.size;
  }

  /**
   * Room for a new key at the cap: the ended windows are swept at most once a second (a flood
   * of new keys must not make every call walk the whole map), then the oldest windows go.
   */
  #makeRoom(now: number) {
    if (now - this.#sweptAt >= MEMORY_SWEEP_AT_CAP_MS) {
      this.#sweptAt = now;
      this.sweep(now);
    }
    for (const key of this.#windows.keys()) {
      if (this.#windows.size < this.maxKeys) break;
      this.#windows.delete(key);
    }
  }

  /** Sweeps every minute until stop(); the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

/**
 * The store of @fastify/rate-limit over the counters. Each route's child store puts
 * the route (or its groupId) before the key, since all routes share one count space.
 */
function storeOf(counters: Counters) {
  return class CounterStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'address',
    ) {}

    incr(key: string, cb: (err: Error | null, res?: CounterState) => void, timeWindow: number) {
      counters.count(`${this.prefix}|${key}`, timeWindow).then(
        (res) => cb(null, res),
        (err: Error) => cb(err),
      );
    }

    // Called with the route's merged limit options, `routeInfo` being the route.
    child(routeOptions: object) {
      const o = routeOptions as { groupId?: string; routeInfo?: { url?: string } };
      const scope = o.groupId ?? String(o.routeInfo?.url ?? '');
      return new CounterStore(undefined, `address|${scope}`);
    }
  };
}

/** The answer to a call over a limit: 429 TOO_MANY_REQUESTS (plugins/errors.ts) with Retry-After. */
function tooManyRequests(): Error & { statusCode: number } {
  return Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
}

/**
 * @fastify/rate-limit with its counters in the database, or in memory with `counts: 'memory'`
 * (no route is limited unless its config says so), and the per-session and per-account
 * limits of `config.sessionRateLimit` and `config.staffRateLimit`. Register before the routes.
 */
export async function registerRateLimits(app: FastifyInstance, db: Db, opts: { counts: 'database' | 'memory' }): Promise<Counters> {
  const counters: Counters = opts.counts === 'memory' ? new MemoryCounters() : new DatabaseCounters(db, app.log);
  await app.register(rateLimit, {
    global: false,
    store: storeOf(counters),
    // The window a client must wait is in Retry-After; the body is the usual 429 (errors.ts).
    errorResponseBuilder: () => tooManyRequests(),
  });

  app.addHook('onRoute', (route) => {
    const limit = route.config?.staffRateLimit;
    if (!limit) return;
    const window = windowMs(limit.timeWindow);
    const scope = limit.groupId ?? route.url;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const account = (request as { staff?: { id?: number } | null }).staff?.id;
      if (account === undefined) return;
      const res = await counters.count(`account|${scope}|${account}`, window);
      if (res.current > limit.max) {
        reply.header('retry-after', Math.max(1, Math.ceil(res.ttl / 1000)));
        throw tooManyRequests();
      }
    };
    route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), check] as RouteOptions['onRequest'];
  });

  app.addHook('onRoute', (route) => {
    const limit = route.config?.sessionRateLimit;
    if (!limit) return;
    const window = windowMs(limit.timeWindow);
    const scope = limit.groupId ?? route.url;
    // A route-level preHandler runs after the session plugin's, so the session is known.
    const check = async (request: FastifyRequest, reply: { header(name: string, value: unknown): unknown }) => {
      const token = (request.session as { token?: string } | null | undefined)?.token;
      if (!token) return;
      const res = await counters.count(`session|${scope}|${token}`, window);
      if (res.current > limit.max) {
        reply.header('retry-after', Math.max(1, Math.ceil(res.ttl / 1000)));
        throw tooManyRequests();
      }
    };
    route.preHandler = [...(route.preHandler ? [route.preHandler].flat() : []), check] as RouteOptions['preHandler'];
  });

  counters.start();
  app.addHook('onClose', async () => {
    await counters.stop();
  });
  return counters;
}

/** The answer of a heavy call when this process already runs as many as it may. */
const BUSY_BODY = { error: 'BUSY', message: 'Palvelu on ruuhkautunut. Yritä hetken kuluttua uudelleen.' };

/**
 * At most `concurrency` runs of a heavy call at once in this process; the others wait in
 * line for up to `maxWaitMs` (at most `maxQueue` of them) and are then answered 503 BUSY
 * with Retry-After: a few clients repeating the call cannot take every CPU cycle from the
 * other customers.
 */
export function concurrencyGate(opts: { concurrency: number; maxQueue: number; maxWaitMs: number }) {
  let running = 0;
  const queue: { go: () => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    const next = queue.shift();
    if (next) {
      clearTimeout(next.timer);
      next.go();
    } else {
      running--;
    }
  };
  const waitForTurn = () =>
    new Promise<boolean>((resolve) => {
      const entry = {
        go: () => resolve(true),
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          resolve(false);
        }, opts.maxWaitMs),
      };
      queue.push(entry);
    });

  return async function gated<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T | FastifyReply> {
    if (running < opts.concurrency) {
      running++;
    } else if (queue.length >= opts.maxQueue || !(await waitForTurn())) {
      return reply.status(503).header('retry-after', 2).send(BUSY_BODY);
    }
    // (A run that waited took over the slot of the run that ended: `running` is unchanged.)
    try {
      return await fn();
    } finally {
      release();
    }
  };
}
