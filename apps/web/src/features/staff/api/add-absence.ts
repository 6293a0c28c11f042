import type { AbsenceBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/offices/:officeId/absences: a resource away for a time. */
export const addAbsence = (officeId: number, body: AbsenceBody) => staffApi.post<unknown>(`/offices/${officeId}/absences`, body);
