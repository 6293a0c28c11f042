import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import type { Executor } from '../modules/process/repository.ts';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type DateColumn = ColumnType<string, string, string>;
type BigId = ColumnType<string, never, never>;
type BigRef = ColumnType<string, string | number, string | number>;

/**
 * Row types of the tables and columns of migration 007 (booking management, redirect
 * settings, info texts, feedback). Kept here, beside the modules that use them, and
 * joined to the shared schema type with `extended(db)`.
 */
export type ExtraTables = {
  redirect_setting: {
    make_id: number;
    redirect_url: string;
    redirect_message: string;
    redirect_delay: Generated<number>;
    process_types: Generated<string[]>;
    active: Generated<boolean>;
  };
  organization: { damage_inspection: Generated<boolean> };
  organization_info_text: {
    id: Generated<number>;
    organization_id: number;
    text: string;
    valid_from: DateColumn;
    valid_to: DateColumn;
    active: Generated<boolean>;
  };
  booking: { cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null> };
  booking_added_row: {
    id: BigId;
    booking_id: BigRef;
    product_id: string;
    description: string;
    amount: number;
    unit_price_cents: number;
    created_at: DefaultTimestamp;
  };
  feedback: {
    id: BigId;
    booking_id: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    rating: number;
    message: string | null;
    created_at: DefaultTimestamp;
  };
};

export type ExtendedDb = Kysely<Database & ExtraTables>;

/** The same database or transaction, typed with the tables of ExtraTables too. */
export function extended(db: Executor): ExtendedDb {
  return (db as Kysely<Database>).$extendTables<ExtraTables>() as unknown as ExtendedDb;
}
