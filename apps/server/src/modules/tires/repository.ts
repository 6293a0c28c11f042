import type { Executor } from '#src/db/database.ts';
import { offeredTires, type TireRow } from '../catalogue/index.ts';

export async function listSuppliers(db: Executor) {
  return db.selectFrom('tire_supplier').select(['id', 'name']).orderBy('name').execute();
}

/** The distinct widths, aspect ratios and rim diameters of the catalogue. */
export async function sizeOptions(db: Executor) {
  const [widths, aspectRatios, rimDiameters] = await Promise.all([
    db.selectFrom('tire').select('width as v').distinct().orderBy('width').execute(),
    db.selectFrom('tire').select('aspect_ratio as v').distinct().orderBy('aspect_ratio').execute(),
    db.selectFrom('tire').select('rim_diameter as v').distinct().orderBy('rim_diameter').execute(),
  ]);
  return {
    widths: widths.map((r) => r.v),
    aspectRatios: aspectRatios.map((r) => r.v),
    rimDiameters: rimDiameters.map((r) => r.v),
  };
}

export interface TireQuery {
  suppliers: number[];
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  minLoadIndex: number;
  tireType: string;
}

/** The EU tyre label's columns of a tire (migration 013); null where the catalogue has no label. */
export interface TireLabelColumns {
  rolling_resistance_class: string | null;
  wet_grip_class: string | null;
  noise_db: number | null;
  noise_class: string | null;
}

export type LabelledTireRow = TireRow & TireLabelColumns;

/**
 * Tires in stock of one size and type from the given suppliers, load index at least the
 * minimum, cheapest first (equal prices by make and model). A tire out of stock is not offered: it leaves the search as soon
 * as its stock goes to 0 (the stock change moves the catalogue version the cache is kept under).
 */
export async function searchTires(db: Executor, q: TireQuery, limit = 60): Promise<LabelledTireRow[]> {
  return offeredTires(db)
    .select(['t.rolling_resistance_class', 't.wet_grip_class', 't.noise_db', 't.noise_class'])
    .where('t.width', '=', q.width)
    .where('t.aspect_ratio', '=', q.aspectRatio)
    .where('t.rim_diameter', '=', q.rimDiameter)
    .where('t.tire_type', '=', q.tireType)
    .where('t.load_index', '>=', q.minLoadIndex)
    .where('t.supplier_id', 'in', q.suppliers)
    .where('t.stock', '>', 0)
    .orderBy('p.price_cents')
    // Equal prices by make and model, then by the supplier's code: the order a customer reads, the same whatever ids an import gave the tires.
    .orderBy('t.make')
    .orderBy('t.model')
    .orderBy('t.load_index')
    .orderBy('t.supplier_code')
    .limit(limit)
    .execute();
}
