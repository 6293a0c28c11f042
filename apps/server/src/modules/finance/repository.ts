import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';

/** A setting's value is any JSON; the finance settings check its type where they use it. */
const settingValueSchema = z.json();

/** The stored value of one setting, if it is set. */
export async function findSettingValue(db: Executor, key: string): Promise<z.infer<typeof settingValueSchema> | undefined> {
  const row = await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst();
  return row && storedJson(settingValueSchema, row.value, `setting.${key}`);
}
