import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** POST /active-organization/v2: the office the booking is made at. */
export const setActiveOrganization = (organizationId: number) =>
  api.post<ApiResponse>('/active-organization/v2', { organizationId });

export function useSetActiveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveOrganization,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
      ]),
  });
}
