import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  PGliteAdapter,
  PGliteDialect as KyselyPGliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's PGlite dialect (its driver runs a transaction through PGlite's transaction(),
 * so every query of the transaction uses the transaction's handle, and handles savepoints)
 * with two things of ours in front of its one connection:
 *
 * - Fairness. PGlite runs in the server's own thread and its queries resolve without a
 *   turn of the event loop, so the waiters for the connection would run one after another
 *   in microtasks while no socket is read: a request arriving behind a queue waited until
 *   the queue happened to empty. Each acquisition therefore yields to the event loop once
 *   (a setImmediate) before it runs: new requests are read and queue up behind the
 *   current ones, first come first served. (Kysely's own mutex, which it uses when the
 *   adapter says the dialect has one connection, has no such yield, so it is replaced by
 *   ours: see docs/decisions/010-pglite-dialect-and-migrations.md.)
 * - A guard. A query on the outer handle inside `db.transaction().execute(trx => …)` waits
 *   for the connection that the transaction holds, for ever. The transaction is tracked
 *   with AsyncLocalStorage, and such a query fails at once with OuterHandleInTransactionError.
 */
export class PGliteDialect extends KyselyPGliteDialect {
  constructor(pglite: PGlite) {
    super({ pglite });
  }
  override createAdapter() {
    return new SerialisedPGliteAdapter();
  }
  override createDriver(): Driver {
    return new FairPGliteDriver(super.createDriver());
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

/**
 * PGliteAdapter (no-op migration lock, Postgres SQL) whose driver serialises access
 * itself: Kysely's RuntimeDriver adds its own connection mutex only when
 * supportsMultipleConnections is false, and that mutex would sit in front of the fair
 * queue and the guard of FairPGliteDriver.
 */
class SerialisedPGliteAdapter extends PGliteAdapter {
  override get supportsMultipleConnections() {
    return true;
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
  private release: (() => void) | null = null;
  private transaction: RunningTransaction | null = null;

  constructor(private readonly inner: Driver) {}

  init() {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const running = runningTransaction.getStore();
    if (running?.open && running.driver === this) throw new OuterHandleInTransactionError();
    const release = await this.mutex.lock();
    try {
      // Holding the lock: a query started meanwhile queues behind this one (FIFO). The
      // queries of an open transaction use its connection and do not come through here.
      await yieldToEventLoop();
      const connection = await this.inner.acquireConnection();
      this.release = release;
      return connection;
    } catch (err) {
      release();
      throw err;
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    // Kysely awaits this and then calls the transaction's callback in the same async
    // function, so the store entered here (synchronously, before any await) is what the
    // callback and everything it starts see.
    const running: RunningTransaction = { driver: this, open: true };
    this.transaction = running;
    runningTransaction.enterWith(running);
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    this.closeTransaction();
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    this.closeTransaction();
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.savepoint!(connection, name, compileQuery);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']) {
    return this.inner.releaseSavepoint!(connection, name, compileQuery);
  }

  async releaseConnection(connection: DatabaseConnection) {
    this.closeTransaction();
    const release = this.release;
    this.release = null;
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      release?.();
    }
  }

  destroy() {
    return this.inner.destroy();
  }

  private closeTransaction() {
    if (this.transaction) this.transaction.open = false;
    this.transaction = null;
  }
}
