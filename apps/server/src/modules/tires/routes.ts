import type { FastifyInstance } from 'fastify';
import {
  TIRES_IN_SET,
  cartChangeBody,
  defaultTireType,
  tireSearchBody,
  toHelsinki,
  transferOrganizationBody,
  type ProductSuggestion,
} from '@huolto/domain';
import type { Db } from '../../db/database.ts';
import { parse } from '../../lib/parse.ts';
import { cartOf, vehicleOf, type ProcessVehicle } from '../process/repository.ts';
import { listOrganizations } from '../organizations/repository.ts';
import { moveToOrganization } from '../organizations/service.ts';
import { usableOrganization } from '../organizations/offices.ts';
import { addToCart } from '../services/routes.ts';
import { listSuppliers, searchTires, sizeOptions, type TireRow } from './repository.ts';
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
  const tires = vehicle?.tires as { front?: VehicleTire | null; rear?: VehicleTire | null } | null | undefined;
  const list = [tires?.front, tires?.rear].filter((t): t is VehicleTire => !!t);
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

export function toSuggestion(t: TireRow, inCart: Set<string>): ProductSuggestion {
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
    },
  };
}

/**
 * Serialises a search's tires once, as JSON.stringify(toSuggestion(…)) would, with each
 * suggestion split around the value of `selected` (the one field that depends on the cart).
 */
export function serializeTireSearch(tires: TireRow[]): CachedTireSearch {
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

export function registerTireRoutes(app: FastifyInstance, db: Db) {
  const searchCache = tireSearchCacheOf(db);

  app.get('/tire-sizes', async (request) => {
    const [suppliers, sizes] = await Promise.all([listSuppliers(db), sizeOptions(db)]);
    const month = Number(toHelsinki(new Date()).date.slice(5, 7));
    return {
      suppliers,
      ...sizes,
      defaultOfferedTireType: defaultTireType(month),
      defaultOfferedSupplierId: DEFAULT_SUPPLIER_ID,
      suggestedSizes: suggestedSizes(vehicleOf(request.process)),
    };
  });

  /**
   * The catalogue changes only with a release or a seed, so a search's answer is kept in
   * memory (search-cache.ts: 500 searches, 60 s): a price or stock change made in the
   * database shows within a minute, on every server instance. Per request only the
   * session (loaded by the session plugin) and the cart's product ids remain: `selected`
   * is set from the process's cart, without a query.
   */
  app.post('/search-tires/v2', async (request, reply) => {
    const q = parse(tireSearchBody, request.body);
    const search = await searchCache.getOrLoad(tireSearchKey(q), async () => serializeTireSearch(await searchTires(db, q)));
    const inCart = new Set(cartOf(request.process).map((l) => l.productId));
    return reply.type('application/json; charset=utf-8').send(tireSearchJson(search, inCart));
  });

  /** Offices that change tires; none is a brand dealer in the tire processes. */
  app.get('/tire-change-organizations/v2', async () => listOrganizations(db, null, { tireChange: true }));

  app.post('/transfer-organization', async (request) => {
    const body = parse(transferOrganizationBody, request.body);
    await usableOrganization(db, body.organizationId, request.process.process_type);
    await moveToOrganization(db, request.process.token, body.organizationId);
    return { responseCode: 'SUCCESS' };
  });

  /**
   * Adds tire-change services (or tires) to the cart in the TIRE_SERVICES stage; only
   * what the process is offered in that stage is accepted (services/cart-rules.ts).
   */
  app.post('/api/products/tire-change/add', async (request) => {
    const body = parse(cartChangeBody, request.body);
    await addToCart(db, request.process.token, 'TIRE_SERVICES', body.items);
    return { responseCode: 'SUCCESS' };
  });
}
