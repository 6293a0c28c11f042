import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { AbortedTransactionError, OuterHandleInTransactionError } from './pglite-dialect.ts';

/** PGlite's one connection, shared fairly, and the outer handle refused inside a transaction. */

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.exec('CREATE TABLE probe (id int PRIMARY KEY)');
});

afterAll(async () => {
  await handle.close();
});

const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms))]);

describe('PGlite dialect', () => {
  it('a request read while 200 queries are queued is served in turn, not after the whole queue', async () => {
    const { db } = handle;
    let done = 0;
    // 20 requests in flight, each running 10 queries one after another.
    const requests = Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 10; i++) {
        await sql`SELECT ${i}::int AS n`.execute(db);
        done++;
      }
    });
    // A request that arrives meanwhile: a callback of the event loop, like a socket read.
    const late = new Promise<number>((resolve, reject) =>
      setTimeout(() => sql`SELECT 1`.execute(db).then(() => resolve(done), reject), 0),
    );
    const [doneBeforeLate] = await Promise.all([late, ...requests]);
    // It waits for the queries queued before it (about one per request), not for all 200.
    expect(doneBeforeLate).toBeLessThan(60);
  });

  it('a query on the outer handle inside db.transaction() rejects at once with a clear error instead of hanging', async () => {
    const { db } = handle;
    let inner: unknown;
    const outcome = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe VALUES (1)`.execute(trx);
      try {
        await db.selectFrom('setting').select('key').execute();
      } catch (err) {
        inner = err;
        throw err;
      }
    });
    await expect(within(1000, outcome)).rejects.toThrow(OuterHandleInTransactionError);
    expect(inner).toBeInstanceOf(OuterHandleInTransactionError);
    expect(String(inner)).toMatch(/outer database handle.*inside db\.transaction\(\).*trx/s);
    // The transaction rolled back and the connection is free again.
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(db)).rows[0]!.n).toBe(0);
  });

  it('a transaction begun on the outer handle inside another one is refused the same way', async () => {
    const { db } = handle;
    const outcome = db.transaction().execute(async () => {
      await db.transaction().execute(async (trx) => sql`SELECT 1`.execute(trx));
    });
    await expect(within(1000, outcome)).rejects.toThrow(OuterHandleInTransactionError);
  });

  it("other requests' queries wait for a transaction and succeed; the transaction's own work is unaffected", async () => {
    const { db } = handle;
    const order: string[] = [];
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const tx = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe VALUES (2)`.execute(trx);
      opened();
      // Give the other requests time to queue up behind the transaction.
      await new Promise((r) => setTimeout(r, 50));
      await sql`INSERT INTO probe VALUES (3)`.execute(trx);
      order.push('commit');
    });
    await isOpen;
    // Started from outside the transaction's async context: they queue, they do not throw.
    const others = Array.from({ length: 5 }, () =>
      sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(db).then((r) => {
        order.push(`read ${r.rows[0]!.n}`);
      }),
    );
    await within(5000, Promise.all([tx, ...others]));
    expect(order).toEqual(['commit', 'read 2', 'read 2', 'read 2', 'read 2', 'read 2']);
  });

  it('work started inside a transaction that runs after it has ended may use the outer handle', async () => {
    const { db } = handle;
    let later!: Promise<number>;
    await db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      later = new Promise<number>((resolve, reject) =>
        setTimeout(() => {
          sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(db).then((r) => resolve(r.rows[0]!.n), reject);
        }, 20),
      );
    });
    await expect(within(1000, later)).resolves.toBe(2);
    // And the code after the transaction, in the same async function, too.
    await expect(sql`SELECT 1 AS one`.execute(db)).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('a commit after a failed statement that was caught rejects as aborted; nothing of it is stored', async () => {
    const { db } = handle;
    const attempt = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO probe (id) VALUES (900)`.execute(trx);
      await sql`SELECT 1 / 0`.execute(trx).catch(() => undefined);
    });
    await expect(attempt).rejects.toBeInstanceOf(AbortedTransactionError);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe WHERE id = 900`.execute(db)).rows[0]!.n).toBe(0);
    // The connection is free again.
    await expect(within(1000, sql`SELECT 1 AS one`.execute(db))).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('a savepoint rolls back only the work after it; a thrown callback rolls everything back', async () => {
    const { db } = handle;
    const trx = await db.startTransaction().execute();
    await sql`INSERT INTO probe (id) VALUES (901)`.execute(trx);
    const inner = await trx.savepoint('before_second').execute();
    await sql`INSERT INTO probe (id) VALUES (902)`.execute(inner);
    await inner.rollbackToSavepoint('before_second').execute();
    await trx.commit().execute();
    const ids = (await sql<{ id: number }>`SELECT id FROM probe WHERE id IN (901, 902) ORDER BY id`.execute(db)).rows;
    expect(ids).toEqual([{ id: 901 }]);

    await expect(
      db.transaction().execute(async (t) => {
        await sql`INSERT INTO probe (id) VALUES (903)`.execute(t);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM probe WHERE id = 903`.execute(db)).rows[0]!.n).toBe(0);
    await sql`DELETE FROM probe WHERE id >= 900`.execute(db);
  });

  it('int8 and numeric read as numbers, date as a string', async () => {
    const row = (
      await sql<{ big: number; num: number; day: string }>`SELECT 9007199254740::int8 AS big, 12.5::numeric AS num, '2025-03-30'::date AS day`.execute(
        handle.db,
      )
    ).rows[0];
    expect(row).toEqual({ big: 9007199254740, num: 12.5, day: '2025-03-30' });
  });
});
