import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /compatible-organizations/v2: offices that serve the booking's vehicle. */
export const getCompatibleOrganizations = () => api.get<Organization[]>('/compatible-organizations/v2');

export const compatibleOrganizationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.organizations(token),
    queryFn: getCompatibleOrganizations,
    enabled: token !== null,
    staleTime: 5 * 60 * 1000,
  });

export function useCompatibleOrganizations() {
  const { token } = useProcessSession();
  return useQuery(compatibleOrganizationsQueryOptions(token));
}
