/**
 * A bulk load's indexes: the secondary indexes of the loaded tables are dropped before the
 * rows go in and built again, once, after — far faster than updating them row by row. The
 * definitions are read from the database itself (pg_get_indexdef, pg_get_constraintdef), so
 * exactly the indexes the migrations made come back, whatever migration added them.
 *
 * Indexes that a primary key, a unique constraint or a foreign key stands on are kept. An
 * exclusion constraint (resource_time's no-overlap rule) is dropped with the indexes and
 * added again after the load: adding it checks every row, so a load that broke the rule
 * fails and, being one transaction, leaves nothing behind.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../src/db/types.ts';

interface Dropped {
  indexes: { name: string; def: string }[];
  constraints: { table: string; name: string; def: string }[];
}

async function dropSecondaryIndexes(trx: Transaction<Database>, tables: readonly string[]): Promise<Dropped> {
  const constraints = await sql<{ table: string; name: string; def: string }>`
    SELECT t.relname AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def
    FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
    WHERE c.contype = 'x' AND t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(${[...tables]}::text[])
    ORDER BY t.relname, c.conname`.execute(trx);
  const indexes = await sql<{ name: string; def: string }>`
    SELECT ic.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY(${[...tables]}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY ic.relname`.execute(trx);
  for (const c of constraints.rows) await sql`ALTER TABLE ${sql.id(c.table)} DROP CONSTRAINT ${sql.id(c.name)}`.execute(trx);
  for (const i of indexes.rows) await sql`DROP INDEX ${sql.id(i.name)}`.execute(trx);
  return { indexes: indexes.rows, constraints: constraints.rows };
}

async function restore(trx: Transaction<Database>, dropped: Dropped): Promise<void> {
  for (const i of dropped.indexes) await sql.raw(i.def).execute(trx);
  for (const c of dropped.constraints) {
    await sql.raw(`ALTER TABLE ${quote(c.table)} ADD CONSTRAINT ${quote(c.name)} ${c.def}`).execute(trx);
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Runs `load` with the tables' secondary indexes dropped, then builds them again (inside the
 * caller's transaction: a failure anywhere undoes the drops too). Returns the names rebuilt.
 */
export async function withoutSecondaryIndexes(
  trx: Transaction<Database>,
  tables: readonly string[],
  load: () => Promise<void>,
): Promise<string[]> {
  const dropped = await dropSecondaryIndexes(trx, tables);
  await load();
  await restore(trx, dropped);
  return [...dropped.indexes.map((i) => i.name), ...dropped.constraints.map((c) => c.name)];
}

/**
 * Runs `load` with resource_time's version-bump trigger off, then bumps every office's
 * availability version once. The trigger bumps an office's version for each row of taken
 * time, deferred to the commit: a bulk load would queue millions of updates of the same
 * few rows (and PostgreSQL builds no index on a table with such events pending). One bump
 * per office after the load means the same to a cache: everything it kept is old.
 */
export async function withOneVersionBump(trx: Transaction<Database>, load: () => Promise<void>): Promise<void> {
  await sql`ALTER TABLE resource_time DISABLE TRIGGER resource_time_availability`.execute(trx);
  await load();
  await sql`ALTER TABLE resource_time ENABLE TRIGGER resource_time_availability`.execute(trx);
  await sql`UPDATE availability_version SET version = version + 1`.execute(trx);
}
