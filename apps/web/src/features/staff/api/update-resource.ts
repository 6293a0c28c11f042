import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffResourceDetails, UpdateResourceBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';
import { officeChanged } from './office-changed.ts';

/**
 * PUT /staff/offices/:officeId/resources/:resourceId: a resource's details and whether it is
 * active; 409 RESOURCE_HAS_BOOKINGS (with `bookings`) when it has bookings to come.
 */
export const updateResource = (officeId: number, resourceId: number, body: UpdateResourceBody) =>
  staffApi.put<StaffResourceDetails>(`/offices/${officeId}/resources/${resourceId}`, body);

/** Saves a resource; the office's resources and what shows offices are read again. */
export function useUpdateResource(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resourceId, body }: { resourceId: number; body: UpdateResourceBody }) => updateResource(officeId, resourceId, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.resources(officeId) }), officeChanged(queryClient, officeId)]),
  });
}
