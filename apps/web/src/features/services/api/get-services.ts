import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceGroup } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /services/v2: the primary service groups for the active office and vehicle. */
export const getServices = () => api.get<ServiceGroup[]>('/services/v2');

export const servicesQueryOptions = (token: string | null, organizationId: number | null) =>
  queryOptions({
    queryKey: queryKeys.services(token, organizationId),
    queryFn: getServices,
    enabled: token !== null && organizationId !== null,
  });

export function useServices(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(servicesQueryOptions(token, organizationId));
}
