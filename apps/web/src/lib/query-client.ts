import { QueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client.ts';

/** The query cache of the booking app and of the back-office, with the same defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An HTTP error will answer the same again; only a lost connection is retried.
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS),
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
