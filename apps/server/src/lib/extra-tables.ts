import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/types.ts';

/**
 * The tables and columns of migration 007 (booking management, redirect settings, info
 * texts, feedback). They are part of the generated schema type now; this name stays for
 * the modules that picked them out of it.
 */
export type ExtraTables = Pick<Database, 'redirect_setting' | 'organization' | 'organization_info_text' | 'booking' | 'booking_added_row' | 'feedback'>;

export type ExtendedDb = Kysely<Database>;

/** The same database or transaction (every table is in Database). */
export function extended(db: Db | Transaction<Database>): ExtendedDb {
  return db as Kysely<Database>;
}
