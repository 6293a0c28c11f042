import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** DELETE /staff/offices/:officeId/exceptions/:date: the day keeps the usual hours again. */
export const deleteException = (officeId: number, date: string) => staffApi.delete<unknown>(`/offices/${officeId}/exceptions/${date}`);

/** Deletes a date's exception; the office's opening and every day and week view are read again. */
export function useDeleteException(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => deleteException(officeId, date),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.opening(officeId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.days }),
        queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
      ]),
  });
}
