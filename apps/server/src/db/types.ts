import type { DB } from './schema.generated.ts';

/**
 * Row types of the tables in migrations/, generated from a migrated database into
 * schema.generated.ts (`npm run db:types -w apps/server`; the type mapping is in
 * generate-types.ts): int8 and numeric read as number and date as the 'YYYY-MM-DD'
 * string, as database.ts parses them; jsonb columns are `unknown`, narrowed by the module
 * that reads them.
 */
export type Database = DB;
