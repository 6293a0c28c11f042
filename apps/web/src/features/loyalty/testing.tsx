/** Test helpers of the loyalty feature: the providers and a signed-in account; the fetch stub is shared. */
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { newQueryClient } from '@/test/fetch-stub.ts';
import { LoyaltyProvider } from './loyalty-context.tsx';

export { json, newQueryClient, stubFetch, type Route } from '@/test/fetch-stub.ts';

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
