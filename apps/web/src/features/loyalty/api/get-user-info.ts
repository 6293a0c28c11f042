import { queryOptions } from '@tanstack/react-query';
import type { LoyaltyAccount } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';
import { loyaltyKeys } from './query-keys.ts';

/** POST /getUserInfo/: the logged-in customer's details (requirements §3 "Loyalty account"). */
export const getUserInfo = (token: string) => loyaltyPost<LoyaltyAccount>('/getUserInfo/', { token });

export const userInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: loyaltyKeys.userInfo(token),
    queryFn: () => getUserInfo(token!),
    enabled: token !== null,
    staleTime: 10 * 60_000,
    // A rejected token answers the same again; the provider logs out instead.
    retry: false,
    refetchOnWindowFocus: false,
  });
