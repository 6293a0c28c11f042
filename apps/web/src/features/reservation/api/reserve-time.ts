import { useMutation } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '../../../lib/api-client.ts';

export interface ReserveTimeInput {
  /** 'YYYY-MM-DDTHH:mm:ss|YYYY-MM-DDTHH:mm:ss' (SPEC §4). */
  reservation: string;
  timeSelectionType: 'EXACT_TIME' | 'DAY_ONLY';
  workshiftPosition: 'MORNING' | 'EVENING' | null;
}

/** POST /reserve-time: holds the time for this process. The page shows its own error. */
export const reserveTime = (input: ReserveTimeInput) =>
  api.post<ApiResponse>('/reserve-time', input, { handleErrors: true });

export const useReserveTime = () => useMutation({ mutationFn: reserveTime });
