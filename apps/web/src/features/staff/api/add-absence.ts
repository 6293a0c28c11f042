import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AbsenceBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/offices/:officeId/absences: a resource away for a time. */
export const addAbsence = (officeId: number, body: AbsenceBody) => staffApi.post<unknown>(`/offices/${officeId}/absences`, body);

/** Adds an absence; the office's absences and every day and week view are read again (they show absences). */
export function useAddAbsence(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AbsenceBody) => addAbsence(officeId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKeys.absencesOf(officeId) }),
        queryClient.invalidateQueries({ queryKey: staffKeys.days }),
        queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
      ]),
  });
}
