import type { ProductSuggestion, ServiceGroup } from '@huolto/domain';
import type { Executor, ProcessRow } from '../process/repository.ts';
import { cartOf, vehicleOf } from '../process/repository.ts';
import { findGroups, findOperations, findProducts, findProductsOfGroups, type ProductRow } from './repository.ts';

/** Calculator of the maintenance packages priced by make and mileage. */
export const MILEAGE_CALCULATOR = 'MAINTENANCE_BY_MILEAGE';

/**
 * Whether a product fits the vehicle: a product tied to a make only suits that make,
 * and a mileage range only suits a known mileage inside it.
 */
function fits(p: ProductRow, makeId: number | null, km: number | null) {
  if (p.make_id !== null && p.make_id !== makeId) return false;
  if (p.min_km !== null || p.max_km !== null) {
    if (km === null) return false;
    if (p.min_km !== null && km < p.min_km) return false;
    if (p.max_km !== null && km > p.max_km) return false;
  }
  return true;
}

/**
 * The service groups of a stage for a process: each group's products that fit the car.
 * In a mileage-priced group, the make's own packages replace the generic ones.
 */
export async function serviceGroupsFor(
  db: Executor,
  process: ProcessRow,
  stage: string,
  kind?: string,
): Promise<ServiceGroup[]> {
  const groups = await findGroups(db, stage, kind);
  const products = await findProductsOfGroups(db, groups.map((g) => g.id));
  const vehicle = vehicleOf(process);
  const makeId = vehicle?.make_id ?? null;
  const km = process.kilometers ?? null;
  const inCart = new Set(cartOf(process).map((l) => l.productId));

  const byGroup = new Map<string, ProductRow[]>();
  for (const p of products) {
    if (!fits(p, makeId, km)) continue;
    const list = byGroup.get(p.group_id) ?? [];
    list.push(p);
    byGroup.set(p.group_id, list);
  }
  for (const g of groups) {
    const list = byGroup.get(g.id);
    if (g.calculator_id === MILEAGE_CALCULATOR && list?.some((p) => p.make_id !== null)) {
      byGroup.set(g.id, list.filter((p) => p.make_id !== null));
    }
  }
  const shown = [...byGroup.values()].flat();
  const operations = await findOperations(db, shown.map((p) => p.id));
  const opsByProduct = new Map<string, typeof operations>();
  for (const o of operations) {
    const list = opsByProduct.get(o.product_id) ?? [];
    list.push(o);
    opsByProduct.set(o.product_id, list);
  }

  return groups
    .map((g) => ({
      id: g.id,
      title: g.title,
      calculator_id: g.calculator_id,
      suggestions: (byGroup.get(g.id) ?? []).map(
        (p): ProductSuggestion => ({
          product: { id: p.id, provider: p.provider },
          description: p.description,
          price: p.price_cents,
          normal_price: p.normal_price_cents,
          duration_minutes: p.duration_minutes,
          selected: inCart.has(p.id),
          additional_data: { infoDescription: p.info_html, imageIds: p.image_ids },
          suggestion_sub_rows: (opsByProduct.get(p.id) ?? []).map((o) => ({
            operation: { description: o.description },
            spareParts: (o.spare_parts as { description: string }[]) ?? [],
          })),
          additional_products: [],
          suggested_tire: null,
        }),
      ),
    }))
    .filter((g) => g.suggestions.length > 0);
}

/** Minutes of work without services, when the customer only describes a symptom. */
export const SYMPTOM_ONLY_MINUTES = 60;

/** Lines of the cart with their catalogue product, in cart order. */
export async function pricedCart(db: Executor, process: ProcessRow) {
  const cart = cartOf(process);
  const products = new Map((await findProducts(db, cart.map((l) => l.productId))).map((p) => [p.id, p]));
  return cart.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [{ line, product }] : [];
  });
}

/**
 * The length of time the cart needs: the services' durations added up, rounded up to
 * half hours; a symptom alone gets an hour of diagnosis.
 */
export function totalDurationMinutes(lines: { product: ProductRow }[], hasSymptoms: boolean): number {
  const sum = lines.reduce((s, { product }) => s + product.duration_minutes, 0);
  const minutes = sum === 0 && hasSymptoms ? SYMPTOM_ONLY_MINUTES : sum;
  return Math.ceil(minutes / 30) * 30;
}
