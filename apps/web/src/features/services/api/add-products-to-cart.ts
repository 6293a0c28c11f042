import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, CartChangeBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /add-products-to-cart. */
export const addProductsToCart = ({ items, stage = 'DEFAULT' }: CartChangeBody) =>
  api.post<ApiResponse>('/add-products-to-cart', { items, stage });

/** After a cart change the booking and the offer (its `selected` flags) are refetched (requirements §4). */
export function useAddProductsToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addProductsToCart,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
