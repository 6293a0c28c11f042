import { AsyncLocalStorage } from 'node:async_hooks';
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
} from 'kysely';
import { mayChangeData, type WriteClock } from './write-clock.ts';

/**
 * A Kysely dialect for PGlite (Kysely 0.28, which runs on Node 20, has none of its own):
 *
 * - One connection. A transaction runs through PGlite's transaction(), so every query of
 *   the transaction uses the transaction's handle; savepoints work inside it. Other work
 *   waits on a FIFO mutex until the connection is released.
 * - Fairness. PGlite runs in the server's own thread and its queries resolve without a
 *   turn of the event loop, so the waiters for the connection would run one after another
 *   in microtasks while no socket is read: a request arriving behind a queue waited until
 *   the queue happened to empty. Each acquisition therefore yields to the event loop once
 *   (a setImmediate) before it runs: new requests are read and queue up behind the
 *   current ones, first come first served (docs/decisions/010-pglite-dialect-and-migrations.md).
 * - A guard. A query on the outer handle inside `db.transaction().execute(trx => …)` waits
 *   for the connection that the transaction holds, for ever. The transaction is tracked
 *   with AsyncLocalStorage, and such a query fails at once with OuterHandleInTransactionError.
 *
 * - A write clock (optional, db/write-clock.ts). It ticks after every statement that may
 *   change data and after every transaction that ran one, so that what is read can be kept
 *   in memory until the next write.
 *
 * `db.destroy()` closes the PGlite instance.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly clock?: WriteClock,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new FairPGliteDriver(this.pglite, this.clock);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

/** A query on the outer database handle issued inside one of its transactions (PGlite). */
export class OuterHandleInTransactionError extends Error {
  constructor() {
    super(
      'A query on the outer database handle was issued inside db.transaction(): PGlite has one ' +
        'connection and the transaction holds it, so the query would wait for ever. Use the ' +
        "transaction's handle (trx) inside the transaction's callback.",
    );
    this.name = 'OuterHandleInTransactionError';
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

/** The open transaction of one driver, seen from the async context that began it. */
interface RunningTransaction {
  driver: FairPGliteDriver;
  open: boolean;
}

const runningTransaction = new AsyncLocalStorage<RunningTransaction>();

class FairPGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private release: (() => void) | null = null;
  private transaction: RunningTransaction | null = null;

  constructor(
    private readonly pglite: PGlite,
    clock?: WriteClock,
  ) {
    this.connection = new PGliteConnection(pglite, clock);
  }

  async init() {
    if (this.pglite.closed) throw new Error('The PGlite instance is already closed.');
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const running = runningTransaction.getStore();
    if (running?.open && running.driver === this) throw new OuterHandleInTransactionError();
    const release = await this.mutex.lock();
    // Holding the lock: a query started meanwhile queues behind this one (FIFO). The
    // queries of an open transaction use its connection and do not come through here.
    await yieldToEventLoop();
    this.release = release;
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    // Kysely awaits this and then calls the transaction's callback in the same async
    // function, so the store entered here (synchronously, before any await) is what the
    // callback and everything it starts see.
    const running: RunningTransaction = { driver: this, open: true };
    this.transaction = running;
    runningTransaction.enterWith(running);
    await this.connection.begin();
  }

  async commitTransaction() {
    this.closeTransaction();
    await this.connection.end(true);
  }

  async rollbackTransaction() {
    this.closeTransaction();
    await this.connection.end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT ${quoteIdentifier(name)}`));
  }

  async releaseConnection() {
    this.closeTransaction();
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }

  private closeTransaction() {
    if (this.transaction) this.transaction.open = false;
    this.transaction = null;
  }
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The commit of a transaction in which a statement failed: PostgreSQL rolled it back. */
export class AbortedTransactionError extends Error {
  constructor(cause: unknown) {
    super('The transaction was rolled back instead of committed, because a statement in it failed.', { cause });
    this.name = 'AbortedTransactionError';
  }
}

/** PGlite's one connection; between begin() and end() its queries run in the open transaction. */
class PGliteConnection implements DatabaseConnection {
  private tx: PGliteTransaction | null = null;
  private finish: ((commit: boolean) => void) | null = null;
  private closed: Promise<void> | null = null;
  /** Whether the open transaction ran a statement that may have changed data. */
  private wrote = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly clock?: WriteClock,
  ) {}

  /** Opens a PGlite transaction that stays open until end() is called. */
  async begin() {
    let opened!: (tx: PGliteTransaction) => void;
    const open = new Promise<PGliteTransaction>((resolve) => (opened = resolve));
    const decided = new Promise<boolean>((resolve) => (this.finish = resolve));
    this.closed = this.pglite.transaction(async (tx) => {
      opened(tx);
      if (!(await decided)) await tx.rollback();
    });
    // A transaction that fails to open rejects `closed` before the callback runs.
    this.tx = await Promise.race([open, this.closed.then(() => Promise.reject(new Error('The transaction did not open.')))]);
  }

  async end(commit: boolean) {
    const closed = this.closed;
    this.finish?.(commit);
    this.tx = null;
    this.finish = null;
    this.closed = null;
    try {
      await closed;
    } catch (err) {
      if (!commit) return; // the rollback we asked for
      // 25P02: a statement failed earlier in the transaction, so PGlite rolled it back.
      if ((err as { code?: unknown } | null)?.code === '25P02') throw new AbortedTransactionError(err);
      throw err;
    } finally {
      if (this.wrote) this.clock?.advance();
      this.wrote = false;
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await (this.tx ?? this.pglite).query<R>(compiled.sql, compiled.parameters as unknown[], {
      rowMode: 'object',
    });
    if (this.clock && mayChangeData(compiled.sql)) {
      this.clock.advance();
      if (this.tx) this.wrote = true;
    }
    return { rows: rows ?? [], numAffectedRows: affectedRows != null ? BigInt(affectedRows) : undefined };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results.');
  }
}
