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
import { ValidationError } from '../../lib/errors.ts';
import { cartOf, vehicleOf, type ProcessVehicle } from '../process/repository.ts';
import { listOrganizations } from '../organizations/repository.ts';
import { moveToOrganization } from '../organizations/service.ts';
import { usableOrganization } from '../organizations/offices.ts';
import { findProducts } from '../services/repository.ts';
import { changeCart } from '../services/routes.ts';
import { cartItemIssues } from '../windshield/service.ts';
import { listSuppliers, searchTires, sizeOptions, type TireRow } from './repository.ts';

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

function toSuggestion(t: TireRow, inCart: Set<string>): ProductSuggestion {
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

export function registerTireRoutes(app: FastifyInstance, db: Db) {
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

  app.post('/search-tires/v2', async (request) => {
    const q = parse(tireSearchBody, request.body);
    const inCart = new Set(cartOf(request.process).map((l) => l.productId));
    return (await searchTires(db, q)).map((t) => toSuggestion(t, inCart));
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
   * products of the tire stage are accepted.
   */
  app.post('/api/products/tire-change/add', async (request) => {
    const body = parse(cartChangeBody, request.body);
    const products = new Map((await findProducts(db, body.items.map((i) => i.productId))).map((p) => [p.id, p]));
    const tireGroups = new Set(
      (await db.selectFrom('service_group').select('id').where('stage', '=', 'TIRE_SERVICES').execute()).map((g) => g.id),
    );
    const bad = body.items.flatMap((item, i) => {
      const p = products.get(item.productId);
      return p && tireGroups.has(p.group_id) ? [] : [{ path: `items.${i}.productId`, message: 'Ei rengaspalvelu' }];
    });
    if (bad.length) throw new ValidationError(bad);
    // A windshield process takes only windshield products.
    const issues = await cartItemIssues(db, request.process.process_type, body.items, products);
    if (issues.length) throw new ValidationError(issues);
    const ids = new Set(body.items.map((i) => i.productId));
    await changeCart(db, request.process.token, (cart) => [
      ...cart.filter((l) => !ids.has(l.productId)),
      ...body.items.map((item) => ({
        productId: item.productId,
        provider: products.get(item.productId)!.provider,
        amount: item.amount,
        stage: 'TIRE_SERVICES',
        description: item.description,
        parameters: item.parameters,
        calculatorId: item.calculatorId ?? null,
      })),
    ]);
    return { responseCode: 'SUCCESS' };
  });
}
