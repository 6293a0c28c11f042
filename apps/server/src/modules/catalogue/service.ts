import type { OrderItem, ProductParameter, ProductSuggestion, ServiceGroup } from '@huolto/domain';
import { unitPriceWithChoices } from '@huolto/domain';
import { DomainError } from '#src/lib/errors.ts';
import type { ProcessRow } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import { cartOf, extraOrderItemIdsOf, symptomsOf, vehicleOf } from '../process/index.ts';
import { mayFit, type GroupFilter, type ProductFitFilter, type ProductRow } from './repository.ts';
import { catalogueOf, type CatalogueSource } from './catalogue-cache.ts';

/** A database handle (read as today) or a catalogue source (catalogue-cache.ts: from memory under a version). */
export type CatalogueFrom = Executor | CatalogueSource;

/** Calculator of the maintenance packages priced by make and mileage. */
export const MILEAGE_CALCULATOR = 'MAINTENANCE_BY_MILEAGE';

interface Fit extends ProductFitFilter {
  /** Products whose work a product in the cart already includes (and that are not in the cart themselves), with that product. */
  covered: ReadonlyMap<string, ProductRow>;
  /** Products offered under a product in the cart: listed there, not again in their own group. */
  underCart: ReadonlySet<string>;
}

/**
 * Whether a product suits the process: a product for a vehicle class only suits a car of
 * that class, a product tied to a make only suits that make, a mileage range only suits a
 * known mileage inside it, a product behind a service code only a process that entered
 * the code, and a product whose work a chosen one already includes (an oil change beside
 * a maintenance package) suits no one.
 */
function fits(p: ProductRow, f: Fit) {
  return !f.covered.has(p.id) && mayFit(p, f);
}

/** The part of a fit that the lists' SQL filters on (the car, its mileage and the service code). */
function fitFilter(f: Fit): ProductFitFilter {
  return { makeId: f.makeId, vehicleClass: f.vehicleClass, km: f.km, serviceCode: f.serviceCode };
}

function groupBy<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(key(row)) ?? [];
    list.push(row);
    map.set(key(row), list);
  }
  return map;
}

/**
 * The products offered under the given ones (additional products) that suit the process;
 * a product is not offered under one that already includes its work.
 */
async function offeredExtras(cat: CatalogueSource, products: readonly ProductRow[], fit: Fit) {
  const includes = new Map(products.map((p) => [p.id, new Set(p.included_product_ids)]));
  const links = (await cat.additionalLinks(products.map((p) => p.id))).filter(
    (l) => !includes.get(l.product_id)?.has(l.additional_product_id),
  );
  const extras = (await cat.products([...new Set(links.map((l) => l.additional_product_id))])).filter((p) => fits(p, fit));
  return { links, extras };
}

/** What the process's car and cart decide about the products it is offered. */
async function fitOf(cat: CatalogueSource, session: ProcessRow): Promise<Fit> {
  const vehicle = vehicleOf(session);
  const cartIds = cartOf(session).map((l) => l.productId);
  const inCart = new Set(cartIds);
  const cartProducts = await cat.products(cartIds);
  const covered = new Map(
    cartProducts.flatMap((p) => p.included_product_ids.filter((id) => !inCart.has(id)).map((id) => [id, p] as const)),
  );
  const includes = new Map(cartProducts.map((p) => [p.id, new Set(p.included_product_ids)]));
  const underCart = new Set(
    (await cat.additionalLinks(cartProducts.map((p) => p.id)))
      .filter((l) => !includes.get(l.product_id)?.has(l.additional_product_id))
      .map((l) => l.additional_product_id),
  );
  return {
    makeId: vehicle?.make_id ?? null,
    vehicleClass: vehicle?.classification.id ?? null,
    km: session.kilometers ?? null,
    serviceCode: session.service_code,
    covered,
    underCart,
  };
}

/** Product suggestions with their operations, and the products offered under each. */
async function suggestionsFor(cat: CatalogueSource, products: ProductRow[], fit: Fit, inCart: Set<string>): Promise<ProductSuggestion[]> {
  const { links, extras } = await offeredExtras(cat, products, fit);
  const extraById = new Map(extras.map((p) => [p.id, p]));
  const operations = groupBy(await cat.operations([...products, ...extras].map((p) => p.id)), (o) => o.product_id);
  const linksByProduct = groupBy(links, (l) => l.product_id);

  const toSuggestion = (p: ProductRow, additional: ProductSuggestion[]): ProductSuggestion => ({
    product: { id: p.id, provider: p.provider },
    description: p.description,
    price: p.price_cents,
    normal_price: p.normal_price_cents,
    duration_minutes: p.duration_minutes,
    selected: inCart.has(p.id),
    additional_data: { infoDescription: p.info_html, imageIds: p.image_ids },
    suggestion_sub_rows: (operations.get(p.id) ?? []).map((o) => ({
      operation: { description: o.description },
      spareParts: o.spare_parts,
    })),
    additional_products: additional,
    suggested_tire: null,
    includes: p.included_product_ids,
  });

  return products.map((p) =>
    toSuggestion(
      p,
      (linksByProduct.get(p.id) ?? []).flatMap((l) => {
        const extra = extraById.get(l.additional_product_id);
        return extra ? [toSuggestion(extra, [])] : [];
      }),
    ),
  );
}

/**
 * The groups of a filter and each group's products that fit the process's car. In a
 * mileage-priced group, the make's own packages replace the generic ones. A product
 * offered under a product in the cart is listed there only, so nothing on the page repeats
 * (the brake fluid under the chosen package leaves the brakes group). With `listCovered`,
 * a product whose work a product in the cart already does stays in its group (the page
 * says why it cannot be chosen); the cart's checks never offer it.
 */
async function offeredInGroups(cat: CatalogueSource, session: ProcessRow, filter: GroupFilter, listCovered = false) {
  const groups = await cat.groups(filter);
  const fit = await fitOf(cat, session);
  const products = await cat.productsOfGroups(groups.map((g) => g.id), fitFilter(fit));
  const shown = (p: ProductRow) => (fits(p, fit) || (listCovered && fit.covered.has(p.id) && mayFit(p, fit))) && !fit.underCart.has(p.id);
  const byGroup = groupBy(products.filter(shown), (p) => p.group_id);
  for (const g of groups) {
    const list = byGroup.get(g.id);
    if (g.calculator_id === MILEAGE_CALCULATOR && list?.some((p) => p.make_id !== null)) {
      byGroup.set(g.id, list.filter((p) => p.make_id !== null));
    }
  }
  return { groups, byGroup, fit };
}

/** A product the service lists offer, with the calculator of each group that offers it. */
export interface ListedProduct {
  product: ProductRow;
  calculatorIds: Set<string>;
}

/**
 * The products that the lists of a filter offer the process, as serviceGroupsFor shows
 * them: each group's products and the products offered under those.
 */
export async function productsListedFor(db: CatalogueFrom, session: ProcessRow, filter: GroupFilter, into = new Map<string, ListedProduct>()) {
  const cat = catalogueOf(db);
  const { groups, byGroup, fit } = await offeredInGroups(cat, session, filter);
  const calculatorOf = new Map(groups.map((g) => [g.id, g.calculator_id]));
  const add = (product: ProductRow, calculatorId: string | null | undefined) => {
    const entry = into.get(product.id) ?? { product, calculatorIds: new Set<string>() };
    if (calculatorId) entry.calculatorIds.add(calculatorId);
    into.set(product.id, entry);
  };
  const shown = [...byGroup.values()].flat();
  for (const p of shown) add(p, calculatorOf.get(p.group_id));
  const { links, extras } = await offeredExtras(cat, shown, fit);
  const extraById = new Map(extras.map((p) => [p.id, p]));
  const groupOf = new Map(shown.map((p) => [p.id, p.group_id]));
  for (const l of links) {
    const extra = extraById.get(l.additional_product_id);
    if (extra) add(extra, calculatorOf.get(groupOf.get(l.product_id) ?? ''));
  }
  return into;
}

/**
 * The service groups for a process: each group's products that fit the car. In a
 * mileage-priced group, the make's own packages replace the generic ones. A product whose
 * work a chosen one already does is listed with `included_in` naming that one.
 */
export async function serviceGroupsFor(db: CatalogueFrom, session: ProcessRow, filter: GroupFilter): Promise<ServiceGroup[]> {
  const cat = catalogueOf(db);
  const { groups, byGroup, fit } = await offeredInGroups(cat, session, filter, true);
  const inCart = new Set(cartOf(session).map((l) => l.productId));
  const shown = [...byGroup.values()].flat();
  const suggestions = new Map(
    (await suggestionsFor(cat, shown, fit, inCart)).map((s) => {
      const by = fit.covered.get(s.product.id);
      return [s.product.id, by ? { ...s, included_in: { id: by.id, description: by.description } } : s];
    }),
  );

  return groups
    .map((g) => ({
      id: g.id,
      title: g.title,
      calculator_id: g.calculator_id,
      suggestions: (byGroup.get(g.id) ?? []).map((p) => suggestions.get(p.id)!),
    }))
    .filter((g) => g.suggestions.length > 0);
}

/** The stages whose groups a service code unlocks products in. */
export const SERVICE_CODE_STAGES = ['DEFAULT', 'FIXED_CAMPAIGN_SERVICES'] as const;

/** The groups a service code unlocks for a process; none without a code. */
export async function serviceCodeGroups(db: CatalogueFrom, session: ProcessRow): Promise<ServiceGroup[]> {
  if (!session.service_code) return [];
  const cat = catalogueOf(db);
  const groups: ServiceGroup[] = [];
  for (const stage of SERVICE_CODE_STAGES) groups.push(...(await serviceGroupsFor(cat, session, { stage })));
  // The listed products the code unlocks: those carrying the process's code.
  const listed = groups.flatMap((g) => g.suggestions.map((s) => s.product.id));
  const code = session.service_code;
  const unlocked = new Set((await cat.products(listed)).filter((p) => p.service_code === code).map((p) => p.id));
  return groups
    .map((g) => ({ ...g, suggestions: g.suggestions.filter((s) => unlocked.has(s.product.id)) }))
    .filter((g) => g.suggestions.length > 0);
}

/** Minutes of work without services, when the customer only describes a symptom. */
export const SYMPTOM_ONLY_MINUTES = 60;

/** The CHOICE parameters of products (requirements §3 "Windshield products"), by product id. */
export async function productParametersOf(db: CatalogueFrom, productIds: string[]): Promise<Map<string, ProductParameter[]>> {
  const map = new Map<string, ProductParameter[]>();
  for (const row of await catalogueOf(db).productParameters(productIds)) {
    const list = map.get(row.product_id) ?? [];
    list.push({ parameterCode: row.parameter_code, type: row.type, values: row.choice_values });
    map.set(row.product_id, list);
  }
  return map;
}

/**
 * Lines of the cart with their catalogue product, in cart order. The product's
 * `price_cents` is the line's unit price: a product whose CHOICE parameters carry a
 * campaign keeps its campaign price only when the line chose a campaign value, and costs
 * its normal price otherwise.
 */
export async function pricedCart(db: CatalogueFrom, session: ProcessRow) {
  const cat = catalogueOf(db);
  const cart = cartOf(session);
  const ids = cart.map((l) => l.productId);
  const products = new Map((await cat.products(ids)).map((p) => [p.id, p]));
  const parameters = await productParametersOf(cat, ids);
  return cart.flatMap((line) => {
    const product = products.get(line.productId);
    if (!product) return [];
    const unit = unitPriceWithChoices(
      { price: product.price_cents, normal_price: product.normal_price_cents, productParameters: parameters.get(product.id) ?? [] },
      line.parameters,
    );
    return [{ line, product: { ...product, price_cents: unit } }];
  });
}

/** The lines of a priced cart as the booking's order items (requirements §3 "Order item"). */
export function orderItemsOf(lines: Awaited<ReturnType<typeof pricedCart>>): OrderItem[] {
  return lines.map(({ line, product }) => ({
    display_description: product.description,
    price: product.price_cents * line.amount,
    product: { id: product.id, provider: product.provider },
    amount: line.amount,
    selected_service_identifier: product.group_id,
    parameters: line.parameters ?? {},
    stage: line.stage as OrderItem['stage'],
    duration_minutes: product.duration_minutes,
  }));
}

/** The order items of a process's cart in one stage (order-items-by-stage). */
export async function orderItemsInStage(db: CatalogueFrom, session: ProcessRow, stage: string): Promise<OrderItem[]> {
  return orderItemsOf(await pricedCart(db, session)).filter((i) => i.stage === stage);
}

/** The process's extra order items with their current descriptions and prices. */
export async function pricedExtraOrderItems(db: CatalogueFrom, session: ProcessRow) {
  const chosen = new Set(extraOrderItemIdsOf(session));
  if (chosen.size === 0) return [];
  return (await catalogueOf(db).extraOrderItems())
    .filter((i) => chosen.has(i.id))
    .map((i) => ({ id: i.id, description: i.description, price: i.price_cents }));
}

/**
 * The length of time the cart needs: the services' durations added up (times the amount
 * for a product priced per unit of work, e.g. 30 minutes per stone-chip repair), rounded
 * up to half hours; a symptom alone gets an hour of diagnosis.
 */
export function totalDurationMinutes(
  lines: readonly { line: { amount: number }; product: Pick<ProductRow, 'duration_minutes' | 'duration_per_unit'> }[],
  hasSymptoms: boolean,
): number {
  const sum = lines.reduce((s, { line, product }) => s + product.duration_minutes * (product.duration_per_unit ? line.amount : 1), 0);
  const minutes = sum === 0 && hasSymptoms ? SYMPTOM_ONLY_MINUTES : sum;
  return Math.ceil(minutes / 30) * 30;
}

/** Whether a process describes symptoms (then a cart without services still takes time). */
export function hasSymptoms(session: ProcessRow): boolean {
  return symptomsOf(session).length > 0;
}

/** A product's information and its operations (product-additional-data); 404 for an unknown product. */
export async function productAdditionalData(db: CatalogueFrom, productId: string) {
  const cat = catalogueOf(db);
  const [product] = await cat.products([productId]);
  if (!product) throw new DomainError(404, 'NOT_FOUND', 'Tuotetta ei löytynyt');
  const operations = await cat.operations([productId]);
  return {
    productId,
    infoDescription: product.info_html,
    imageIds: product.image_ids,
    operations: operations.map((o) => ({ description: o.description, spareParts: o.spare_parts })),
  };
}

/** Every active extra order item, each marked when the process chose it. */
export async function extraOrderItemsFor(db: CatalogueFrom, session: ProcessRow) {
  const chosen = new Set(extraOrderItemIdsOf(session));
  return (await catalogueOf(db).extraOrderItems()).map((i) => ({
    id: i.id,
    description: i.description,
    price: i.price_cents,
    selected: chosen.has(i.id),
  }));
}

/** The offer cards (lifts-offers), each marked when its product is in the process's cart. */
export async function liftsOffers(db: CatalogueFrom, session: ProcessRow) {
  const inCart = new Set(cartOf(session).map((l) => l.productId));
  return (await catalogueOf(db).offers()).map((o) => ({
    id: o.id,
    title: o.title,
    text: o.body,
    imageId: o.image_id,
    productId: o.product_id,
    provider: o.provider,
    price: o.price_cents,
    normalPrice: o.normal_price_cents,
    inCart: inCart.has(o.product_id),
  }));
}
