import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LockerReservedTimesBody, LockerReservedTimesResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** POST /locker/reserved-times: which of the asked start times have no key-locker compartment left. */
export const getLockerReservedTimes = (startTimes: string[]) =>
  api.post<LockerReservedTimesResponse>('/locker/reserved-times', { startTimes } satisfies LockerReservedTimesBody, { handleErrors: true });

/**
 * Whether the key locker is full for the chosen time, given the start times of
 * lockerStartTimes (@huolto/domain): for an exact time its start; for a day-only day
 * both the morning and the afternoon are full.
 */
export function useLockerFull(startTimes: string[] | null) {
  const { token } = useProcessSession();
  const query = useQuery(
    queryOptions({
      queryKey: ['locker', token, startTimes],
      queryFn: () => getLockerReservedTimes(startTimes!),
      enabled: token !== null && startTimes !== null && startTimes.length > 0,
      staleTime: 30 * 1000,
    }),
  );
  const full = !!query.data && !!startTimes && startTimes.length > 0 && startTimes.every((t) => query.data.reservedTimes.includes(t));
  return { full, isLoading: query.isFetching };
}
