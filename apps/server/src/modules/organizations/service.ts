import {
  DEFAULT_TIRE_SALES_OFFICE_ID,
  distanceKm,
  todayInHelsinki,
  type Organization,
  type OrganizationWithDistance,
  type ProcessType,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import { releaseHolds } from '../holds/index.ts';
import { updateProcess, vehicleOf, type ProcessRow } from '../process/index.ts';
import { activeInfoTexts, findOrganization, toOrganization, type PublicOrganizationFilter } from './repository.ts';
import { officesOf, type OfficeSource } from './office-cache.ts';
import { NOT_OFFERED, offersProcess, type OfficeProcessFlags } from './processes.ts';

/** Whether an office serves a process type: the office's flag of each public process (the hidden ones anywhere). */
export function servesProcess(organization: OfficeProcessFlags, processType: string): boolean {
  return offersProcess(organization, processType);
}

/**
 * The office a process may be moved to; 400 naming `organizationId` for an unknown or
 * inactive office and for an office that does not offer the process.
 */
export async function usableOrganization(db: Executor | OfficeSource, organizationId: number, processType: string) {
  const organization = await officesOf(db).organization(organizationId);
  if (!organization) throw badRequest('organizationId', 'Tuntematon toimipiste');
  if (!servesProcess(organization, processType)) {
    throw badRequest('organizationId', NOT_OFFERED[processType as ProcessType] ?? 'Toimipiste ei tarjoa tätä palvelua');
  }
  return organization;
}

/**
 * The offices of compatible-organizations/v2, only those that offer the process: for a
 * WINDSHIELD process none of them a brand dealer (windshield work is not make-bound);
 * otherwise the vehicle make's brand dealers first, then by name.
 */
export async function organizationsForProcess(db: Executor | OfficeSource, session: ProcessRow): Promise<Organization[]> {
  const offices = officesOf(db);
  if (session.process_type === 'WINDSHIELD') return offices.list(null, { windshield: true });
  const organizations = await offices.list(vehicleOf(session)?.make_id ?? null, { process: session.process_type });
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

/**
 * The office that stands for tire sales when none is chosen (requirements §9: office id 1
 * by default): office 1 while it is active and sells tires, otherwise the active office
 * with the lowest id that sells tires; undefined when none does.
 */
export async function defaultTireSalesOfficeId(db: Executor | OfficeSource): Promise<number | undefined> {
  const offices = officesOf(db);
  const first = await offices.organization(DEFAULT_TIRE_SALES_OFFICE_ID);
  if (first && servesProcess(first, 'TIRE_SALES')) return first.id;
  const sellers = await offices.list(null, { process: 'TIRE_SALES' });
  return sellers.length > 0 ? Math.min(...sellers.map((o) => o.id)) : undefined;
}

/**
 * The office asked for, except that the default tire-sales office's id in a tire-sales
 * process stands for the default office (defaultTireSalesOfficeId) when that one is gone.
 */
async function resolvedOfficeId(db: Executor | OfficeSource, session: ProcessRow, organizationId: number): Promise<number> {
  if (session.process_type !== 'TIRE_SALES' || organizationId !== DEFAULT_TIRE_SALES_OFFICE_ID) return organizationId;
  return (await defaultTireSalesOfficeId(db)) ?? organizationId;
}

/** active-organization/v2: makes an office the process's own, moving it only when it is another one. */
export async function chooseOrganization(db: Db, session: ProcessRow, asked: number, offices?: OfficeSource) {
  const organizationId = await resolvedOfficeId(offices ?? db, session, asked);
  await usableOrganization(offices ?? db, organizationId, session.process_type);
  if (session.organization_id !== organizationId) await moveToOrganization(db, session.token, organizationId);
}

/** transfer-organization: moves the process to an office that serves it. */
export async function transferOrganization(db: Db, session: ProcessRow, organizationId: number, offices?: OfficeSource) {
  await usableOrganization(offices ?? db, organizationId, session.process_type);
  await moveToOrganization(db, session.token, organizationId);
}
