import type { Executor } from '#src/db/database.ts';
import { readVersions, type Versions } from '#src/db/versions.ts';
import type { WriteClock } from '#src/db/write-clock.ts';
import { findLiveSession, type LiveSession } from './repository.ts';

/** Sessions kept at most; past it the longest kept goes first. */
export const SESSIONS_KEPT = 10_000;

interface Kept<T> {
  tick: number;
  value: T;
}

/**
 * The embedded database's sessions and versions kept in memory (PGlite only). PGlite's one
 * server process is its only client, so nothing changes its data without the write clock
 * ticking (db/write-clock.ts): what was read at a tick stays true until the next. A session
 * call then answers its session, held time and versions from memory instead of paying the
 * one statement every session call pays on PostgreSQL, where other processes write too.
 *
 * Written through: every change goes to the database as before and moves the clock; the next
 * read after it reads the database again. Time is the other change: a session or hold that
 * has expired by the clock is read again (the database decides by its own now(), the same
 * clock in the same process). Each request gets its own copy of the row.
 */
export class SessionMemory {
  readonly #sessions = new Map<string, Kept<Omit<LiveSession, 'versions'>>>();
  /**
   * The versions read at one tick: the catalogue's and every office's read so far. The
   * requests of that tick share its map and add the offices they read to it
   * (withOfficeVersions): with no write since, a version read later in the tick is the same.
   */
  #versions: Kept<Omit<Versions, 'dbNow'>> | undefined;

  constructor(private readonly clock: WriteClock) {}

  /** The live session of a token, as findLiveSession reads it. */
  async find(db: Executor, token: string): Promise<LiveSession | undefined> {
    const tick = this.clock.tick;
    const kept = this.#sessions.get(token);
    const now = Date.now();
    const versions = this.#versions?.tick === tick ? this.#versions.value : undefined;
    if (kept && kept.tick === tick && versions && knowsOffice(versions, kept.value.process.organization_id) && stillLive(kept.value, now)) {
      return { ...copyOf(kept.value), versions: at(versions, now) };
    }
    // The tick is taken before the read: a write in between leaves the read labelled older
    // than the data, which only makes the next request read again.
    const session = await findLiveSession(db, token);
    if (!session) {
      this.#sessions.delete(token);
      return undefined;
    }
    if (this.#sessions.size >= SESSIONS_KEPT && !this.#sessions.has(token)) {
      this.#sessions.delete(this.#sessions.keys().next().value!);
    }
    this.#sessions.set(token, { tick, value: copyOf({ process: session.process, held: session.held }) });
    return { ...session, versions: at(this.#keep(tick, session.versions), now) };
  }

  /** The cache versions now, as readVersions reads them. */
  async versions(db: Executor): Promise<Versions> {
    const tick = this.clock.tick;
    if (this.#versions?.tick === tick) return at(this.#versions.value, Date.now());
    return at(this.#keep(tick, await readVersions(db)), Date.now());
  }

  /** Keeps versions read at `tick`: added to those of the same tick, else in their place. */
  #keep(tick: number, read: Versions): Omit<Versions, 'dbNow'> {
    if (this.#versions?.tick === tick) {
      for (const [id, v] of read.offices) this.#versions.value.offices.set(id, v);
    } else {
      this.#versions = { tick, value: { catalogue: read.catalogue, offices: new Map(read.offices) } };
    }
    return this.#versions.value;
  }
}

/** Kept versions as a request's, at `now`: the map is the tick's own, so what the request adds stays. */
const at = (kept: Omit<Versions, 'dbNow'>, now: number): Versions => ({ catalogue: kept.catalogue, offices: kept.offices, dbNow: new Date(now) });

/**
 * A deep copy of a row as the database driver answers it: plain objects, arrays, dates and
 * primitives are copied here (structuredClone took a twelfth of a kept session call's time);
 * anything else, structuredClone.
 */
export function copyOf<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(copyOf) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = copyOf((value as Record<string, unknown>)[key]);
    // A stored JSON key '__proto__' stays a key of its own, as JSON.parse and structuredClone keep it.
    if (key === '__proto__') Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out as T;
}

/** Whether the versions hold the session's own office's (a session without an office needs none). */
const knowsOffice = (versions: Omit<Versions, 'dbNow'>, officeId: number | null): boolean => officeId === null || versions.offices.has(officeId);

/** Whether a kept session is still what the database would answer by the clock alone. */
function stillLive(session: Omit<LiveSession, 'versions'>, now: number): boolean {
  if (new Date(session.process.expires_at).getTime() <= now) return false;
  const held = session.held;
  return !held || held.kind === 'BOOKED' || (held.expires_at !== null && held.expires_at.getTime() > now);
}
