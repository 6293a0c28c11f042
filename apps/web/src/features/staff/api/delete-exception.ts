import { staffApi } from '@/lib/api-client.ts';

/** DELETE /staff/offices/:officeId/exceptions/:date: the day keeps the usual hours again. */
export const deleteException = (officeId: number, date: string) => staffApi.delete<unknown>(`/offices/${officeId}/exceptions/${date}`);
