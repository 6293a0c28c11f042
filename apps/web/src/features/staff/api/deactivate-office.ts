import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deactivateOfficeResponse } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { officeChanged } from './office-changed.ts';

export type DeactivatedOffice = z.infer<typeof deactivateOfficeResponse>;

/** POST /staff/offices/:officeId/deactivate: the office takes no new bookings; its bookings to come are answered (admins only). */
export const deactivateOffice = (officeId: number) => staffApi.post<DeactivatedOffice>(`/offices/${officeId}/deactivate`);

/** Deactivates an office; its details are the answer's, the lists of offices are read again. */
export function useDeactivateOffice(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deactivateOffice(officeId),
    onSuccess: (answer) => officeChanged(queryClient, officeId, answer.office),
  });
}
