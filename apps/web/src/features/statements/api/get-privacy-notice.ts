import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PrivacyNotice } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** GET /privacy-notice: the controller, the retention periods and the recipients as configured. */
export const getPrivacyNotice = () => api.get<PrivacyNotice>('/privacy-notice', { handleErrors: true });

export function usePrivacyNotice() {
  return useQuery(queryOptions({ queryKey: ['privacy-notice'], queryFn: getPrivacyNotice, staleTime: 5 * 60 * 1000 }));
}
