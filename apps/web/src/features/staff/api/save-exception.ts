import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpeningExceptionBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/offices/:officeId/exceptions/:date: a working day closed or with other hours. */
export const saveException = (officeId: number, date: string, body: OpeningExceptionBody) =>
  staffApi.put<unknown>(`/offices/${officeId}/exceptions/${date}`, body);

/** Saves a date's exception (replacing the date's earlier one); the office's opening and every day and week view are read again. */
export function useSaveException(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: OpeningExceptionBody }) => saveException(officeId, date, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.opening(officeId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.days }),
        queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
      ]),
  });
}
