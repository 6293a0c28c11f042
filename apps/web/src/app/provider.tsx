import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from '@/lib/api-client.ts';
import { WizardStateProvider } from '@/stores/wizard-state.tsx';
import { LoyaltyProvider } from '@/features/loyalty/loyalty-context.tsx';

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

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <WizardStateProvider>
        <LoyaltyProvider>{children}</LoyaltyProvider>
      </WizardStateProvider>
    </QueryClientProvider>
  );
}
