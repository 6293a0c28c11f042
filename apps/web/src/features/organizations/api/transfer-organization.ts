import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse, TransferOrganizationBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * POST /transfer-organization: moves the booking (and its cart) to another office. `flag`
 * is true on the organizations page, false when switching office on the reservation page (requirements §4).
 */
export const transferOrganization = (body: TransferOrganizationBody) => api.post<ApiResponse>('/transfer-organization', body);

/** Refreshes the booking, the offer and the calendar of the new office. */
export function useTransferOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferOrganization,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allBooking }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allServices }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allFreeTimes }),
      ]),
  });
}
