import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, CartChangeBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /remove-products-from-cart. */
export const removeProductsFromCart = ({ items, stage = 'DEFAULT' }: CartChangeBody) =>
  api.post<ApiResponse>('/remove-products-from-cart', { items, stage });

export function useRemoveProductsFromCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProductsFromCart,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
