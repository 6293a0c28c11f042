import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoyaltyVehicle } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';
import { loyaltyKeys } from './query-keys.ts';

/** POST /getActiveCars/: the customer's saved cars (requirements §3 "Loyalty vehicle"). */
export const getActiveCars = (token: string) => loyaltyPost<{ cars: LoyaltyVehicle[] }>('/getActiveCars/', { token });

export const activeCarsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: loyaltyKeys.activeCars(token),
    queryFn: () => getActiveCars(token!).then((r) => r.cars ?? []),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useActiveCars(token: string | null, enabled = true) {
  return useQuery({ ...activeCarsQueryOptions(token), enabled: token !== null && enabled });
}
