import { TAG_MANAGER_ID_PATTERN } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';

/**
 * Whether the company has a tag manager (the tagManagerId setting, a GTM container): the
 * customer pages' Content-Security-Policy then lets its origin in (plugins/security-headers.ts,
 * docs/decisions/022). One statement on the setting's row, so that a change made by any
 * server process, or by plain SQL, holds from the next page served.
 */
export async function tagManagerConfigured(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', 'tagManagerId').executeTakeFirst();
  const value: unknown = row?.value;
  return typeof value === 'string' && TAG_MANAGER_ID_PATTERN.test(value.trim());
}
