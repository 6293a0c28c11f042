import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** A car of the vehicle register with its make's name, as the table has it. */
export interface RegisterVehicleRow {
  register_number: string;
  make_id: number;
  make: string;
  model: string;
  model_year: number | null;
  classification_id: number;
  fuel: string | null;
  /** YYYY-MM-DD, or null. */
  introduction_date: string | null;
  tires: unknown;
}

const REGISTER_COLUMNS = [
  'v.register_number',
  'v.make_id',
  'm.name as make',
  'v.model',
  'v.model_year',
  'v.classification_id',
  'v.fuel',
  'v.introduction_date',
  'v.tires',
] as const;

const registerQuery = (db: Executor) => db.selectFrom('vehicle as v').innerJoin('vehicle_make as m', 'm.id', 'v.make_id').select(REGISTER_COLUMNS);

/** The register's car with this plate; undefined when not registered. */
export async function findRegisterVehicle(db: Executor, registerNumber: string): Promise<RegisterVehicleRow | undefined> {
  return registerQuery(db).where('v.register_number', '=', registerNumber).executeTakeFirst();
}

/** Plates or rows a statement of the import takes at a time. */
export const REGISTER_CHUNK_SIZE = 5000;

function* chunks<T>(rows: readonly T[], size = REGISTER_CHUNK_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * The register's cars with these plates (the import's comparison), REGISTER_CHUNK_SIZE
 * plates a statement, each chunk as one JSON parameter (on PGlite much faster than
 * thousands of bound parameters).
 */
export async function findRegisterVehicles(db: Executor, registerNumbers: readonly string[]): Promise<RegisterVehicleRow[]> {
  const found: RegisterVehicleRow[] = [];
  for (const chunk of chunks(registerNumbers)) {
    found.push(
      ...(await registerQuery(db)
        .where('v.register_number', 'in', sql<string>`(SELECT jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`)
        .execute()),
    );
  }
  return found;
}

/** The whole register by plate (the export). */
export async function listRegisterVehicles(db: Executor): Promise<RegisterVehicleRow[]> {
  return registerQuery(db).orderBy('v.register_number').execute();
}

/** A car of the register as written: the table's columns. */
export interface RegisterVehicleValues {
  register_number: string;
  make_id: number;
  model: string;
  model_year: number | null;
  classification_id: number;
  fuel: string | null;
  /** YYYY-MM-DD, or null. */
  introduction_date: string | null;
  tires: unknown;
}

/**
 * Adds the new cars and replaces the known ones: one INSERT … ON CONFLICT on the plate per
 * REGISTER_CHUNK_SIZE cars, each chunk as one JSON parameter.
 */
export async function upsertRegisterVehicles(db: Executor, rows: readonly RegisterVehicleValues[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await sql`
      INSERT INTO vehicle (register_number, make_id, model, model_year, classification_id, fuel, introduction_date, tires)
      SELECT register_number, make_id, model, model_year, classification_id, fuel, introduction_date, tires
      FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS x(
        register_number text, make_id integer, model text, model_year integer, classification_id integer,
        fuel text, introduction_date date, tires jsonb)
      ON CONFLICT (register_number) DO UPDATE SET
        make_id = excluded.make_id, model = excluded.model, model_year = excluded.model_year,
        classification_id = excluded.classification_id, fuel = excluded.fuel,
        introduction_date = excluded.introduction_date, tires = excluded.tires`.execute(db);
  }
}

/** The makes of the vehicle register, by name (vehicle-makes). */
export async function listMakes(db: Executor) {
  return db.selectFrom('vehicle_make').select(['id', 'name']).orderBy('name').execute();
}

export async function findMakeByName(db: Executor, name: string) {
  return db
    .selectFrom('vehicle_make')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

/**
 * Adds makes with the ids after the largest one, in the order given; answers them. The
 * table is locked to the transaction's end first, so that two imports do not take one id.
 */
export async function insertMakes(db: Executor, names: readonly string[]): Promise<{ id: number; name: string }[]> {
  if (names.length === 0) return [];
  await sql`LOCK TABLE vehicle_make IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  const max = await db.selectFrom('vehicle_make').select(sql<number>`coalesce(max(id), 0)::int`.as('max')).executeTakeFirstOrThrow();
  const makes = names.map((name, i) => ({ id: max.max + i + 1, name }));
  await db.insertInto('vehicle_make').values(makes).execute();
  return makes;
}
