/**
 * What a cart may hold (docs/decisions/008-cart-limits.md): only the products the offer
 * calls show the process in the stage (the same queries), each in an amount that suits
 * its kind and with the parameters it defines; and, for the whole cart, a number of lines
 * per stage, of tires, of minutes of work and of euros.
 */
import {
  CART_LINES_PER_STAGE,
  MAX_CART_MINUTES,
  MAX_CART_TOTAL_CENTS,
  MAX_REPAIR_AMOUNT,
  MAX_SERVICE_AMOUNT,
  MAX_TIRES_PER_CART,
  MAX_TIRES_PER_LINE,
  MAX_UNITS_PER_LINE,
  WINDSHIELD_PRODUCTS,
  bundleAppliedMessage,
  includedMessage,
  normaliseCartWork,
  overlapMessage,
  parameterProblem,
  replacedMessage,
  workTwice,
  type WorkProduct,
  type CartProductItem,
  type CartProductKind,
  type ProcessType,
  type ServicesStage,
} from '@huolto/domain';
import type { FieldError } from '#src/lib/errors.ts';
import { cartOf, type CartLine, type ProcessRow } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import { catalogueOf, type CatalogueSource } from './catalogue-cache.ts';
import {
  findProductsIncluding,
  findTires,
  findWindshieldProductIds,
  type GroupFilter,
  type ProductRow,
  type TireRow,
} from './repository.ts';
import {
  SERVICE_CODE_STAGES,
  hasSymptoms,
  productParametersOf,
  productsListedFor,
  totalDurationMinutes,
  type ListedProduct,
} from './service.ts';

/** The service lists of the offer calls: services/v2, additional-services/v2 and extra-services/v2 by stage. */
export const SERVICE_LISTS = {
  services: { stage: 'DEFAULT', kind: 'PRIMARY' },
  additional: { stage: 'DEFAULT', kind: 'ADDITIONAL' },
  extra: {
    DEFAULT: { stage: 'DEFAULT', kind: 'EXTRA' },
    FIXED_CAMPAIGN_SERVICES: { stage: 'FIXED_CAMPAIGN_SERVICES', kind: 'PRIMARY' },
    TIRE_SERVICES: { stage: 'TIRE_SERVICES', kind: 'PRIMARY' },
  },
} as const satisfies { services: GroupFilter; additional: GroupFilter; extra: Record<ServicesStage, GroupFilter> };

/** Where a stage of a process's cart takes its products from. */
interface StageOffer {
  /** Service lists whose products (and the products offered under them) the stage takes. */
  lists: readonly GroupFilter[];
  /** Products unlocked by the process's service code (services-by-service-code/v2). */
  serviceCode?: boolean;
  /** Products of the offer cards (lifts-offers). */
  liftsOffers?: boolean;
  /** Tires of the tire search (search-tires/v2). */
  tires?: boolean;
  /** The windshield products (windshield/products). */
  windshield?: boolean;
}

/**
 * The cart of each process (requirements §2): maintenance takes its services, campaigns and new
 * tires; tire change its tire services and tires; tire sales tires; the windshield
 * service its own products. Nothing else, in no other stage.
 */
export const CART_OFFERS: Record<ProcessType, Partial<Record<ServicesStage, StageOffer>>> = {
  MAINTENANCE: {
    DEFAULT: { lists: [SERVICE_LISTS.services, SERVICE_LISTS.additional, SERVICE_LISTS.extra.DEFAULT], serviceCode: true, liftsOffers: true },
    FIXED_CAMPAIGN_SERVICES: { lists: [SERVICE_LISTS.extra.FIXED_CAMPAIGN_SERVICES] },
    TIRE_SERVICES: { lists: [], tires: true },
  },
  TIRE_CHANGE: { TIRE_SERVICES: { lists: [SERVICE_LISTS.extra.TIRE_SERVICES], tires: true } },
  TIRE_SALES: { TIRE_SERVICES: { lists: [], tires: true } },
  WINDSHIELD: { DEFAULT: { lists: [], windshield: true } },
};

/** A product offered to a process in a stage. */
export interface OfferedProduct {
  product: ProductRow;
  kind: CartProductKind;
  /** The calculators of the groups that offer it (a line may name one of them). */
  calculatorIds: ReadonlySet<string>;
  tire?: TireRow;
}

/** Which of the given products the process is offered in the stage of its cart. */
export async function offeredProducts(
  db: Executor,
  session: ProcessRow,
  stage: ServicesStage,
  ids: readonly string[],
  cat: CatalogueSource = catalogueOf(db),
): Promise<Map<string, OfferedProduct>> {
  const offer = CART_OFFERS[session.process_type as ProcessType]?.[stage];
  const wanted = new Set(ids);
  const offered = new Map<string, OfferedProduct>();
  if (!offer || wanted.size === 0) return offered;
  const listed = new Map<string, ListedProduct>();
  for (const filter of offer.lists) await productsListedFor(cat, session, filter, listed);
  if (offer.serviceCode && session.service_code) {
    const unlocked = new Map<string, ListedProduct>();
    for (const s of SERVICE_CODE_STAGES) await productsListedFor(cat, session, { stage: s }, unlocked);
    for (const [id, entry] of unlocked) if (entry.product.service_code === session.service_code) listed.set(id, entry);
  }
  if (offer.liftsOffers) {
    const cards = (await cat.offers()).map((o) => o.product_id).filter((id) => wanted.has(id) && !listed.has(id));
    for (const p of await cat.products(cards)) {
      if (p.service_code === null) listed.set(p.id, { product: p, calculatorIds: new Set() });
    }
  }
  for (const [id, entry] of listed) {
    if (wanted.has(id)) offered.set(id, { product: entry.product, kind: 'SERVICE', calculatorIds: entry.calculatorIds });
  }
  if (offer.windshield) {
    const windshield = (await findWindshieldProductIds(db)).filter((id) => wanted.has(id));
    for (const p of await cat.products(windshield)) offered.set(p.id, { product: p, kind: 'WINDSHIELD', calculatorIds: new Set() });
  }
  if (offer.tires) {
    const tires = await findTires(db, [...wanted].filter((id) => !offered.has(id)));
    const products = new Map((await cat.products(tires.map((t) => t.product_id))).map((p) => [p.id, p]));
    for (const tire of tires) {
      const product = products.get(tire.product_id);
      if (product) offered.set(product.id, { product, kind: 'TIRE', calculatorIds: new Set(), tire });
    }
  }
  return offered;
}

/** Why a known product is not offered, in Finnish. */
async function notOfferedMessage(db: Executor, cat: CatalogueSource, session: ProcessRow, stage: ServicesStage, productId: string) {
  const windshieldProcess = session.process_type === 'WINDSHIELD';
  const isWindshield = (await findWindshieldProductIds(db)).includes(productId);
  if (isWindshield && !windshieldProcess) return 'Tuulilasipalvelun voi varata vain tuulilasipalvelussa';
  if (windshieldProcess && !isWindshield) return 'Tuulilasipalvelussa voi varata vain tuulilasipalveluja';
  if ((await findTires(db, [productId])).length > 0) {
    return CART_OFFERS[session.process_type as ProcessType]?.TIRE_SERVICES?.tires && stage !== 'TIRE_SERVICES'
      ? 'Renkaat lisätään renkaiden vaiheeseen (TIRE_SERVICES)'
      : 'Tässä varauksessa ei myydä renkaita';
  }
  const inCart = await cat.products(cartOf(session).map((l) => l.productId));
  const includer = inCart.find((p) => p.id !== productId && p.included_product_ids.includes(productId));
  if (includer) return `Sisältyy jo valittuun palveluun: ${includer.description}`;
  return stage === 'TIRE_SERVICES' && session.process_type !== 'MAINTENANCE' ? 'Ei rengaspalvelu' : 'Tuotetta ei ole tarjolla tälle autolle tässä varauksessa';
}

/** The amount a line of the product may have, and the message when it has another. */
function amountProblem(o: OfferedProduct, amount: number): string | null {
  if (o.kind === 'TIRE') {
    // The amount follows the stock, as the tire card offers it (domain tireAmountChoice).
    const stock = o.tire?.stock ?? 0;
    if (stock <= 0) return 'Rengasta ei ole varastossa';
    if (amount > stock) return `Varastossa vain ${stock} kpl`;
    return amount <= MAX_TIRES_PER_LINE ? null : `Renkaita enintään ${MAX_TIRES_PER_LINE}`;
  }
  if (o.kind === 'WINDSHIELD') {
    if (o.product.id === WINDSHIELD_PRODUCTS.change) return amount === 1 ? null : 'Tuulilasi vaihdetaan yksi kerrallaan';
    return amount <= MAX_REPAIR_AMOUNT ? null : `Korjattavia kohtia 1–${MAX_REPAIR_AMOUNT}`;
  }
  if (o.product.duration_per_unit) return amount <= MAX_UNITS_PER_LINE ? null : `Enintään ${MAX_UNITS_PER_LINE} kertaa`;
  return amount <= MAX_SERVICE_AMOUNT ? null : 'Palvelu tehdään kerran käynnillä';
}

type Item = Pick<CartProductItem, 'productId' | 'amount' | 'parameters' | 'calculatorId'>;

/**
 * What is wrong with items added to a stage of a process's cart, as fields `items.N.…`
 * (one problem a field): an unknown product or one the process is not offered in the
 * stage, the same product twice, an amount past the product's kind, a parameter the
 * product does not define or a value it does not allow, a CHOICE parameter without its
 * answer, a calculator of no group that offers the product. Answers the offered products.
 */
export async function cartItemIssues(
  db: Executor,
  session: ProcessRow,
  stage: ServicesStage,
  items: readonly Item[],
  cat: CatalogueSource = catalogueOf(db),
): Promise<{ issues: FieldError[]; offered: Map<string, OfferedProduct> }> {
  const ids = items.map((i) => i.productId);
  // A product behind a service code is unknown to a process without that code.
  const known = new Set(
    (await cat.products(ids)).filter((p) => p.service_code === null || p.service_code === session.service_code).map((p) => p.id),
  );
  const offered = await offeredProducts(db, session, stage, ids, cat);
  const choices = await productParametersOf(cat, [...offered.keys()]);
  const issues: FieldError[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const at = (field: string, message: string) => issues.push({ path: `items.${i}.${field}`, message });
    if (!known.has(item.productId)) {
      at('productId', 'Tuntematon tuote');
      continue;
    }
    if (seen.has(item.productId)) {
      at('productId', 'Sama tuote on jo listassa');
      continue;
    }
    seen.add(item.productId);
    const o = offered.get(item.productId);
    if (!o) {
      at('productId', await notOfferedMessage(db, cat, session, stage, item.productId));
      continue;
    }
    const amount = amountProblem(o, item.amount);
    if (amount) at('amount', amount);
    const productChoices = choices.get(o.product.id) ?? [];
    const parameters =
      parameterProblem(item.parameters, {
        productId: o.product.id,
        kind: o.kind,
        amount: item.amount,
        choices: productChoices,
        tire: o.tire && { width: o.tire.width, aspectRatio: o.tire.aspect_ratio, rimDiameter: o.tire.rim_diameter, tireType: o.tire.tire_type },
      }) ?? missingChoice(productChoices, item.parameters);
    if (parameters) at('parameters', parameters);
    if (item.calculatorId && !o.calculatorIds.has(item.calculatorId)) at('calculatorId', 'Tuntematon laskuri');
  }
  return { issues, offered };
}

/** The first CHOICE parameter of the product the line leaves unanswered (requirements §4 "Windshield"). */
function missingChoice(choices: readonly { parameterCode: string }[], chosen: Readonly<Record<string, string>> | undefined) {
  const missing = choices.find((c) => chosen?.[c.parameterCode] === undefined);
  return missing ? `${missing.parameterCode} puuttuu` : null;
}

/** Minutes of work one visit to the office may take: its working day, at most MAX_CART_MINUTES. */
export async function maxCartMinutes(db: Executor, organizationId: number | null, cat: CatalogueSource = catalogueOf(db)): Promise<number> {
  return maxCartMinutesOf(organizationId ? await cat.offices.organization(organizationId) : undefined);
}

/** maxCartMinutes of an office already read (its hours as 'HH:mm' or 'HH:mm:ss'); MAX_CART_MINUTES without one. */
export function maxCartMinutesOf(organization: { opening_time: unknown; closing_time: unknown } | null | undefined): number {
  if (!organization) return MAX_CART_MINUTES;
  const minutesOf = (time: string) => {
    const [h = 0, m = 0] = time.split(':').map(Number);
    return h * 60 + m;
  };
  const day = minutesOf(String(organization.closing_time)) - minutesOf(String(organization.opening_time));
  return day > 0 ? Math.min(MAX_CART_MINUTES, day) : MAX_CART_MINUTES;
}

/** The whole-cart figures the limits are about. */
export async function cartFigures(db: Executor, session: ProcessRow, cart: readonly CartLine[], cat: CatalogueSource = catalogueOf(db)) {
  const products = new Map((await cat.products(cart.map((l) => l.productId))).map((p) => [p.id, p]));
  const tires = new Set((await findTires(db, [...products.keys()])).map((t) => t.product_id));
  const lines = cart.flatMap((line) => {
    const product = products.get(line.productId);
    return product ? [{ line, product }] : [];
  });
  return {
    linesPerStage: (stage: ServicesStage) => cart.filter((l) => l.stage === stage).length,
    tires: lines.reduce((s, { line, product }) => s + (tires.has(product.id) ? line.amount : 0), 0),
    minutes: totalDurationMinutes(lines, hasSymptoms(session)),
    // The price before any campaign: the most the cart can cost.
    cents: lines.reduce((s, { line, product }) => s + Math.max(product.price_cents, product.normal_price_cents ?? 0) * line.amount, 0),
  };
}

/**
 * What is wrong with a cart a change would leave, as fields named `items`: more lines in a
 * stage than it holds, more tires than a car takes, more minutes of work than the office's
 * day, more euros than a booking may total. A limit already passed before the change (a
 * cart of an older release) only refuses a change that makes it worse.
 */
export async function cartLimitIssues(
  db: Executor,
  session: ProcessRow,
  before: readonly CartLine[],
  after: readonly CartLine[],
  cat: CatalogueSource = catalogueOf(db),
): Promise<FieldError[]> {
  const [was, will] = [await cartFigures(db, session, before, cat), await cartFigures(db, session, after, cat)];
  const issues: FieldError[] = [];
  const over = (now: number, then: number, cap: number) => now > cap && now > then;
  for (const stage of Object.keys(CART_LINES_PER_STAGE) as ServicesStage[]) {
    const cap = CART_LINES_PER_STAGE[stage];
    if (over(will.linesPerStage(stage), was.linesPerStage(stage), cap)) {
      issues.push({ path: 'items', message: `Ostoskorissa voi olla enintään ${cap} tuotetta vaiheessa ${stage}` });
    }
  }
  if (over(will.tires, was.tires, MAX_TIRES_PER_CART)) {
    issues.push({ path: 'items', message: `Renkaita voi varata enintään ${MAX_TIRES_PER_CART} kerralla` });
  }
  const maxMinutes = await maxCartMinutes(db, session.organization_id, cat);
  if (over(will.minutes, was.minutes, maxMinutes)) {
    const hours = String(maxMinutes / 60).replace('.', ',');
    issues.push({ path: 'items', message: `Töiden kesto on enintään ${hours} tuntia yhdellä käynnillä` });
  }
  if (over(will.cents, was.cents, MAX_CART_TOTAL_CENTS)) {
    issues.push({ path: 'items', message: `Varauksen hinta on enintään ${MAX_CART_TOTAL_CENTS / 100} €` });
  }
  // One problem for the field: the first the customer can act on.
  return issues.slice(0, 1);
}

/** The products the rule of work needs: the given ones and, through their includes, the products they include. */
async function workCatalogue(cat: CatalogueSource, ids: readonly string[]): Promise<Map<string, WorkProduct & { row: ProductRow }>> {
  const catalogue = new Map<string, WorkProduct & { row: ProductRow }>();
  let next = [...new Set(ids)];
  for (let depth = 0; depth < 5 && next.length > 0; depth++) {
    for (const row of await cat.products(next)) {
      catalogue.set(row.id, { id: row.id, description: row.description, price: row.price_cents, includes: row.included_product_ids, row });
    }
    next = [...new Set(next.flatMap((id) => catalogue.get(id)?.includes ?? []))].filter((id) => !catalogue.has(id));
  }
  return catalogue;
}

/**
 * The cart a change adding `added` to a stage leaves under the one rule of work in a cart
 * (domain `normaliseCartWork`, docs/decisions/018-bundles-in-the-cart.md): a line whose
 * work an added product does leaves; the parts of a bundle the process is offered in the
 * stage become the bundle; an added product whose work a line already does, or that shares
 * work with one, is refused as `items.N.productId`. Answers the lines, the refusals and
 * what to tell the customer of a line that left or a bundle that came.
 */
export async function cartWorkOf(
  db: Executor,
  session: ProcessRow,
  stage: ServicesStage,
  before: readonly CartLine[],
  added: readonly CartLine[],
  cat: CatalogueSource = catalogueOf(db),
): Promise<{ lines: CartLine[]; issues: FieldError[]; message: string | undefined }> {
  const ids = [...before, ...added].map((l) => l.productId);
  const candidates = (await findProductsIncluding(db, ids)).map((p) => p.id);
  const offeredBundles = await offeredProducts(db, session, stage, candidates, cat);
  const catalogue = await workCatalogue(cat, [...ids, ...offeredBundles.keys()]);
  const offered = [...offeredBundles.keys()].flatMap((id) => catalogue.get(id) ?? []);
  const work = normaliseCartWork([...before], [...added], offered, catalogue, (bundle) => ({
    productId: bundle.id,
    provider: catalogue.get(bundle.id)!.row.provider,
    amount: 1,
    stage,
    description: bundle.description,
    calculatorId: null,
  }));
  const issues: FieldError[] = work.conflicts.map((c) => ({
    path: `items.${added.findIndex((l) => l.productId === c.productId)}.productId`,
    message: c.kind === 'included' ? includedMessage(c.by) : overlapMessage(c.with),
  }));
  const describe = (id: string) => catalogue.get(id) ?? { description: id };
  const told = [
    ...work.dropped.filter((d) => before.includes(d.line)).map((d) => replacedMessage(d.by, describe(d.line.productId))),
    ...work.bundles.slice(-1).map(bundleAppliedMessage),
  ];
  return { lines: work.lines, issues, message: told.length > 0 ? told.join(' ') : undefined };
}

/**
 * Why a stored cart cannot be booked because two of its lines do the same work (a cart kept
 * from before the rule of work), or null (save-booking answers it as 400 `cart`).
 */
export async function cartWorkTwiceProblem(db: Executor, cart: readonly CartLine[], cat: CatalogueSource = catalogueOf(db)): Promise<string | null> {
  const ids = cart.map((l) => l.productId);
  const twice = workTwice(ids, await workCatalogue(cat, ids));
  return twice ? `Ostoskorissa on sama työ kahdesti: ${twice[0].description} ja ${twice[1].description}. Poista toinen.` : null;
}
