import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /extra-order-items {ids}: replaces the process's extra order items. */
export const saveExtraOrderItems = (ids: string[]) => api.post<ApiResponse>('/extra-order-items', { ids });

/** The booking's items and total change with them. */
export function useSaveExtraOrderItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExtraOrderItems,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allExtraOrderItems }),
      ]),
  });
}
