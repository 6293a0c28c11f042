import { distanceKm, todayInHelsinki, type Organization, type OrganizationWithDistance } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { releaseHolds } from '../holds/index.ts';
import { updateProcess, vehicleOf, type ProcessRow } from '../process/index.ts';
import { activeInfoTexts, findOrganization, toOrganization, type PublicOrganizationFilter } from './repository.ts';
import { officesOf, type OfficeSource } from './office-cache.ts';

/** Whether an office serves a process type: a WINDSHIELD process only at an office that does windshield work. */
export function servesProcess(organization: { windshield: boolean }, processType: string): boolean {
  return processType !== 'WINDSHIELD' || organization.windshield;
}

/**
 * The office a process may be moved to; 400 naming `organizationId` for an unknown
 * office and, in a WINDSHIELD process, for an office without windshield service.
 */
export async function usableOrganization(db: Executor | OfficeSource, organizationId: number, processType: string) {
  const organization = await officesOf(db).organization(organizationId);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  if (!servesProcess(organization, processType)) throw badRequest('organizationId', 'Toimipisteessä ei ole tuulilasipalvelua');
  return organization;
}

/**
 * The offices of compatible-organizations/v2: for a WINDSHIELD process the offices with
 * windshield service, none of them a brand dealer (windshield work is not make-bound);
 * otherwise every office, the vehicle make's brand dealers first, then by name.
 */
export async function organizationsForProcess(db: Executor | OfficeSource, session: ProcessRow): Promise<Organization[]> {
  const offices = officesOf(db);
  if (session.process_type === 'WINDSHIELD') return offices.list(null, { windshield: true });
  const organizations = await offices.list(vehicleOf(session)?.make_id ?? null);
  return organizations.sort((a, b) => Number(b.brand_dealer) - Number(a.brand_dealer));
}

/** Every active office, none a brand dealer (all-organizations/v2). */
export async function allOrganizations(db: Executor | OfficeSource): Promise<Organization[]> {
  return officesOf(db).list(null);
}

/** The session-free office lists (by town, by office number, damage inspection). */
export async function publicOrganizations(db: Executor | OfficeSource, filter: PublicOrganizationFilter = {}): Promise<Organization[]> {
  return (await officesOf(db).listPublic(filter)).map(toOrganization);
}

/** The offices nearest a point, nearest first, with the distance in kilometres (one decimal). */
export async function nearestOrganizations(
  db: Executor | OfficeSource,
  point: { latitude: number; longitude: number; numberOfResults: number },
): Promise<OrganizationWithDistance[]> {
  const organizations = await officesOf(db).listPublic();
  return organizations
    .flatMap((o) =>
      o.latitude === null || o.longitude === null
        ? []
        : [{ ...toOrganization(o), distanceKm: distanceKm(point, { latitude: o.latitude, longitude: o.longitude }) }],
    )
    .sort((a, b) => a.distanceKm - b.distanceKm || a.id - b.id)
    .slice(0, point.numberOfResults)
    .map((o) => ({ ...o, distanceKm: Math.round(o.distanceKm * 10) / 10 }));
}

/** Active info texts of the offices asked, today in Helsinki. */
export async function organizationInfoTexts(db: Executor, organizationIds: readonly number[], now = new Date()) {
  return activeInfoTexts(db, organizationIds, todayInHelsinki(now));
}

/** The newest active info text of the process's office, or null. */
export async function activeOrganizationInfoText(db: Executor, session: ProcessRow, now = new Date()) {
  const organizationId = session.organization_id;
  if (organizationId === null) return { text: null };
  const [first] = await activeInfoTexts(db, [organizationId], todayInHelsinki(now));
  return { text: first?.text ?? null };
}

/**
 * Moves a booking process to another office. A held time, a lead date and the chosen
 * mechanics belong to the old office, so they are released and cleared; the cart stays.
 */
export async function moveToOrganization(db: Db, token: string, organizationId: number) {
  if (!(await findOrganization(db, organizationId))) throw badRequest('organizationId', 'Tuntematon toimipiste');
  await db.transaction().execute(async (trx) => {
    await releaseHolds(trx, token);
    await updateProcess(trx, token, { organization_id: organizationId, lead_date: null, selected_resource_ids: [] });
  });
}

/** active-organization/v2: makes an office the process's own, moving it only when it is another one. */
export async function chooseOrganization(db: Db, session: ProcessRow, organizationId: number, offices?: OfficeSource) {
  await usableOrganization(offices ?? db, organizationId, session.process_type);
  if (session.organization_id !== organizationId) await moveToOrganization(db, session.token, organizationId);
}

/** transfer-organization: moves the process to an office that serves it. */
export async function transferOrganization(db: Db, session: ProcessRow, organizationId: number, offices?: OfficeSource) {
  await usableOrganization(offices ?? db, organizationId, session.process_type);
  await moveToOrganization(db, session.token, organizationId);
}
