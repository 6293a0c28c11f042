/**
 * The reads and writes of the tires file (tires-file.ts): a few statements a file, whatever
 * its length. The rows are read once per supplier of the file, and the new and changed ones
 * written a chunk at a time, each chunk's rows travelling as one JSON parameter (on PGlite
 * much faster than thousands of bound parameters, as in the seed).
 */
import { sql, type RawBuilder } from 'kysely';
import { tireInfoHtml, type TireType } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

/** Rows a write statement takes at a time. */
const CHUNK_SIZE = 1000;

function* chunks<T>(rows: readonly T[], size = CHUNK_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** The product group of the tires (the seed's, made by the first import into an empty database). */
export const TIRE_GROUP_ID = 'tires';
/** The provider of a tire's product (the cart's line and the tire search's answer). */
export const TIRE_PROVIDER = 'TIRE';

/** A tire as the file compares it: the tire's columns and its product's price, picture and description. */
export interface StoredTire {
  product_id: string;
  supplier_id: number;
  supplier_code: string;
  make: string;
  model: string;
  tire_type: string;
  width: number;
  aspect_ratio: number;
  rim_diameter: number;
  load_index: number;
  speed_index: string;
  extra_markings: string[];
  rolling_resistance_class: string | null;
  wet_grip_class: string | null;
  noise_db: number | null;
  noise_class: string | null;
  stock: number;
  price_cents: number;
  image_ids: string[];
  description: string;
}

/** The columns of a stored tire, in the order tiresOf reads them. */
const STORED_COLUMNS = [
  'product_id',
  'supplier_id',
  'supplier_code',
  'make',
  'model',
  'tire_type',
  'width',
  'aspect_ratio',
  'rim_diameter',
  'load_index',
  'speed_index',
  'extra_markings',
  'rolling_resistance_class',
  'wet_grip_class',
  'noise_db',
  'noise_class',
  'stock',
  'price_cents',
  'image_ids',
  'description',
  'supplier',
] as const;

/**
 * The tires of `where` (a condition on t), by supplier and code, read as one JSON array of
 * arrays: PGlite reads 12,000 tires so in about a third of the time it takes to read them
 * as 12,000 rows, and in half the time of an array of objects.
 */
async function tiresOf(db: Executor, where: RawBuilder<unknown>): Promise<(StoredTire & { supplier: string })[]> {
  const { rows } = await sql<{ tires: unknown[][] }>`
    SELECT coalesce(json_agg(json_build_array(
             t.product_id, t.supplier_id, t.supplier_code, t.make, t.model, t.tire_type, t.width, t.aspect_ratio, t.rim_diameter,
             t.load_index, t.speed_index, t.extra_markings, t.rolling_resistance_class, t.wet_grip_class, t.noise_db, t.noise_class,
             t.stock, p.price_cents, p.image_ids, p.description, s.name)
           ORDER BY s.name, t.supplier_code), '[]') AS tires
    FROM tire t JOIN product p ON p.id = t.product_id JOIN tire_supplier s ON s.id = t.supplier_id
    WHERE ${where}`.execute(db);
  return (rows[0]?.tires ?? []).map((values) => Object.fromEntries(STORED_COLUMNS.map((c, i) => [c, values[i]])) as unknown as StoredTire & { supplier: string });
}

export async function findTireSuppliers(db: Executor) {
  return db.selectFrom('tire_supplier').select(['id', 'name']).orderBy('id').execute();
}

/** New suppliers, with the ids the caller gave them. */
export async function insertTireSuppliers(db: Executor, suppliers: { id: number; name: string }[]): Promise<void> {
  if (suppliers.length > 0) await db.insertInto('tire_supplier').values(suppliers).execute();
}

/** Every tire of these suppliers. */
export async function findTiresOfSuppliers(db: Executor, supplierIds: number[]): Promise<StoredTire[]> {
  if (supplierIds.length === 0) return [];
  return tiresOf(db, sql`t.supplier_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(supplierIds)}::jsonb)::integer)`);
}

/** Every tire with its supplier's name, by supplier and product code: the export's order. */
export async function findAllTires(db: Executor): Promise<(StoredTire & { supplier: string })[]> {
  return tiresOf(db, sql`true`);
}

/** The ids among these that the media table has. */
export async function findMediaIds(db: Executor, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const chunk of chunks(ids)) {
    for (const r of await db.selectFrom('media').select('id').where('id', 'in', chunk).execute()) found.add(r.id);
  }
  return found;
}

/** Every product's id (a tire's or any other's), read as one JSON value: a new tire's id must not take one. */
export async function findProductIds(db: Executor): Promise<Set<string>> {
  const { rows } = await sql<{ ids: string[] }>`SELECT coalesce(json_agg(id), '[]') AS ids FROM product`.execute(db);
  return new Set(rows[0]?.ids ?? []);
}

/** Makes the tires' product group unless it is there (an empty database). */
export async function ensureTireGroup(db: Executor): Promise<void> {
  await db
    .insertInto('service_group')
    .values({ id: TIRE_GROUP_ID, stage: 'TIRE_SERVICES', kind: 'TIRES', title: 'Renkaat', calculator_id: null, sort: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

const json = (rows: readonly object[]) => JSON.stringify(rows);

/** New tires: their products (group 'tires', provider TIRE) and tire rows. */
export async function insertTires(db: Executor, tires: StoredTire[]): Promise<void> {
  for (const chunk of chunks(tires)) {
    await sql`
      INSERT INTO product (id, group_id, provider, description, info_html, price_cents, duration_minutes, image_ids, sort, active)
      SELECT x.product_id, ${TIRE_GROUP_ID}, ${TIRE_PROVIDER}, x.description, x.info_html, x.price_cents, 60, x.image_ids, 0, true
      FROM jsonb_to_recordset(${json(chunk.map(withInfo))}::jsonb)
        AS x(product_id text, description text, info_html text, price_cents integer, image_ids text[])`.execute(db);
    await sql`
      INSERT INTO tire (product_id, supplier_id, supplier_code, make, model, tire_type, width, aspect_ratio, rim_diameter,
                        load_index, speed_index, extra_markings, rolling_resistance_class, wet_grip_class, noise_db, noise_class, stock)
      SELECT x.product_id, x.supplier_id, x.supplier_code, x.make, x.model, x.tire_type, x.width, x.aspect_ratio, x.rim_diameter,
             x.load_index, x.speed_index, x.extra_markings, x.rolling_resistance_class, x.wet_grip_class, x.noise_db, x.noise_class, x.stock
      FROM jsonb_to_recordset(${json(chunk)}::jsonb) AS x(
        product_id text, supplier_id integer, supplier_code text, make text, model text, tire_type text, width integer,
        aspect_ratio integer, rim_diameter integer, load_index integer, speed_index text, extra_markings text[],
        rolling_resistance_class text, wet_grip_class text, noise_db integer, noise_class text, stock integer)`.execute(db);
  }
}

/** A tire's product with its info text, made of its make, model and type (the domain's tireInfoHtml). */
const withInfo = (t: StoredTire) => ({ ...t, info_html: tireInfoHtml(t.make, t.model, t.tire_type as TireType) });

/** The products of changed tires: price, picture, description and info text. */
export async function updateTireProducts(db: Executor, rows: StoredTire[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await sql`
      UPDATE product AS p SET price_cents = x.price_cents, image_ids = x.image_ids, description = x.description, info_html = x.info_html
      FROM jsonb_to_recordset(${json(chunk.map(withInfo))}::jsonb) AS x(product_id text, price_cents integer, image_ids text[], description text, info_html text)
      WHERE p.id = x.product_id`.execute(db);
  }
}

/** The tire rows of changed tires: every column the file holds. */
export async function updateTireRows(db: Executor, rows: StoredTire[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await sql`
      UPDATE tire AS t SET make = x.make, model = x.model, tire_type = x.tire_type, width = x.width, aspect_ratio = x.aspect_ratio,
        rim_diameter = x.rim_diameter, load_index = x.load_index, speed_index = x.speed_index, extra_markings = x.extra_markings,
        rolling_resistance_class = x.rolling_resistance_class, wet_grip_class = x.wet_grip_class, noise_db = x.noise_db,
        noise_class = x.noise_class, stock = x.stock
      FROM jsonb_to_recordset(${json(chunk)}::jsonb) AS x(
        product_id text, make text, model text, tire_type text, width integer, aspect_ratio integer, rim_diameter integer,
        load_index integer, speed_index text, extra_markings text[], rolling_resistance_class text, wet_grip_class text,
        noise_db integer, noise_class text, stock integer)
      WHERE t.product_id = x.product_id`.execute(db);
  }
}

/** Sets these tires' stock to 0 (kept: past bookings and carts name them). */
export async function setTiresOutOfStock(db: Executor, productIds: string[]): Promise<void> {
  for (const chunk of chunks(productIds)) {
    await sql`UPDATE tire SET stock = 0 WHERE product_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`.execute(db);
  }
}
