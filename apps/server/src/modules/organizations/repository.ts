import { toHoursAndMinutes } from '@huolto/domain';
import type { Organization, OrganizationInfoText } from '@huolto/domain';
import { extended } from '#src/lib/extra-tables.ts';
import type { Executor } from '#src/db/database.ts';
import { offersProcess } from './processes.ts';

export async function findOrganization(db: Executor, id: number) {
  return db.selectFrom('organization').selectAll().where('id', '=', id).where('active', '=', true).executeTakeFirst();
}

/** An active office's row, every column (findOrganization). */
export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

/** Every active office with all its columns, by name (the office cache's snapshot, office-cache.ts). */
export async function listActiveOrganizationRows(db: Executor): Promise<OrganizationRow[]> {
  return db.selectFrom('organization').selectAll().where('active', '=', true).orderBy('name').orderBy('id').execute();
}

/** Every office–make pair of a brand dealer. */
export async function listOrganizationMakes(db: Executor) {
  return db.selectFrom('organization_make').select(['organization_id', 'make_id']).execute();
}

/** An office row as listOrganizations answers it: the brand-dealer flag of the make asked. */
export function listedOrganization(
  r: { id: number; name: string; address: string; post_code: string; post_office: string; opening_time: string; closing_time: string },
  brandDealer: boolean,
): Organization {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    post_code: r.post_code,
    post_office: r.post_office,
    brand_dealer: brandDealer,
    opening_time: toHoursAndMinutes(r.opening_time),
    closing_time: toHoursAndMinutes(r.closing_time),
  };
}

/** Active offices with their brand-dealer flag for a make (false for every office when unknown). */
export async function listOrganizations(
  db: Executor,
  makeId: number | null,
  opts: { tireChange?: boolean; windshield?: boolean; process?: string } = {},
): Promise<Organization[]> {
  let q = db
    .selectFrom('organization as o')
    .leftJoin('organization_make as om', (j) =>
      j.onRef('om.organization_id', '=', 'o.id').on('om.make_id', '=', makeId ?? -1),
    )
    .select(['o.id', 'o.name', 'o.address', 'o.post_code', 'o.post_office', 'o.opening_time', 'o.closing_time', 'om.make_id'])
    .select(['o.maintenance', 'o.tire_change', 'o.tire_sales', 'o.windshield'])
    .where('o.active', '=', true)
    .orderBy('o.name');
  if (opts.tireChange) q = q.where('o.tire_change', '=', true);
  if (opts.windshield) q = q.where('o.windshield', '=', true);
  const rows = (await q.execute()).filter((r) => offersProcess(r, opts.process));
  return rows.map((r) => listedOrganization(r, r.make_id !== null));
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

/** What the session-free organization lists filter on. */
export interface PublicOrganizationFilter {
  /** Post office (town), case-insensitive. */
  site?: string;
  id?: number;
  damageInspection?: boolean;
}

/**
 * Active offices for the session-free lists, by name, with their coordinates; no vehicle
 * is known there, so no office is a brand dealer.
 */
export async function listPublicOrganizations(db: Executor, filter: PublicOrganizationFilter = {}) {
  let q = extended(db)
    .selectFrom('organization')
    .select(['id', 'name', 'address', 'post_code', 'post_office', 'opening_time', 'closing_time', 'latitude', 'longitude'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id');
  if (filter.id !== undefined) q = q.where('id', '=', filter.id);
  if (filter.damageInspection) q = q.where('damage_inspection', '=', true);
  return bySite(await q.execute(), filter.site);
}

/** The offices of a town (post office), case-insensitive; all of them without a town. */
export function bySite<T extends { post_office: string }>(rows: T[], site: string | undefined): T[] {
  // Compared here rather than with SQL lower(), which leaves ÅÄÖ alone under the C locale.
  const wanted = site?.trim().toLocaleLowerCase('fi-FI');
  return wanted === undefined ? rows : rows.filter((r) => r.post_office.toLocaleLowerCase('fi-FI') === wanted);
}

/** An office row as the Organization of the API. */
export function toOrganization(r: {
  id: number;
  name: string;
  address: string;
  post_code: string;
  post_office: string;
  opening_time: string;
  closing_time: string;
}): Organization {
  return listedOrganization(r, false);
}

/**
 * The info texts active on a Helsinki date at the given offices: within an office its dated
 * texts newest first, then its standing notice to customers (organization.customer_notice,
 * set on the office's page) when it has one; offices in the order asked.
 */
export async function activeInfoTexts(db: Executor, organizationIds: readonly number[], today: string): Promise<OrganizationInfoText[]> {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return [];
  const rows = await extended(db)
    .selectFrom('organization_info_text')
    .select(['organization_id', 'text'])
    .where('organization_id', 'in', ids)
    .where('active', '=', true)
    .where('valid_from', '<=', today)
    .where('valid_to', '>=', today)
    .orderBy('valid_from', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const notices = await extended(db)
    .selectFrom('organization')
    .select(['id', 'customer_notice'])
    .where('id', 'in', ids)
    .where('customer_notice', '<>', '')
    .execute();
  return ids.flatMap((id) => [
    ...rows.filter((r) => r.organization_id === id).map((r) => ({ organizationId: id, text: r.text })),
    ...notices.filter((n) => n.id === id && n.customer_notice.trim() !== '').map((n) => ({ organizationId: id, text: n.customer_notice.trim() })),
  ]);
}
