import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
import { updateProcess } from '../process/repository.ts';
import { releaseHolds } from '../time/repository.ts';
import { findOrganization } from './repository.ts';

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
