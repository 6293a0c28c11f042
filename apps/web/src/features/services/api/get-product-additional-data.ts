import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import type { ProductAdditionalData } from '@huolto/domain';

/**
 * GET /product-additional-data?productId=: a product's info, images and operations.
 * The card shows its own message when this fails, so no global notification.
 */
export const getProductAdditionalData = (productId: string) =>
  api.get<ProductAdditionalData>('/product-additional-data', { query: { productId }, handleErrors: true });

export const productAdditionalDataQueryOptions = (token: string | null, productId: string) =>
  queryOptions({
    queryKey: queryKeys.productAdditionalData(token, productId),
    queryFn: () => getProductAdditionalData(productId),
    staleTime: 10 * 60_000,
    retry: false,
  });

/** Loads only once `enabled` (the contents were opened). */
export function useProductAdditionalData(productId: string, enabled: boolean) {
  const { token } = useProcessSession();
  return useQuery({ ...productAdditionalDataQueryOptions(token, productId), enabled: enabled && token !== null });
}
