import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, SymptomsBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /symptoms: replaces the booking's symptoms; an empty list deletes them. */
export const saveSymptoms = (symptoms: SymptomsBody) =>
  api.post<ApiResponse>('/symptoms', symptoms);

export function useSaveSymptoms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSymptoms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
  });
}
