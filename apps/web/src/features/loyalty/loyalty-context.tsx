import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LOYALTY_CAMPAIGN_CODE, type LoyaltyAccount } from '@huolto/domain';
import { ApiError } from '@/lib/api-client.ts';
import { notifyMessage } from '@/lib/notifications.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import { logout as logoutRequest } from './api/logout.ts';
import { loyaltyKeys } from './api/query-keys.ts';
import { setCampaignCode } from './api/set-campaign-code.ts';
import { userInfoQueryOptions } from './api/get-user-info.ts';
import { clearLoyaltyToken, getLoyaltyToken, setLoyaltyToken, subscribeLoyaltyToken } from './loyalty-token.ts';

export interface LoyaltyContextValue {
  /** The loyalty token of this tab; null when not logged in. */
  token: string | null;
  /** The logged-in customer (getUserInfo); null until it has loaded. */
  account: LoyaltyAccount | null;
  /** Stores the token of a successful login. */
  signIn: (token: string) => void;
  /** 'Kirjaudu ulos' (requirements §4 "Login"). */
  signOut: () => Promise<void>;
}

const LoyaltyContext = createContext<LoyaltyContextValue | null>(null);

export function useLoyalty(): LoyaltyContextValue {
  const ctx = useContext(LoyaltyContext);
  if (!ctx) throw new Error('useLoyalty outside <LoyaltyProvider>');
  return ctx;
}

export function useLoyaltyToken(): string | null {
  return useSyncExternalStore(subscribeLoyaltyToken, getLoyaltyToken, getLoyaltyToken);
}

/**
 * The optional OmaLaakkonen login (requirements §1, §4 "Login", §6), mounted once in the app's
 * providers. While a customer is logged in it
 * - keeps the account (getUserInfo) loaded, and logs out when that fails;
 * - puts the members' campaign code OMALAAKKONEN on every booking process this tab
 *   works on (also one started later), which applies the account's valid vouchers,
 *   then refetches the booking so that the discounts show;
 * - refetches the offers ('lifts') whenever the login changes.
 */
export function LoyaltyProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useLoyaltyToken();
  const { token: processToken } = useProcessSession();
  const userInfo = useQuery(userInfoQueryOptions(token));

  const refreshBookingAndOffers = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allLiftsOffers }),
      ]),
    [queryClient],
  );

  /** The process the members' code was last put on, and with which login. */
  const appliedTo = useRef<string | null>(null);

  const signOut = useCallback(async () => {
    const loyaltyToken = getLoyaltyToken();
    if (loyaltyToken === null) return; // already logged out (two failures at once)
    clearLoyaltyToken();
    appliedTo.current = null;
    const process = processToken;
    await Promise.allSettled([
      logoutRequest(loyaltyToken),
      process ? setCampaignCode(null) : null,
    ]);
    queryClient.removeQueries({ queryKey: loyaltyKeys.all });
    notifyMessage('logout');
    await refreshBookingAndOffers();
  }, [processToken, queryClient, refreshBookingAndOffers]);

  const signIn = useCallback((newToken: string) => setLoyaltyToken(newToken), []);

  // A token the server no longer knows (expired, revoked) means logged out.
  const userInfoFailed = userInfo.isError;
  useEffect(() => {
    if (userInfoFailed && token !== null) void signOut();
  }, [userInfoFailed, token, signOut]);

  // The members' code on the current booking process, once per process and login.
  useEffect(() => {
    if (token === null || processToken === null) return;
    const key = `${processToken}|${token}`;
    if (appliedTo.current === key) return;
    appliedTo.current = key;
    setCampaignCode(LOYALTY_CAMPAIGN_CODE, token)
      .then(() => refreshBookingAndOffers())
      .catch((error: unknown) => {
        if (appliedTo.current === key) appliedTo.current = null;
        if (error instanceof ApiError && error.status === 401) void signOut();
      });
  }, [token, processToken, refreshBookingAndOffers, signOut]);

  // Offers may depend on who is looking: refetch them when the login changes.
  const previousToken = useRef(token);
  useEffect(() => {
    if (previousToken.current === token) return;
    previousToken.current = token;
    void queryClient.invalidateQueries({ queryKey: queryKeys.allLiftsOffers });
  }, [token, queryClient]);

  const account = token !== null ? (userInfo.data ?? null) : null;
  const value = useMemo<LoyaltyContextValue>(
    () => ({ token, account, signIn, signOut }),
    [token, account, signIn, signOut],
  );
  return <LoyaltyContext.Provider value={value}>{children}</LoyaltyContext.Provider>;
}
