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

/**
 * Whether the site takes bookings: an active office offers at least one public process
 * (maintenance, tire change, tire sales, windshield) and has at least one active resource.
 */
export async function anyOfficeTakesBookings(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('organization as o')
    .select('o.id')
    .where('o.active', '=', true)
    .where((eb) => eb.or([eb('o.maintenance', '=', true), eb('o.tire_change', '=', true), eb('o.tire_sales', '=', true), eb('o.windshield', '=', true)]))
    .where((eb) => eb.exists(eb.selectFrom('resource as r').select('r.id').whereRef('r.organization_id', '=', 'o.id').where('r.active', '=', true)))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
