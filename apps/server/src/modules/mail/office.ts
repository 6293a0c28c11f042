import { todayInHelsinki } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { activeInfoTexts, findOrganization } from '../organizations/index.ts';
import { companyDetails } from '../settings/index.ts';
import type { ConfirmationOffice } from './compose.ts';

/**
 * What a confirmation says of the office and the chain: the office's e-mail (the calendar
 * event's organizer), phone and notice to customers active on the day, and the company's
 * name and booking line from the settings. Every confirmation and reminder (saved,
 * re-sent, moved) reads it here, so they say the same.
 */
export async function confirmationOffice(db: Executor, organizationId: number, now: Date): Promise<ConfirmationOffice> {
  const office = await findOrganization(db, organizationId);
  const [notice] = await activeInfoTexts(db, [organizationId], todayInHelsinki(now));
  const company = await companyDetails(db);
  return { email: office?.email ?? null, phone: office?.phone ?? null, notice: notice?.text ?? null, company };
}
