/** Test helpers of the loyalty feature: a routed fetch stub and the providers. */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LoyaltyProvider } from './loyalty-context.tsx';

export type Route = (body: unknown) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs fetch with answers by path ('/omalaakkonen/api/login/'); an unknown path is a
 * 404. Returns the mock and a reader of the JSON bodies sent to a path.
 */
export function stubFetch(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = String(url).split('?')[0]!;
    const route = routes[path];
    if (!route) return json({ error: 'NOT_FOUND', message: path }, 404);
    return route(init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (path: string) =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([url]) => String(url).split('?')[0] === path);
  const bodies = (path: string) => calls(path).map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined));
  return { fetchMock, calls, bodies };
}

export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export function LoyaltyTestProviders({ children, client = newQueryClient() }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <LoyaltyProvider>{children}</LoyaltyProvider>
    </QueryClientProvider>
  );
}

export const ACCOUNT = {
  token: 't'.repeat(43),
  firstname: 'Testi',
  lastname: 'Asiakas',
  phone: '040 123 4567',
  email: 'testi@example.com',
  address: 'Ruosilantie 1',
  zip: '00390',
  city: 'Helsinki',
  brands: [{ id: 1 }],
};
