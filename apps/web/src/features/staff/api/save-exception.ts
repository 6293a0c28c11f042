import type { OpeningExceptionBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** PUT /staff/offices/:officeId/exceptions/:date: a working day closed or with other hours. */
export const saveException = (officeId: number, date: string, body: OpeningExceptionBody) =>
  staffApi.put<unknown>(`/offices/${officeId}/exceptions/${date}`, body);
