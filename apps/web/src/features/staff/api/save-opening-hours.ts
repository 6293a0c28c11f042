import { staffApi } from '@/lib/api-client.ts';

/** PUT /staff/offices/:officeId/opening-hours: the office's usual hours on working days. */
export const saveOpeningHours = (officeId: number, body: { openingTime: string; closingTime: string }) =>
  staffApi.put<unknown>(`/offices/${officeId}/opening-hours`, body);
