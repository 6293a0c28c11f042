import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, todayInHelsinki, type FreeTimesOnOrganizationBody, type OrganizationFreeTimes } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** How far ahead other offices are looked at (requirements §9: one month). */
export const OTHER_OFFICES_DAYS_AHEAD = 31;

/** POST /free-times-on-organization: compatible offices' free times for the next month. */
export const getOtherOrganizations = (start: string) =>
  api.post<OrganizationFreeTimes[]>('/free-times-on-organization', {
    start,
    end: addDays(start, OTHER_OFFICES_DAYS_AHEAD),
  } satisfies FreeTimesOnOrganizationBody);

export function useOtherOrganizations(organizationId: number | null, enabled: boolean) {
  const { token } = useProcessSession();
  const today = todayInHelsinki();
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.allFreeTimes, 'other-offices', token, organizationId, today],
      queryFn: () => getOtherOrganizations(today),
      enabled: enabled && token !== null && organizationId !== null,
      staleTime: 30 * 1000,
    }),
  );
}
