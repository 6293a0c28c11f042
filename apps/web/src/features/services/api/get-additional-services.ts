import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceGroup } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /additional-services/v2: additional service groups (brakes, air conditioning…), stage DEFAULT. */
export const getAdditionalServices = () => api.get<ServiceGroup[]>('/additional-services/v2');

export const additionalServicesQueryOptions = (token: string | null, organizationId: number | null) =>
  queryOptions({
    queryKey: queryKeys.serviceGroups(token, organizationId, 'additional'),
    queryFn: getAdditionalServices,
    enabled: token !== null && organizationId !== null,
  });

export function useAdditionalServices(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(additionalServicesQueryOptions(token, organizationId));
}
