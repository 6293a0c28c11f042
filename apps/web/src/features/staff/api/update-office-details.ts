import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeBody, OfficeDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { officeChanged } from './office-changed.ts';

/** PUT /staff/offices/:officeId/details: every detail of an office. */
export const updateOfficeDetails = (officeId: number, body: OfficeBody) => staffApi.put<OfficeDetails>(`/offices/${officeId}/details`, body);

/** Saves an office's details; the answer is its new state, and the lists of offices are read again. */
export function useUpdateOfficeDetails(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfficeBody) => updateOfficeDetails(officeId, body),
    onSuccess: (office) => officeChanged(queryClient, officeId, office),
  });
}
