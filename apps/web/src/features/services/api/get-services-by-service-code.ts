import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceGroup } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /services-by-service-code/v2: the groups the process's service code unlocks ([] without a code). */
export const getServicesByServiceCode = () => api.get<ServiceGroup[]>('/services-by-service-code/v2');

/** Keyed by the code as well, so a new code never shows the previous code's groups. */
export const servicesByServiceCodeQueryOptions = (
  token: string | null,
  organizationId: number | null,
  serviceCode: string | null,
) =>
  queryOptions({
    queryKey: queryKeys.serviceGroups(token, organizationId, `service-code:${serviceCode ?? ''}`),
    queryFn: getServicesByServiceCode,
    enabled: token !== null && organizationId !== null && serviceCode !== null,
  });

export function useServicesByServiceCode(organizationId: number | null, serviceCode: string | null) {
  const { token } = useProcessSession();
  return useQuery(servicesByServiceCodeQueryOptions(token, organizationId, serviceCode));
}
