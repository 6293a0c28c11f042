import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, type FreeTimeDay, type FreeTimesBody, type TimeSelectionType } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** The time selection types the public calendar asks for. */
export const CALENDAR_TIME_SELECTION_TYPES: TimeSelectionType[] = ['EXACT_TIME', 'DAY_ONLY'];

/** POST /free-times for one Monday–Sunday week. */
export const getFreeTimes = (monday: string) =>
  api.post<FreeTimeDay[]>('/free-times', {
    start: monday,
    end: addDays(monday, 6),
    resourceTimeSelectionTypes: CALENDAR_TIME_SELECTION_TYPES,
  } satisfies FreeTimesBody);

export const freeTimesQueryOptions = (token: string | null, organizationId: number | null, monday: string) =>
  queryOptions({
    queryKey: queryKeys.freeTimes(token, organizationId, monday),
    queryFn: () => getFreeTimes(monday),
    enabled: token !== null && organizationId !== null,
    // Times go fast: look again whenever the page is shown.
    staleTime: 0,
  });

export function useFreeTimes(organizationId: number | null, monday: string) {
  const { token } = useProcessSession();
  return useQuery(freeTimesQueryOptions(token, organizationId, monday));
}
