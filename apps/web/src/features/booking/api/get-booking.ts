import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /get-booking/v2: the booking in progress (docs/api.md "The booking"). */
export const getBooking = () => api.get<Booking>('/get-booking/v2');

/** Keyed by the process token, so a new session never sees the old booking. */
export const bookingQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.booking(token),
    queryFn: getBooking,
    enabled: token !== null,
  });

export function useBooking() {
  const { token } = useProcessSession();
  return useQuery(bookingQueryOptions(token));
}
