import type { Executor } from '../process/repository.ts';

export interface TireRow {
  product_id: string;
  provider: string;
  description: string;
  info_html: string | null;
  price_cents: number;
  image_ids: string[];
  duration_minutes: number;
  supplier: string;
  model: string;
  tire_type: string;
  width: number;
  aspect_ratio: number;
  rim_diameter: number;
  load_index: number;
  speed_index: string;
  extra_markings: string[];
  stock: number;
}

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

/** The active tires of the catalogue, as the tire search offers them. */
function offeredTires(db: Executor) {
  return db
    .selectFrom('tire as t')
    .innerJoin('product as p', 'p.id', 't.product_id')
    .innerJoin('tire_supplier as s', 's.id', 't.supplier_id')
    .select([
      't.product_id', 'p.provider', 'p.description', 'p.info_html', 'p.price_cents', 'p.image_ids', 'p.duration_minutes',
      's.name as supplier', 't.model', 't.tire_type', 't.width', 't.aspect_ratio', 't.rim_diameter', 't.load_index',
      't.speed_index', 't.extra_markings', 't.stock',
    ])
    .where('p.active', '=', true);
}

/** The tires among the given products that the tire search offers. */
export async function findTires(db: Executor, productIds: readonly string[]): Promise<TireRow[]> {
  if (productIds.length === 0) return [];
  return offeredTires(db).where('t.product_id', 'in', [...productIds]).execute();
}

/** Tires of one size and type from the given suppliers, load index at least the minimum, cheapest first. */
export async function searchTires(db: Executor, q: TireQuery, limit = 60): Promise<TireRow[]> {
  return offeredTires(db)
    .where('t.width', '=', q.width)
    .where('t.aspect_ratio', '=', q.aspectRatio)
    .where('t.rim_diameter', '=', q.rimDiameter)
    .where('t.tire_type', '=', q.tireType)
    .where('t.load_index', '>=', q.minLoadIndex)
    .where('t.supplier_id', 'in', q.suppliers)
    .orderBy('p.price_cents')
    .orderBy('t.product_id')
    .limit(limit)
    .execute();
}
