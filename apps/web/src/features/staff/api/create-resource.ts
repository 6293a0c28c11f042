import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResourceBody, StaffResourceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';
import { officeChanged } from './office-changed.ts';

/** POST /staff/offices/:officeId/resources: a new resource, last in the office's order. */
export const createResource = (officeId: number, body: ResourceBody) => staffApi.post<StaffResourceDetails>(`/offices/${officeId}/resources`, body);

/** Adds a resource; the office's resources and what shows offices are read again. */
export function useCreateResource(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResourceBody) => createResource(officeId, body),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.resources(officeId) }), officeChanged(queryClient, officeId)]),
  });
}
