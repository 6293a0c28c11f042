import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client.ts';
import { WizardStateProvider } from '@/stores/wizard-state.tsx';
import { LoyaltyProvider } from '@/features/loyalty/loyalty-context.tsx';

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
