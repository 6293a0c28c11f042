import type { Organization } from '@huolto/domain';
import { extended } from '../../lib/extra-tables.ts';
import type { Executor } from '../process/repository.ts';

export async function findOrganization(db: Executor, id: number) {
  return db.selectFrom('organization').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
}

/** Active offices with their brand-dealer flag for a make (false for every office when unknown). */
export async function listOrganizations(
  db: Executor,
  makeId: number | null,
  opts: { tireChange?: boolean; windshield?: boolean } = {},
): Promise<Organization[]> {
  let q = db
    .selectFrom('organization as o')
    .leftJoin('organization_make as om', (j) =>
      j.onRef('om.organization_id', '=', 'o.id').on('om.make_id', '=', makeId ?? -1),
    )
    .select(['o.id', 'o.name', 'o.address', 'o.post_code', 'o.post_office', 'om.make_id'])
    .where('o.active', '=', true)
    .orderBy('o.name');
  if (opts.tireChange) q = q.where('o.tire_change', '=', true);
  if (opts.windshield) q = q.where('o.windshield', '=', true);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    post_code: r.post_code,
    post_office: r.post_office,
    brand_dealer: r.make_id !== null,
  }));
}

export async function isBrandDealer(db: Executor, organizationId: number, makeId: number | null) {
  if (makeId === null) return false;
  const row = await db
    .selectFrom('organization_make')
    .select('make_id')
    .where('organization_id', '=', organizationId)
    .where('make_id', '=', makeId)
    .executeTakeFirst();
  return !!row;
}

/** What the session-free office lists filter on. */
export interface OfficeFilter {
  /** Post office (town), case-insensitive. */
  site?: string;
  id?: number;
  damageInspection?: boolean;
}

/**
 * Active offices for the session-free lists, by name, with their coordinates; no vehicle
 * is known there, so no office is a brand dealer.
 */
export async function listOffices(db: Executor, filter: OfficeFilter = {}) {
  let q = extended(db)
    .selectFrom('organization')
    .select(['id', 'name', 'address', 'post_code', 'post_office', 'latitude', 'longitude'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.damageInspection) q = q.where('damage_inspection', '=', true);
  const rows = await q.execute();
  // Compared here rather than with SQL lower(), which leaves ÅÄÖ alone under the C locale.
  const site = filter.site?.trim().toLocaleLowerCase('fi-FI');
  return site === undefined ? rows : rows.filter((r) => r.post_office.toLocaleLowerCase('fi-FI') === site);
}

/** An office row as the Organization of the API. */
export function toOrganization(r: { id: number; name: string; address: string; post_code: string; post_office: string }): Organization {
  return { id: r.id, name: r.name, address: r.address, post_code: r.post_code, post_office: r.post_office, brand_dealer: false };
}
