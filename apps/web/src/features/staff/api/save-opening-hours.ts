import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export interface OpeningHours {
  openingTime: string;
  closingTime: string;
}

/** PUT /staff/offices/:officeId/opening-hours: the office's usual hours on working days. */
export const saveOpeningHours = (officeId: number, body: OpeningHours) => staffApi.put<unknown>(`/offices/${officeId}/opening-hours`, body);

/**
 * Saves the usual hours; read again: the office's opening, the offices (each carries its
 * usual hours), every day and week view, and the set-up list (its hours step).
 */
export function useSaveOpeningHours(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpeningHours) => saveOpeningHours(officeId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.opening(officeId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.offices }),
        queryClient.invalidateQueries({ queryKey: staffKeys.days }),
        queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
        queryClient.invalidateQueries({ queryKey: staffKeys.setup }),
      ]),
  });
}
