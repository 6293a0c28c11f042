import type { PGlite, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect for PGlite. PGlite has one connection: a transaction runs through
 * PGlite's own transaction() so that every query inside it uses the transaction's
 * handle, and work outside waits on a mutex until it ends.
 *
 * PGlite runs in the server's own thread and its queries resolve without a turn of the
 * event loop, so the waiters of the mutex would run one after another in microtasks while
 * no socket is read. Each acquisition therefore yields to the event loop once (a
 * setImmediate) before it runs: new requests are read and queue up behind the current
 * ones, first come first served, instead of waiting until the queue happens to empty.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  constructor(private readonly pg: PGlite) {}
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // Holding the lock: a query started meanwhile queues behind this one (FIFO). The
    // queries of an open transaction use its connection and do not come through here.
    await yieldToEventLoop();
    return new PGliteConnection(this.pg, release);
  }
  async beginTransaction(conn: DatabaseConnection, _settings: TransactionSettings) {
    await (conn as PGliteConnection).begin();
  }
  async commitTransaction(conn: DatabaseConnection) {
    await (conn as PGliteConnection).end(true);
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await (conn as PGliteConnection).end(false);
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release();
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  private tx: PGliteTransaction | null = null;
  private finish: ((commit: boolean) => void) | null = null;
  private done: Promise<unknown> | null = null;

  constructor(
    private readonly pg: PGlite,
    readonly release: () => void,
  ) {}

  /** Opens a PGlite transaction that stays open until end() is called. */
  async begin() {
    let ready!: (tx: PGliteTransaction) => void;
    const opened = new Promise<PGliteTransaction>((r) => (ready = r));
    this.done = this.pg
      .transaction(async (tx) => {
        ready(tx);
        const commit = await new Promise<boolean>((r) => (this.finish = r));
        if (!commit) await tx.rollback();
      })
      .catch((err: unknown) => {
        // A rollback surfaces as an error from transaction(); it is the outcome we asked for.
        if (!String(err).includes('rollback')) throw err;
      });
    this.tx = await Promise.race([opened, this.done.then(() => { throw new Error('transaction failed to open'); })]);
  }

  async end(commit: boolean) {
    this.finish?.(commit);
    const done = this.done;
    this.tx = null;
    this.finish = null;
    this.done = null;
    await done;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.tx ?? this.pg;
    const res = await target.query<R>(compiled.sql, compiled.parameters as unknown[]);
    return {
      rows: res.rows,
      numAffectedRows: res.affectedRows !== undefined ? BigInt(res.affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream');
  }
}
