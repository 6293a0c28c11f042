import { useMutation, useQueryClient } from '@tanstack/react-query';
import { normalizeServiceCode, type ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The value sent for a code: trimmed and upper-cased, null when blank (requirements §5 "Service code"). */
export function serviceCodeValue(input: string): string | null {
  return normalizeServiceCode(input);
}

/** PUT /set-service-code {value}: SUCCESS, or NOT_FOUND for a code that unlocks nothing. */
export const setServiceCode = (input: string) => api.put<ApiResponse>('/set-service-code', { value: serviceCodeValue(input) });

export function useSetServiceCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setServiceCode,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
