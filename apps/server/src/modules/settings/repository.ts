import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';

/**
 * The settings as stored, key by key. Each value is JSON of its own shape; the service
 * reads the known ones defensively (a setting of the wrong type falls back to its default).
 */
const storedSettingsSchema = z.record(z.string(), z.json());

export interface Settings {
  serviceBreak?: { start: string; end: string };
  links?: Record<string, string>;
  [key: string]: unknown;
}

export async function readSettings(db: Executor): Promise<Settings> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).execute();
  return storedJson(storedSettingsSchema, Object.fromEntries(rows.map((r) => [r.key, r.value])), 'setting.value') as Settings;
}
