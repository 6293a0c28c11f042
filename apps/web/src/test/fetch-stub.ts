/** Test helpers shared by the features' component tests: a fetch stub routed by path and a query client. */
import { vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

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
