import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { StaffMe } from '@huolto/domain';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { getMe } from '@/features/staff/api/get-me.ts';
import { logout as endSession } from '@/features/staff/api/logout.ts';

/**
 * Who is signed in to the back-office and which office they are looking at. The signed-in
 * user comes from GET /me (401: nobody); the office choice is remembered in localStorage.
 */

export const OFFICE_STORAGE_KEY = 'hallinta-toimipiste';

export interface StaffState {
  /** The signed-in user, null when nobody is (or before GET /me has answered: see `loading`). */
  me: StaffMe | null;
  /** True until the first GET /me has answered. */
  loading: boolean;
  /** Reads the signed-in user again (after sign-in, or to check the session). */
  refresh: () => Promise<StaffMe | null>;
  /** Signs out: ends the session on the server and forgets the user here. */
  logout: () => Promise<void>;
  /** Sets the user directly (the sign-in call answers with it). */
  setMe: (me: StaffMe | null) => void;
}

export interface OfficeState {
  /** The office being looked at: the remembered one if the user still runs it, else their first. */
  officeId: number | null;
  setOfficeId: (officeId: number) => void;
}

const StaffContext = createContext<StaffState | null>(null);
const OfficeContext = createContext<OfficeState | null>(null);

function readStoredOffice(): number | null {
  try {
    const raw = window.localStorage.getItem(OFFICE_STORAGE_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function storeOffice(officeId: number): void {
  try {
    window.localStorage.setItem(OFFICE_STORAGE_KEY, String(officeId));
  } catch {
    // Private mode or storage full: the choice lasts this page only.
  }
}

export function StaffProvider({
  children,
  queryClient,
  initialMe,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests: start signed in as this user without GET /me. */
  initialMe?: StaffMe | null;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [me, setMeState] = useState<StaffMe | null>(initialMe ?? null);
  const [loading, setLoading] = useState(initialMe === undefined);
  const [storedOffice, setStoredOffice] = useState<number | null>(() => readStoredOffice());

  const setMe = useCallback(
    (next: StaffMe | null) => {
      setMeState(next);
      if (next === null) client.clear();
    },
    [client],
  );

  const refresh = useCallback(async () => {
    try {
      const next = await getMe();
      setMeState(next);
      return next;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setMe(null);
        return null;
      }
      throw error;
    } finally {
      setLoading(false);
    }
  }, [setMe]);

  const logout = useCallback(async () => {
    try {
      await endSession();
    } finally {
      setMe(null);
    }
  }, [setMe]);

  useEffect(() => {
    if (initialMe === undefined) void refresh().catch(() => undefined);
  }, [initialMe, refresh]);

  // A signed-in call answered 401: the session ended, so the sign-in page shows.
  useEffect(() => {
    setUnauthorizedHandler(() => setMe(null));
    return () => setUnauthorizedHandler(null);
  }, [setMe]);

  const setOfficeId = useCallback((officeId: number) => {
    setStoredOffice(officeId);
    storeOffice(officeId);
  }, []);

  const officeId = useMemo(() => {
    if (!me) return storedOffice;
    if (storedOffice !== null && me.offices.some((o) => o.id === storedOffice)) return storedOffice;
    return me.offices[0]?.id ?? null;
  }, [me, storedOffice]);

  const staff = useMemo<StaffState>(() => ({ me, loading, refresh, logout, setMe }), [me, loading, refresh, logout, setMe]);
  const office = useMemo<OfficeState>(() => ({ officeId, setOfficeId }), [officeId, setOfficeId]);

  return (
    <QueryClientProvider client={client}>
      <StaffContext.Provider value={staff}>
        <OfficeContext.Provider value={office}>{children}</OfficeContext.Provider>
      </StaffContext.Provider>
    </QueryClientProvider>
  );
}

export function useStaff(): StaffState {
  const value = useContext(StaffContext);
  if (!value) throw new Error('useStaff outside StaffProvider');
  return value;
}

export function useOffice(): OfficeState {
  const value = useContext(OfficeContext);
  if (!value) throw new Error('useOffice outside StaffProvider');
  return value;
}
