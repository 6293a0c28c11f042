import { useMutation } from '@tanstack/react-query';
import type { ApiResponse, ReserveTimeBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/**
 * POST /reserve-time: holds the time ('YYYY-MM-DDTHH:mm:ss|YYYY-MM-DDTHH:mm:ss', requirements §4)
 * for this process. The page shows its own error.
 */
export const reserveTime = (input: ReserveTimeBody) =>
  api.post<ApiResponse>('/reserve-time', input, { handleErrors: true });

export const useReserveTime = () => useMutation({ mutationFn: reserveTime });
