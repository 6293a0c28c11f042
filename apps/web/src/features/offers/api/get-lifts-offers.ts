import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiftsOffer } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /lifts-offers. The panel is optional, so a failure shows no notification. */
export const getLiftsOffers = () => api.get<LiftsOffer[]>('/lifts-offers', { handleErrors: true });

export const liftsOffersQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: queryKeys.liftsOffers(token),
    queryFn: getLiftsOffers,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });

export function useLiftsOffers() {
  const { token } = useProcessSession();
  return useQuery(liftsOffersQueryOptions(token));
}
