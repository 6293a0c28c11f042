/**
 * The tires' SQL for the back-office: a supplier's tires by product code prefix or size,
 * one tire with its product's price, pictures and activity, its stock and picture written,
 * and the catalogue's pictures stored in media.
 */
import { sql } from 'kysely';
import type { Executor } from '#src/db/database.ts';

/** A tire as the back-office lists it: the tire row with its product's and supplier's columns. */
export interface TireAdminRow {
  product_id: string;
  supplier: string;
  supplier_code: string;
  make: string;
  model: string;
  width: number;
  aspect_ratio: number;
  rim_diameter: number;
  load_index: number;
  speed_index: string;
  price_cents: number;
  stock: number;
  image_ids: string[];
  active: boolean;
}

/** What a list of tires is narrowed by: a product code prefix or a size, and a supplier's name. */
export interface TireAdminFilter {
  codePrefix?: string | undefined;
  size?: { width: number; aspectRatio?: number | undefined; rimDiameter?: number | undefined } | undefined;
  supplier?: string | undefined;
}

function tireRows(db: Executor) {
  return db
    .selectFrom('tire as t')
    .innerJoin('product as p', 'p.id', 't.product_id')
    .innerJoin('tire_supplier as s', 's.id', 't.supplier_id')
    .select([
      't.product_id', 's.name as supplier', 't.supplier_code', 't.make', 't.model', 't.width', 't.aspect_ratio', 't.rim_diameter',
      't.load_index', 't.speed_index', 'p.price_cents', 't.stock', 'p.image_ids', 'p.active',
    ]);
}

/** LIKE's own characters taken as themselves. */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** At most `limit` tires by supplier and product code. */
export async function listTires(db: Executor, f: TireAdminFilter, limit: number): Promise<TireAdminRow[]> {
  let q = tireRows(db);
  if (f.supplier) q = q.where(sql<boolean>`lower(s.name) = lower(${f.supplier})`);
  if (f.codePrefix !== undefined || f.size) {
    q = q.where((eb) => {
      const ors = [];
      if (f.codePrefix !== undefined) ors.push(sql<boolean>`lower(t.supplier_code) LIKE ${`${likeText(f.codePrefix.toLowerCase())}%`}`);
      if (f.size) {
        const parts = [eb('t.width', '=', f.size.width)];
        if (f.size.aspectRatio !== undefined) parts.push(eb('t.aspect_ratio', '=', f.size.aspectRatio));
        if (f.size.rimDiameter !== undefined) parts.push(eb('t.rim_diameter', '=', f.size.rimDiameter));
        ors.push(eb.and(parts));
      }
      return eb.or(ors);
    });
  }
  return q.orderBy('s.name').orderBy('t.supplier_code').orderBy('t.product_id').limit(limit).execute();
}

export async function findTire(db: Executor, productId: string, forUpdate = false): Promise<TireAdminRow | undefined> {
  let q = tireRows(db).where('t.product_id', '=', productId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function setTireStock(db: Executor, productId: string, stock: number) {
  await db.updateTable('tire').set({ stock }).where('product_id', '=', productId).execute();
}

export async function setProductImages(db: Executor, productId: string, imageIds: string[]) {
  await db.updateTable('product').set({ image_ids: imageIds }).where('id', '=', productId).execute();
}

export async function insertMedia(db: Executor, id: string, contentType: string, data: Buffer) {
  await db.insertInto('media').values({ id, content_type: contentType, data }).execute();
}
