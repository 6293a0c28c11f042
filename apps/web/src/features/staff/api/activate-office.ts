import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { officeChanged } from './office-changed.ts';

/** POST /staff/offices/:officeId/activate: the office takes bookings again (admins only). */
export const activateOffice = (officeId: number) => staffApi.post<OfficeDetails>(`/offices/${officeId}/activate`);

/** Activates an office; its details are the answer's, the lists of offices are read again. */
export function useActivateOffice(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => activateOffice(officeId),
    onSuccess: (office) => officeChanged(queryClient, officeId, office),
  });
}
