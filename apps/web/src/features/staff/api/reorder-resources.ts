import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffResourceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/offices/:officeId/resources/order: every resource of the office, in the new order. */
export const reorderResources = (officeId: number, resourceIds: number[]) =>
  staffApi.put<unknown>(`/offices/${officeId}/resources/order`, { resourceIds });

/**
 * Saves a new order. The list shows it at once; a refusal puts the old order back. Then the
 * office's resources and the offices (the day view's columns follow the order) are read again.
 */
export function useReorderResources(officeId: number) {
  const queryClient = useQueryClient();
  const key = staffKeys.resources(officeId);
  return useMutation({
    mutationFn: (resourceIds: number[]) => reorderResources(officeId, resourceIds),
    onMutate: async (resourceIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StaffResourceDetails[]>(key);
      if (before) {
        const byId = new Map(before.map((r) => [r.id, r]));
        const after = resourceIds.map((id) => byId.get(id)).filter((r): r is StaffResourceDetails => r !== undefined);
        queryClient.setQueryData(key, after);
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: key }), queryClient.invalidateQueries({ queryKey: staffKeys.offices })]),
  });
}
