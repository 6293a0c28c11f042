import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { WriteClock } from './write-clock.ts';
import type { Database } from './types.ts';

export type Db = Kysely<Database>;

/** The database or a transaction on it: what a repository function runs its statements on. */
export type Executor = Db | Transaction<Database>;

/** A database behind one interface, whichever engine runs it. */
export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: ticks after every write (db/write-clock.ts), so that reads can be kept in
   * memory until the next one. Absent on PostgreSQL, where other processes write too.
   */
  writeClock?: WriteClock;
  /**
   * PGlite only: the data directory as a tarball (a test template), after a checkpoint so
   * that an instance started from it has no write-ahead log to replay.
   */
  dump?(): Promise<Blob>;
}

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

export interface DatabaseOptions {
  /** postgres://… — a PostgreSQL server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; in memory when absent. */
  dataDir?: string | undefined;
  /** PGlite: start from this dumped data directory. */
  loadDataDir?: Blob | undefined;
  /** pg pool size. */
  poolSize?: number;
  /**
   * pg: how long opening a new connection may take before it fails (and the request is
   * answered 503) when PostgreSQL does not answer; default 5 s.
   */
  connectionTimeoutMs?: number;
}

/** The default of DatabaseOptions.connectionTimeoutMs. */
export const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * pg: the longest a request waits for a connection of a full pool (queries stuck on a
 * database that hangs) before it fails and is answered 503.
 */
export const POOL_WAIT_TIMEOUT_MS = 15_000;

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const types = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
        if (oid === DATE) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      },
    } as pg.CustomTypesConfig;
    // A new connection gives up after connectionTimeoutMs (without a limit a request waits
    // for ever on a server that accepts but never answers). That limit is set on the
    // client: pg-pool's own connectionTimeoutMillis also bounds the wait for a busy pool's
    // free connection, which a burst of requests on a healthy database may need for
    // seconds; the pool's bound is the longer POOL_WAIT_TIMEOUT_MS.
    const connectionTimeoutMillis = opts.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS;
    class TimedClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis });
        // pg-pool listens for a connection's 'error' only while the client is idle in the
        // pool. A connection lost while a request holds the client (PostgreSQL restarted,
        // network cut) emitted 'error' with no listener, which ended the whole process.
        // The request's query fails by itself (answered 503, plugins/errors.ts), a later
        // one on this client too, and the pool drops the client when it is released.
        this.on('error', () => {});
      }
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      types,
      Client: TimedClient,
      connectionTimeoutMillis: Math.max(POOL_WAIT_TIMEOUT_MS, connectionTimeoutMillis),
      // Finds a connection whose peer vanished without a FIN sooner than the OS default.
      keepAlive: true,
      // No JIT compiling: the calls' queries are short, and compiling one whose estimate
      // crossed jit_above_cost took longer than running it (55 ms of a week view's 190 ms).
      options: '-c jit=off',
    });
    // An idle client that loses its connection (server restart, failover) must not crash
    // the process; the pool replaces it on the next checkout.
    pool.on('error', (err) => console.warn('idle PostgreSQL client error:', err.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      engine: 'postgres',
      exec: async (script) => {
        await pool.query(script);
      },
      close: () => db.destroy(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    // The contrib extensions the migrations create (001 btree_gist, 028 pg_trgm).
    extensions: { btree_gist, pg_trgm },
    parsers: {
      [INT8]: (v: string) => Number(v),
      [NUMERIC]: (v: string) => Number(v),
      [DATE]: (v: string) => v,
    },
  });
  const writeClock = new WriteClock();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, writeClock) });
  return {
    db,
    engine: 'pglite',
    writeClock,
    exec: async (script) => {
      try {
        await pglite.exec(script);
      } finally {
        writeClock.advance();
      }
    },
    close: async () => {
      // The dialect's driver closes the instance when it has used it.
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    dump: async () => {
      // Old log segments are removed rather than kept for reuse, and the tarball is not
      // gzipped: a test database then opens in about 0.6 s instead of 1.8 s.
      await pglite.exec('SET wal_recycle = off; CHECKPOINT;');
      return (await pglite.dumpDataDir('none')) as Blob;
    },
  };
}

/**
 * The key of the PostgreSQL advisory lock that start-up (migrations and the first seed)
 * runs under, so that instances started together on one database take turns. Any fixed
 * 64-bit number; this one spells "huolto".
 */
export const STARTUP_LOCK_KEY = 0x68756f6c746f;

/**
 * Runs `fn` while holding the start-up advisory lock. On PostgreSQL it takes one pooled
 * connection for the whole run and gives `fn` a handle bound to it (a session lock belongs
 * to its connection; a connection that dies frees it). PGlite is one connection in one
 * process: `fn` runs with the handle as it is.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, fn: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  if (handle.engine !== 'postgres') return fn(handle);
  return handle.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn);
    try {
      return await fn({
        ...handle,
        db: conn,
        // Without parameters pg sends a script with the simple protocol: several statements.
        exec: async (script) => {
          await sql.raw(script).execute(conn);
        },
      });
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(STARTUP_LOCK_KEY)})`.execute(conn).catch(() => {});
    }
  });
}

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Applies the numbered SQL files of migrations/ that have not run yet, in order, each in
 * its own transaction. Several instances starting at once call it under withStartupLock.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  await handle.exec(
    'CREATE TABLE IF NOT EXISTS schema_migration (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .sort();
  const done = new Set(
    (await sql<{ name: string }>`SELECT name FROM schema_migration`.execute(handle.db)).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const script = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
    const name = file.replace(/'/g, "''");
    try {
      await handle.exec(`BEGIN;\n${script}\nINSERT INTO schema_migration (name) VALUES ('${name}');\nCOMMIT;`);
    } catch (err) {
      // A failed statement leaves the script's transaction open (and aborted) on the connection.
      await handle.exec('ROLLBACK').catch(() => {});
      throw err;
    }
    applied.push(file);
  }
  return applied;
}
