/**
 * What every desk call starts from: the office, which the staff member must run (403), and
 * the catalogue's question for the car there.
 */
import type { ProcessType } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { badRequest } from '#src/lib/errors.ts';
import type { PreviewQuery } from '../catalogue-admin/index.ts';
import { findOrganization } from '../organizations/index.ts';
import { officeOf } from '../staff-bookings/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';

/** An office the staff member runs and that takes bookings: 403 for another office, 400 naming officeId for an inactive one. */
export async function deskOffice(db: Executor, staff: StaffPrincipal, officeId: number) {
  const office = await officeOf(db, staff, officeId);
  const organization = await findOrganization(db, officeId);
  if (!organization) throw badRequest('officeId', 'Toimipiste ei ole käytössä');
  return { office, organization };
}

/** The desk's car as the catalogue preview asks for it: typed make and model count when the register does not know the plate. */
export function previewQueryOf(
  officeId: number,
  body: {
    processType: ProcessType;
    vehicle: { registerNumber: string; make?: string | undefined; model?: string | undefined; kilometers?: number | null | undefined };
  },
): PreviewQuery {
  const { vehicle } = body;
  return {
    registerNumber: vehicle.registerNumber,
    officeId,
    kilometers: vehicle.kilometers ?? null,
    processType: body.processType,
    described: vehicle.make && vehicle.model ? { make: vehicle.make, model: vehicle.model } : undefined,
  };
}
