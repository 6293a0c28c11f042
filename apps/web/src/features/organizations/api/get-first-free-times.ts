import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FirstFreeTimes, FirstFreeTimesBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** POST /first-free-times: every listed office's first free time for the booking, in one call. */
export const getFirstFreeTimes = (organizationIds: number[]) =>
  api.post<FirstFreeTimes>('/first-free-times', { organizationIds } satisfies FirstFreeTimesBody, { handleErrors: true });

/**
 * The first free times of an office list for the booking's length of work (`workMinutes`,
 * part of the key: a change of the cart asks again). Under the free-times prefix, so that
 * what refreshes the calendars (a held time, a move to another office) refreshes these too.
 */
export function useFirstFreeTimes(organizationIds: number[] | undefined, workMinutes?: number) {
  const { token } = useProcessSession();
  const ids = organizationIds?.slice(0, 100) ?? [];
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.allFreeTimes, 'first', token, workMinutes ?? null, ids],
      queryFn: () => getFirstFreeTimes(ids),
      enabled: token !== null && ids.length > 0,
      staleTime: 60 * 1000,
      placeholderData: keepPreviousData,
    }),
  );
}
