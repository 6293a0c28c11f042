/**
 * The tires on the back-office: every staff member finds a supplier's tires by product code
 * or size, admins set a tire's stock and its picture. Each change is one transaction with its
 * TIRE audit row; the tire and product tables' catalogue triggers move the catalogue version
 * in it, so the customers' tire search (cached under that version, tires/search-cache.ts)
 * shows the change at its next call on every instance: a tire whose stock goes to 0 leaves
 * the search at once.
 */
import type { TireAdmin } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { storeImage, type CatalogueImageType } from './images.ts';
import { findTire, listTires, setProductImages, setTireStock, type TireAdminFilter, type TireAdminRow } from './repository.ts';

/** The most tires one search answers. */
export const TIRE_ADMIN_LIST_LIMIT = 100;

export const tireNotFound = () => new DomainError(404, 'NOT_FOUND', 'Rengasta ei löytynyt');

export function tireAdminOf(r: TireAdminRow): TireAdmin {
  return {
    productId: r.product_id,
    supplier: r.supplier,
    supplierCode: r.supplier_code,
    make: r.make,
    model: r.model,
    size: `${r.width}/${r.aspect_ratio}R${r.rim_diameter} ${r.load_index}${r.speed_index}`,
    priceCents: r.price_cents,
    stock: r.stock,
    imageIds: r.image_ids,
    active: r.active,
  };
}

/** A size as typed: '205', '205/55', '205/55R16', '205/55 R 16' or '205/55/16'. */
const SIZE_TEXT = /^(\d{3})(?:\s*\/\s*(\d{2})(?:\s*(?:R|\/|\s)\s*(\d{2}))?)?$/i;

/**
 * What a search text matches: a product code starting with it, or, when it reads as a size,
 * the tires of that size (the parts typed).
 */
export function tireFilterOf(q: string, supplier?: string): TireAdminFilter {
  const text = q.trim();
  const supplierName = supplier?.trim() || undefined;
  if (text === '') return { supplier: supplierName };
  const m = SIZE_TEXT.exec(text);
  const size = m
    ? { width: Number(m[1]), aspectRatio: m[2] === undefined ? undefined : Number(m[2]), rimDiameter: m[3] === undefined ? undefined : Number(m[3]) }
    : undefined;
  return { codePrefix: text, size, supplier: supplierName };
}

/** GET /catalogue/tires: at most TIRE_ADMIN_LIST_LIMIT tires by supplier and product code. */
export async function findTires(db: Executor, q: string, supplier?: string): Promise<TireAdmin[]> {
  return (await listTires(db, tireFilterOf(q, supplier), TIRE_ADMIN_LIST_LIMIT)).map(tireAdminOf);
}

/** Sets a tire's stock in the caller's transaction, with its audit row; nothing is written when it is the same. */
export async function updateTireStock(trx: Executor, productId: string, stock: number, staffUserId: number | null): Promise<TireAdmin> {
  const row = await findTire(trx, productId, true);
  if (!row) throw tireNotFound();
  const before = tireAdminOf(row);
  if (row.stock === stock) return before;
  await setTireStock(trx, productId, stock);
  const after = tireAdminOf((await findTire(trx, productId))!);
  await recordAudit(trx, { staffUserId, entity: 'TIRE', entityId: productId, action: 'UPDATED', before, after });
  return after;
}

/** Stores a picture and makes it the tire's only one, in the caller's transaction, with MEDIA and TIRE audit rows. */
export async function setTireImage(
  trx: Executor,
  productId: string,
  image: { contentType: CatalogueImageType; data: Buffer },
  staffUserId: number | null,
): Promise<TireAdmin> {
  const row = await findTire(trx, productId, true);
  if (!row) throw tireNotFound();
  const before = tireAdminOf(row);
  const imageId = await storeImage(trx, image, staffUserId);
  await setProductImages(trx, productId, [imageId]);
  const after = tireAdminOf((await findTire(trx, productId))!);
  await recordAudit(trx, { staffUserId, entity: 'TIRE', entityId: productId, action: 'UPDATED', before, after });
  return after;
}

export const updateTireStockCall = (db: Db, productId: string, stock: number, staffUserId: number) =>
  db.transaction().execute((trx) => updateTireStock(trx, productId, stock, staffUserId));

export const setTireImageCall = (db: Db, productId: string, image: { contentType: CatalogueImageType; data: Buffer }, staffUserId: number) =>
  db.transaction().execute((trx) => setTireImage(trx, productId, image, staffUserId));

export const storeImageCall = (db: Db, image: { contentType: CatalogueImageType; data: Buffer }, staffUserId: number) =>
  db.transaction().execute((trx) => storeImage(trx, image, staffUserId));
