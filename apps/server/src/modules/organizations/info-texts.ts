import type { OrganizationInfoText } from '@huolto/domain';
import { extended } from '../../lib/extra-tables.ts';
import type { Executor } from '../process/repository.ts';

/**
 * The info texts active on a Helsinki date at the given offices: newest first within an
 * office, offices in the order asked.
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
  return ids.flatMap((id) => rows.filter((r) => r.organization_id === id).map((r) => ({ organizationId: id, text: r.text })));
}
