import type { QueryClient } from '@tanstack/react-query';

/** Queries that do not belong to a booking process and survive a reset. */
const GLOBAL_QUERIES = new Set(['settings', 'vehicle-makes']);

/**
 * Drops the cached server state of the old booking process ("reset app state",
 * requirements §4). Call it after forgetting the token: session-bound keys carry the token, so
 * every screen has already moved to new keys. The removal waits a tick and spares
 * queries that are still observed — removing an observed query makes its observer
 * fetch it again, which without a token would answer 412.
 */
export function clearSessionCache(queryClient: QueryClient): void {
  setTimeout(() => {
    queryClient.removeQueries({
      predicate: (q) => !GLOBAL_QUERIES.has(String(q.queryKey[0])) && q.getObserversCount() === 0,
    });
  }, 0);
}
