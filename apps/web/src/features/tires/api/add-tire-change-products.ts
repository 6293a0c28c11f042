import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, CartProductItem } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /api/products/tire-change/add: tire-change services and tires, TIRE_SERVICES stage. */
export const addTireChangeProducts = (items: CartProductItem[]) =>
  api.post<ApiResponse>('/api/products/tire-change/add', { items, stage: 'TIRE_SERVICES' });

export function useAddTireChangeProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTireChangeProducts,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
