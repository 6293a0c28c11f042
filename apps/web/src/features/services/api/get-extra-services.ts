import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceGroup, ServicesStage } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/**
 * GET /extra-services/v2?stage=: the fixed campaign groups (FIXED_CAMPAIGN_SERVICES),
 * the extra-service groups of lisapalvelut (DEFAULT) or the tire-service groups.
 */
export const getExtraServices = (stage: ServicesStage) => api.get<ServiceGroup[]>('/extra-services/v2', { query: { stage } });

export const extraServicesQueryOptions = (token: string | null, organizationId: number | null, stage: ServicesStage) =>
  queryOptions({
    queryKey: queryKeys.serviceGroups(token, organizationId, `extra:${stage}`),
    queryFn: () => getExtraServices(stage),
    enabled: token !== null && organizationId !== null,
  });

export function useExtraServices(organizationId: number | null, stage: ServicesStage) {
  const { token } = useProcessSession();
  return useQuery(extraServicesQueryOptions(token, organizationId, stage));
}
