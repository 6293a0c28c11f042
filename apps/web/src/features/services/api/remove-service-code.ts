import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /remove-service-code: forgets the process's service code. */
export const removeServiceCode = () => api.get<ApiResponse>('/remove-service-code');

export function useRemoveServiceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeServiceCode,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
