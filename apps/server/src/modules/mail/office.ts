import { todayInHelsinki } from '@huolto/domain';
import type { Executor } from '../process/repository.ts';
import { activeInfoTexts, findOrganization } from '../organizations/repository.ts';
import type { ConfirmationOffice } from './compose.ts';

/**
 * What a confirmation says of the office: its e-mail (the calendar event's organizer) and
 * its notice to customers active on the day. Every confirmation (saved, re-sent, moved)
 * reads it here, so they say the same.
 */
export async function confirmationOffice(db: Executor, organizationId: number, now: Date): Promise<ConfirmationOffice> {
  const office = await findOrganization(db, organizationId);
  const [notice] = await activeInfoTexts(db, [organizationId], todayInHelsinki(now));
  return { email: office?.email ?? null, notice: notice?.text ?? null };
}
