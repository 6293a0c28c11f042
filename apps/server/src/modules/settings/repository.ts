import { DEFAULT_SITE_LINKS, type SiteLinks } from '@huolto/domain';
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

/**
 * The external links of the landing and thanks pages: the stored ones over the defaults.
 * `bookingByPhone` is the older name of `phoneBooking`; both are answered.
 */
export function siteLinks(stored: Record<string, string> | undefined): SiteLinks & { bookingByPhone: string } {
  const s = Object.fromEntries(Object.entries(stored ?? {}).filter(([, v]) => typeof v === 'string' && v.length > 0));
  const phoneBooking = s.phoneBooking ?? s.bookingByPhone ?? DEFAULT_SITE_LINKS.phoneBooking;
  return { ...DEFAULT_SITE_LINKS, ...s, phoneBooking, bookingByPhone: phoneBooking };
}
