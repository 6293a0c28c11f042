import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface TransferOrganization {
  organizationId: number;
  /** true on the organizations page; false when switching office on the reservation page (SPEC §4). */
  flag: boolean;
}

/** POST /transfer-organization: moves the booking (and its cart) to another office. */
export const transferOrganization = (body: TransferOrganization) => api.post<ApiResponse>('/transfer-organization', body);

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
