import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /settings (no session needed). The domain package has no schema for it yet;
 * this is the shape docs/api.md describes.
 */
export interface SiteSettings {
  locale?: string;
  currency?: string;
  holdMinutes?: number;
  serviceBreak?: { start?: string | null; end?: string | null; message?: string | null } | null;
  links?: { damageInspection?: string; bookingByPhone?: string; phoneBooking?: string; frontPage?: string; instalmentBilling?: string };
}

export const getSettings = () => api.get<SiteSettings>('/settings', { handleErrors: true });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: Infinity });

export const useSettings = () => useQuery(settingsQueryOptions());
