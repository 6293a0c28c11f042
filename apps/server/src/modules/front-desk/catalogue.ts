/**
 * POST /offices/:officeId/desk/catalogue: what the desk may book for the car at the office,
 * the customer's services step as the catalogue preview reads it (same fit rules, same prices).
 */
import type { CataloguePreview, ProcessType } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { cataloguePreview } from '../catalogue-admin/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import type { VehicleSource } from '../vehicle/index.ts';
import { deskOffice, previewQueryOf } from './office.ts';

export async function deskCatalogue(
  db: Executor,
  vehicles: VehicleSource,
  staff: StaffPrincipal,
  officeId: number,
  body: { processType: ProcessType; vehicle: { registerNumber: string; make?: string | undefined; model?: string | undefined; kilometers?: number | null | undefined } },
): Promise<CataloguePreview> {
  await deskOffice(db, staff, officeId);
  return cataloguePreview(db, vehicles, previewQueryOf(officeId, body));
}
