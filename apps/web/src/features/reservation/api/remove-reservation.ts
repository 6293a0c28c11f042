import type { ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** DELETE /remove-reservation: frees the time this process holds. */
export const removeReservation = (opts?: { silent?: boolean }) =>
  api.delete<ApiResponse>('/remove-reservation', { handleErrors: opts?.silent });
