import type { Organization } from '@huolto/domain';
import { badRequest } from '../../lib/errors.ts';
import { vehicleOf, type Executor, type ProcessRow } from '../process/repository.ts';
import { findOrganization, listOrganizations } from './repository.ts';

/** Whether an office serves a process type: a WINDSHIELD process only at an office that does windshield work. */
export function servesProcess(org: { windshield: boolean }, processType: string): boolean {
  return processType !== 'WINDSHIELD' || org.windshield;
}

/**
 * The office a process may be moved to; 400 naming `organizationId` for an unknown
 * office and, in a WINDSHIELD process, for an office without windshield service.
 */
export async function usableOrganization(db: Executor, organizationId: number, processType: string) {
  const org = await findOrganization(db, organizationId);
  if (!org) throw badRequest('organizationId', 'Tuntematon toimipiste');
  if (!servesProcess(org, processType)) throw badRequest('organizationId', 'Toimipisteessä ei ole tuulilasipalvelua');
  return org;
}

/**
 * The offices of compatible-organizations/v2: for a WINDSHIELD process the offices with
 * windshield service, none of them a brand dealer (windshield work is not make-bound);
 * otherwise every office, the vehicle make's brand dealers first, then by name.
 */
export async function officesForProcess(db: Executor, process: ProcessRow): Promise<Organization[]> {
  if (process.process_type === 'WINDSHIELD') return listOrganizations(db, null, { windshield: true });
  const orgs = await listOrganizations(db, vehicleOf(process)?.make_id ?? null);
  return orgs.sort((a, b) => Number(b.brand_dealer) - Number(a.brand_dealer));
}
