/**
 * The catalogue under the catalogue version (docs/decisions/013). `CatalogueSource` is every
 * read the service lists, the cart's prices and the office lists make; `databaseCatalogue`
 * answers it with the queries of repository.ts, and `CatalogueCache.at(db, versions)` from
 * one snapshot in memory while the catalogue version stands (the database without
 * versions, for an older version, or with CACHES=off).
 */
import { todayInHelsinki } from '@huolto/domain';
import type { Versions } from '#src/db/versions.ts';
import type { Executor } from '#src/db/database.ts';
import { OfficeCache, databaseOffices, keptPerHandle, type OfficeSource, sharedLoad, VersionedSnapshot } from '../organizations/index.ts';
import {
  findAdditionalLinks,
  findGroups,
  findOperations,
  findProductParameters,
  findProducts,
  findProductsOfGroups,
  listExtraOrderItems,
  listOffers,
  loadServiceCatalogue,
  mayFit,
  offeredOn,
  TIRES_GROUP_KIND,
  type AdditionalLink,
  type ExtraOrderItemRow,
  type OfferRow,
  type GroupFilter,
  type GroupRow,
  type OperationRow,
  type ProductFitFilter,
  type ProductParameterRow,
  type ProductRow,
} from './repository.ts';

/** The catalogue reads of the service lists and the cart, each answering as its repository.ts query. */
export interface CatalogueSource {
  readonly catalogueSource: true;
  /** findGroups. */
  groups(filter: GroupFilter): Promise<GroupRow[]>;
  /** findProductsOfGroups. */
  productsOfGroups(groupIds: string[], fit?: ProductFitFilter): Promise<ProductRow[]>;
  /** findProducts: the active ones among the ids. */
  products(ids: readonly string[]): Promise<ProductRow[]>;
  /** findAdditionalLinks. */
  additionalLinks(productIds: readonly string[]): Promise<AdditionalLink[]>;
  /** findOperations. */
  operations(productIds: readonly string[]): Promise<OperationRow[]>;
  /** findProductParameters. */
  productParameters(productIds: readonly string[]): Promise<ProductParameterRow[]>;
  /** listExtraOrderItems. */
  extraOrderItems(): Promise<ExtraOrderItemRow[]>;
  /** listOffers: the offer cards. */
  offers(): Promise<OfferRow[]>;
  /** The offices under the same version. */
  readonly offices: OfficeSource;
}

/** The catalogue straight from the database. */
export function databaseCatalogue(db: Executor): CatalogueSource {
  return {
    catalogueSource: true,
    groups: (filter) => findGroups(db, filter),
    productsOfGroups: (groupIds, fit) => findProductsOfGroups(db, groupIds, fit),
    products: (ids) => findProducts(db, [...ids]),
    additionalLinks: (ids) => findAdditionalLinks(db, [...ids]),
    operations: (ids) => findOperations(db, [...ids]),
    productParameters: (ids) => findProductParameters(db, [...ids]),
    extraOrderItems: () => listExtraOrderItems(db),
    offers: () => listOffers(db),
    offices: databaseOffices(db),
  };
}

/** The source given, or the database's when given a database handle. */
export function catalogueOf(from: Executor | CatalogueSource): CatalogueSource {
  return 'catalogueSource' in from ? from : databaseCatalogue(from);
}

/**
 * Products asked by id that are not in the snapshot (tires in a cart), kept per version
 * whatever their dates (offeredOn is checked at each read).
 */
export const OTHER_PRODUCTS_KEPT = 2000;

/** Rows by product id, each with its place in the query's order. */
type Ranked<T> = Map<string, { rank: number; row: T }[]>;

function ranked<T extends { product_id: string }>(rows: readonly T[]): Ranked<T> {
  const map: Ranked<T> = new Map();
  rows.forEach((row, rank) => {
    const list = map.get(row.product_id);
    if (list) list.push({ rank, row });
    else map.set(row.product_id, [{ rank, row }]);
  });
  return map;
}

/** The rows of the given products, in the order of the query that read them all. */
function rowsOf<T>(map: Ranked<T>, productIds: readonly string[]): T[] {
  const found: { rank: number; row: T }[] = [];
  for (const id of new Set(productIds)) found.push(...(map.get(id) ?? []));
  return found.sort((a, b) => a.rank - b.rank).map((x) => x.row);
}

interface ServiceCatalogue {
  groups: GroupRow[];
  /** Groups whose every active product is in `products` (all but the tire groups). */
  wholeGroups: Set<string>;
  products: ProductRow[];
  productById: Map<string, ProductRow>;
  links: Ranked<AdditionalLink>;
  operations: Ranked<OperationRow>;
  parameters: Ranked<ProductParameterRow>;
  extraOrderItems: ExtraOrderItemRow[];
  offers: OfferRow[];
}

async function loadSnapshot(db: Executor): Promise<ServiceCatalogue> {
  const rows = await loadServiceCatalogue(db);
  return {
    groups: rows.groups,
    wholeGroups: new Set(rows.groups.filter((g) => g.kind !== TIRES_GROUP_KIND).map((g) => g.id)),
    products: rows.products,
    productById: new Map(rows.products.map((p) => [p.id, p])),
    links: ranked(rows.links),
    operations: ranked(rows.operations),
    parameters: ranked(rows.parameters),
    extraOrderItems: rows.extraOrderItems,
    offers: rows.offers,
  };
}

/** One catalogue version in memory: the service catalogue, other products read by id, the offices. */
class Snapshot {
  readonly serviceCatalogue = sharedLoad(loadSnapshot);
  /** Products outside the snapshot by id, whatever their dates, null for an id of no active product; least recently used first. */
  readonly others = new Map<string, ProductRow | null>();
}

/**
 * The catalogue from a snapshot. The snapshot holds the products whatever their dates and
 * each read keeps those offered on the day it is made (Helsinki): the version does not move
 * at midnight, so the day is checked here, as the database's queries check it.
 */
function snapshotCatalogue(db: Executor, snapshot: Snapshot, offices: OfficeSource): CatalogueSource {
  const data = () => snapshot.serviceCatalogue(db);
  return {
    catalogueSource: true,
    groups: async (filter) =>
      (await data()).groups.filter(
        (g) => g.stage === filter.stage && (!filter.kind || g.kind === filter.kind) && (!filter.groupId || g.id === filter.groupId),
      ),
    productsOfGroups: async (groupIds, fit) => {
      if (groupIds.length === 0) return [];
      const c = await data();
      if (!groupIds.every((id) => c.wholeGroups.has(id))) return findProductsOfGroups(db, groupIds, fit);
      const wanted = new Set(groupIds);
      const today = todayInHelsinki();
      return c.products.filter((p) => wanted.has(p.group_id) && offeredOn(p, today) && (!fit || mayFit(p, fit)));
    },
    products: async (ids) => {
      const c = await data();
      const unique = [...new Set(ids)];
      const missing = unique.filter((id) => !c.productById.has(id) && !snapshot.others.has(id));
      if (missing.length > 0) {
        const read = new Map((await findProducts(db, missing, null)).map((p) => [p.id, p]));
        for (const id of missing) snapshot.others.set(id, read.get(id) ?? null);
        while (snapshot.others.size > OTHER_PRODUCTS_KEPT) snapshot.others.delete(snapshot.others.keys().next().value!);
      }
      const today = todayInHelsinki();
      return unique.flatMap((id) => {
        const own = c.productById.get(id);
        if (own) return offeredOn(own, today) ? [own] : [];
        const other = snapshot.others.get(id);
        if (other === undefined) return [];
        // Most recently used last.
        snapshot.others.delete(id);
        snapshot.others.set(id, other);
        return other && offeredOn(other, today) ? [other] : [];
      });
    },
    additionalLinks: async (ids) => rowsOf((await data()).links, ids),
    operations: async (ids) => rowsOf((await data()).operations, ids),
    productParameters: async (ids) => rowsOf((await data()).parameters, ids),
    extraOrderItems: async () => (await data()).extraOrderItems,
    offers: async () => {
      const today = todayInHelsinki();
      return (await data()).offers.filter((o) => offeredOn(o, today));
    },
    offices,
  };
}

/**
 * The catalogue cache of one app (created in app.ts from CACHES). `at(db, versions)` is the
 * catalogue as of `versions.catalogue`: from memory when it is the version kept (a newer
 * one replaces it), from the database without versions (inside a transaction), for an
 * older version, or when the cache is off. Its `offices` are the office cache under the
 * same version.
 */
export class CatalogueCache {
  private readonly snapshots = new VersionedSnapshot(() => new Snapshot());
  readonly offices: OfficeCache;

  constructor(readonly enabled: boolean) {
    this.offices = new OfficeCache(enabled);
  }

  at(db: Executor, versions?: Versions): CatalogueSource {
    const snapshot = this.enabled && versions ? this.snapshots.at(versions.catalogue) : undefined;
    if (!snapshot) return { ...databaseCatalogue(db), offices: this.offices.at(db, versions) };
    // The offices are kept under the same catalogue version: those of the first request are its.
    return this.kept(snapshot, db, () => snapshotCatalogue(db, snapshot, this.offices.at(db, versions)));
  }

  /** snapshotCatalogue of a snapshot and handle, made once. */
  private readonly kept = keptPerHandle<Snapshot, Executor, CatalogueSource>();

  /** findOrganization(db, id) under `versions` (organizations/office-cache.ts). */
  organization(db: Executor, versions: Versions | undefined, id: number) {
    return this.offices.organization(db, versions, id);
  }

  /** The catalogue version kept in memory (tests). */
  get version(): number | undefined {
    return this.snapshots.version;
  }
}
