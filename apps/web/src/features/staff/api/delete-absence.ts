import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** DELETE /staff/offices/:officeId/absences/:absenceId. */
export const deleteAbsence = (officeId: number, absenceId: number) =>
  staffApi.delete<unknown>(`/offices/${officeId}/absences/${absenceId}`);

/** Deletes an absence by its id; the office's absences and every day and week view are read again. */
export function useDeleteAbsence(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (absenceId: number) => deleteAbsence(officeId, absenceId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.absencesOf(officeId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.days }),
        queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
      ]),
  });
}
