import type { Db } from '../../db/database.ts';

export interface Settings {
  serviceBreak?: { start: string; end: string };
  links?: Record<string, string>;
  [key: string]: unknown;
}

export async function readSettings(db: Db): Promise<Settings> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as Settings;
}
