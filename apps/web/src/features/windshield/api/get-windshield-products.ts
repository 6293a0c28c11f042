import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WindshieldProduct } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /windshield/products: windshieldChange, windshieldRepair, windshieldInsuranceRepair. */
export const getWindshieldProducts = () => api.get<WindshieldProduct[]>('/windshield/products');

export function useWindshieldProducts(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(
    queryOptions({
      queryKey: ['windshield-products', token, organizationId],
      queryFn: getWindshieldProducts,
      enabled: token !== null && organizationId !== null,
      staleTime: 5 * 60 * 1000,
    }),
  );
}
