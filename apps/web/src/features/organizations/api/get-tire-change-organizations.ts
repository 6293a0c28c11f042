import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Organization } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /tire-change-organizations/v2: the offices that change and sell tires. */
export const getTireChangeOrganizations = () => api.get<Organization[]>('/tire-change-organizations/v2');

export const tireChangeOrganizationsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.tireChangeOrganizations(token),
    queryFn: getTireChangeOrganizations,
    enabled: token !== null,
    staleTime: 5 * 60 * 1000,
  });

export function useTireChangeOrganizations() {
  const { token } = useProcessSession();
  return useQuery(tireChangeOrganizationsQueryOptions(token));
}
