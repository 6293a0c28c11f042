import {
  TIRES_IN_SET,
  TIRE_LABEL_CLASSES,
  TIRE_NOISE_CLASSES,
  defaultTireType,
  type TireLabel,
  toHelsinki,
  type Organization,
  type ProductSuggestion,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import type { TireRow } from '../catalogue/index.ts';
import type { Versions } from '#src/db/versions.ts';
import { officesOf, type OfficeSource, sharedLoad, VersionedSnapshot } from '../organizations/index.ts';
import { cartOf, vehicleOf, type ProcessRow, type ProcessVehicle } from '../process/index.ts';
import { listSuppliers, searchTires, sizeOptions, type TireLabelColumns, type TireQuery } from './repository.ts';
import { tireSearchCacheOf, tireSearchKey, type CachedTireSearch } from './search-cache.ts';

/** The supplier offered first in the tire search (Nokian Tyres). */
export const DEFAULT_SUPPLIER_ID = 1;

interface VehicleTire {
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  loadIndex: number;
}

function suggestedSizes(vehicle: ProcessVehicle | null): VehicleTire[] {
  const tires = vehicle?.tires;
  const list = [tires?.front, tires?.rear].filter((t): t is NonNullable<typeof t> => !!t);
  const seen = new Set<string>();
  return list
    .filter((t) => {
      const key = `${t.width}/${t.aspectRatio}R${t.rimDiameter} ${t.loadIndex}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((t) => ({ width: t.width, aspectRatio: t.aspectRatio, rimDiameter: t.rimDiameter, loadIndex: t.loadIndex }));
}

const isLabelClass = (v: string | null): v is TireLabel['wetGrip'] => TIRE_LABEL_CLASSES.includes(v as TireLabel['wetGrip']);
const isNoiseClass = (v: string | null): v is TireLabel['noiseClass'] => TIRE_NOISE_CLASSES.includes(v as TireLabel['noiseClass']);

/** The EU tyre label of a tire row, or null unless the catalogue has all of its values. */
export function tireLabelOf(t: Partial<TireLabelColumns>): TireLabel | null {
  const { rolling_resistance_class: rr = null, wet_grip_class: wg = null, noise_db: db = null, noise_class: nc = null } = t;
  if (!isLabelClass(rr) || !isLabelClass(wg) || db === null || !isNoiseClass(nc)) return null;
  return { rollingResistance: rr, wetGrip: wg, noiseDb: db, noiseClass: nc };
}

export function toSuggestion(t: TireRow & Partial<TireLabelColumns>, inCart: Set<string>): ProductSuggestion {
  return {
    product: { id: t.product_id, provider: t.provider },
    description: t.description,
    price: t.price_cents,
    normal_price: null,
    duration_minutes: t.duration_minutes,
    selected: inCart.has(t.product_id),
    additional_data: { infoDescription: t.info_html, imageIds: t.image_ids },
    suggestion_sub_rows: [],
    additional_products: [],
    suggested_tire: {
      make: t.supplier,
      description: `${t.model}`,
      size_info: `${t.width}/${t.aspect_ratio}R${t.rim_diameter} ${t.load_index}${t.speed_index}`,
      extra_markings: t.extra_markings,
      tire_type: t.tire_type,
      stock: t.stock,
      set_price: t.price_cents * TIRES_IN_SET,
      label: tireLabelOf(t),
    },
  };
}

/**
 * Serialises a search's tires once, as JSON.stringify(toSuggestion(…)) would, with each
 * suggestion split around the value of `selected` (the one field that depends on the cart).
 */
export function serializeTireSearch(tires: (TireRow & Partial<TireLabelColumns>)[]): CachedTireSearch {
  const rows = tires.map((t) => {
    const { product, description, price, normal_price, duration_minutes, selected: _, ...rest } = toSuggestion(t, new Set());
    return {
      productId: t.product_id,
      head: `${JSON.stringify({ product, description, price, normal_price, duration_minutes }).slice(0, -1)},"selected":`,
      tail: `,${JSON.stringify(rest).slice(1)}`,
    };
  });
  return { rows, unselected: Buffer.from(`[${rows.map((r) => `${r.head}false${r.tail}`).join(',')}]`) };
}

/**
 * The JSON answer of a cached search for a cart holding the products inCart: the bytes
 * kept in the cache when none of its tires is in the cart (encoding ~30 KB of text to
 * UTF-8 took about 0.1 ms a request).
 */
export function tireSearchJson(search: CachedTireSearch, inCart: Set<string>): Buffer | string {
  if (!search.rows.some((r) => inCart.has(r.productId))) return search.unselected;
  return `[${search.rows.map((r) => `${r.head}${inCart.has(r.productId)}${r.tail}`).join(',')}]`;
}

async function loadSizeChoices(db: Executor) {
  const [suppliers, sizes] = await Promise.all([listSuppliers(db), sizeOptions(db)]);
  return { suppliers, sizes };
}

type SizeChoices = Awaited<ReturnType<typeof loadSizeChoices>>;

/**
 * The tire search's suppliers and sizes kept in memory under the catalogue version (the
 * tire and tire_supplier tables bump it; docs/decisions/013); read from the database
 * without versions or when the cache is off.
 */
export class TireSizeCache {
  private readonly snapshots = new VersionedSnapshot(() => sharedLoad(loadSizeChoices));

  constructor(readonly enabled: boolean) {}

  /** The suppliers and sizes as of `versions`. */
  choices(db: Executor, versions?: Versions): Promise<SizeChoices> {
    const load = this.enabled && versions ? this.snapshots.at(versions.catalogue) : undefined;
    return load ? load(db) : loadSizeChoices(db);
  }
}

/** The tire search's choices: suppliers, sizes, the season's tire type and the car's own sizes. */
export async function tireSizes(db: Executor, session: ProcessRow, now = new Date(), choices?: SizeChoices) {
  const { suppliers, sizes } = choices ?? (await loadSizeChoices(db));
  const month = Number(toHelsinki(now).date.slice(5, 7));
  return {
    suppliers,
    ...sizes,
    defaultOfferedTireType: defaultTireType(month),
    defaultOfferedSupplierId: DEFAULT_SUPPLIER_ID,
    suggestedSizes: suggestedSizes(vehicleOf(session)),
  };
}

/**
 * The JSON answer of a tire search. A search's answer is kept in memory (search-cache.ts:
 * 500 searches, 60 s at most) under the catalogue version of the request (`versions`,
 * decision 013): a price or stock change made in the database bumps the version, so the
 * next search reads it, on every server instance. Without versions an answer is reused for
 * up to 60 s; with `cache: false` (CACHES=off) every search is read. Per request only the
 * session and the cart's product ids remain: `selected` is set from the process's cart,
 * without a query.
 */
export async function tireSearchAnswer(
  db: Db,
  session: ProcessRow,
  q: TireQuery,
  opts: { cache?: boolean; versions?: Versions | undefined } = {},
): Promise<Buffer | string> {
  const load = async () => serializeTireSearch(await searchTires(db, q));
  const key = opts.versions ? `${opts.versions.catalogue}:${tireSearchKey(q)}` : tireSearchKey(q);
  const search = opts.cache === false ? await load() : await tireSearchCacheOf(db).getOrLoad(key, load);
  const inCart = new Set(cartOf(session).map((l) => l.productId));
  return tireSearchJson(search, inCart);
}

/** Offices that change tires; none is a brand dealer in the tire processes. */
export async function tireChangeOrganizations(db: Executor | OfficeSource): Promise<Organization[]> {
  return officesOf(db).list(null, { tireChange: true });
}
