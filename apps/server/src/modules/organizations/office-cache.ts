/**
 * The offices as the catalogue version has them (docs/decisions/013): every active office
 * row and the makes each is a brand dealer of, kept in memory while the catalogue version
 * stands. The organization table bumps the catalogue version on every change (migration
 * 014), so an office changed by any means is read again on the next request.
 */
import type { Organization } from '@huolto/domain';
import type { Versions } from '#src/db/versions.ts';
import type { Executor } from '#src/db/database.ts';
import {
  bySite,
  findOrganization,
  isBrandDealer,
  listActiveOrganizationRows,
  listedOrganization,
  listOrganizationMakes,
  listOrganizations,
  listPublicOrganizations,
  type OrganizationRow,
  type PublicOrganizationFilter,
} from './repository.ts';
import { keptPerHandle, sharedLoad, VersionedSnapshot } from './versioned-snapshot.ts';
import { offersProcess } from './processes.ts';

/** What listOrganizations filters on besides the make. */
export interface OrganizationListOptions {
  tireChange?: boolean;
  windshield?: boolean;
  /** Only the offices that offer this process (processes.ts). */
  process?: string;
}

/** An office of the session-free lists, with its coordinates (listPublicOrganizations). */
export type PublicOrganizationRow = Pick<
  OrganizationRow,
  'id' | 'name' | 'address' | 'post_code' | 'post_office' | 'opening_time' | 'closing_time' | 'latitude' | 'longitude'
>;

/** The office reads of the hot paths, from the database or from the office cache's memory. */
export interface OfficeSource {
  readonly officeSource: true;
  /** An active office's row (findOrganization). */
  organization(id: number): Promise<OrganizationRow | undefined>;
  /** listOrganizations: active offices by name, each with its brand-dealer flag for the make. */
  list(makeId: number | null, opts?: OrganizationListOptions): Promise<Organization[]>;
  /** listPublicOrganizations: the session-free lists' offices. */
  listPublic(filter?: PublicOrganizationFilter): Promise<PublicOrganizationRow[]>;
  /** isBrandDealer. */
  isBrandDealer(organizationId: number, makeId: number | null): Promise<boolean>;
}

/** The offices straight from the database (no cache). */
export function databaseOffices(db: Executor): OfficeSource {
  return {
    officeSource: true,
    organization: (id) => findOrganization(db, id),
    list: (makeId, opts) => listOrganizations(db, makeId, opts),
    listPublic: (filter) => listPublicOrganizations(db, filter),
    isBrandDealer: (organizationId, makeId) => isBrandDealer(db, organizationId, makeId),
  };
}

/** The offices given, or the database's when given a database handle. */
export function officesOf(from: Executor | OfficeSource): OfficeSource {
  return 'officeSource' in from ? from : databaseOffices(from);
}

interface OfficeData {
  /** Active offices by name, then id. */
  rows: OrganizationRow[];
  byId: Map<number, OrganizationRow>;
  /** `${organizationId}:${makeId}` of every brand dealer. */
  dealers: Set<string>;
}

async function loadOffices(db: Executor): Promise<OfficeData> {
  const [rows, makes] = await Promise.all([listActiveOrganizationRows(db), listOrganizationMakes(db)]);
  return {
    rows,
    byId: new Map(rows.map((r) => [r.id, r])),
    dealers: new Set(makes.map((m) => `${m.organization_id}:${m.make_id}`)),
  };
}

/** snapshotOffices of a snapshot and handle, made once. */
const keptOffices = keptPerHandle<(db: Executor) => Promise<OfficeData>, Executor, OfficeSource>();

/** The offices of one catalogue version, answered from memory once loaded. */
function snapshotOffices(db: Executor, data: (db: Executor) => Promise<OfficeData>): OfficeSource {
  return {
    officeSource: true,
    organization: async (id) => {
      const row = (await data(db)).byId.get(id);
      return row && { ...row };
    },
    list: async (makeId, opts = {}) => {
      const { rows, dealers } = await data(db);
      return rows
        .filter((r) => (!opts.tireChange || r.tire_change) && (!opts.windshield || r.windshield) && offersProcess(r, opts.process))
        .map((r) => listedOrganization(r, makeId !== null && dealers.has(`${r.id}:${makeId}`)));
    },
    listPublic: async (filter = {}) => {
      const { rows } = await data(db);
      return bySite(
        rows.filter((r) => (filter.id === undefined || r.id === filter.id) && (!filter.damageInspection || r.damage_inspection)),
        filter.site,
      ).map((r) => ({
        id: r.id,
        name: r.name,
        address: r.address,
        post_code: r.post_code,
        post_office: r.post_office,
        opening_time: r.opening_time,
        closing_time: r.closing_time,
        latitude: r.latitude,
        longitude: r.longitude,
      }));
    },
    isBrandDealer: async (organizationId, makeId) => makeId !== null && (await data(db)).dealers.has(`${organizationId}:${makeId}`),
  };
}

/**
 * The office cache: `at(db, versions)` answers from memory while the catalogue version of
 * `versions` is the one kept, and from the database without versions (inside a
 * transaction), for an older version, or when the cache is off (CACHES=off).
 */
export class OfficeCache {
  private readonly snapshots = new VersionedSnapshot(() => sharedLoad(loadOffices));

  constructor(readonly enabled: boolean) {}

  at(db: Executor, versions?: Versions): OfficeSource {
    const data = this.enabled && versions ? this.snapshots.at(versions.catalogue) : undefined;
    return data ? keptOffices(data, db, () => snapshotOffices(db, data)) : databaseOffices(db);
  }

  /** findOrganization(db, id) from memory under `versions` (from the database without them). */
  organization(db: Executor, versions: Versions | undefined, id: number): Promise<OrganizationRow | undefined> {
    return this.at(db, versions).organization(id);
  }

  /** The catalogue version whose offices are kept (tests). */
  get version(): number | undefined {
    return this.snapshots.version;
  }
}
