import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** GET /settings (no session needed). */
export const getSettings = () => api.get<SiteSettings>('/settings', { handleErrors: true });

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: Infinity });

export const useSettings = () => useQuery(settingsQueryOptions());
