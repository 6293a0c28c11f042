/**
 * The caller's transaction as a database handle for functions that open a transaction of
 * their own (the cart's change, saving a booking): theirs runs inside the caller's, so that
 * when a later step fails every step is rolled back together.
 */
import type { Transaction } from 'kysely';
import type { Db } from '#src/db/database.ts';
import type { Database } from '#src/db/types.ts';

export function joined(trx: Transaction<Database>): Db {
  const builder = {
    execute: <T>(fn: (t: Transaction<Database>) => Promise<T>): Promise<T> => fn(trx),
    setIsolationLevel: () => builder,
  };
  return new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => builder;
      const value: unknown = Reflect.get(target, prop, target);
      // Kysely keeps its state in private fields: its methods run on the transaction itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as unknown as Db;
}
