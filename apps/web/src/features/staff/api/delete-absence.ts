import { staffApi } from '@/lib/api-client.ts';

/** DELETE /staff/offices/:officeId/absences/:absenceId. */
export const deleteAbsence = (officeId: number, absenceId: number) =>
  staffApi.delete<unknown>(`/offices/${officeId}/absences/${absenceId}`);
