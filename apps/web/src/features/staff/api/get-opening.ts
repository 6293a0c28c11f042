import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpeningException } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export interface Opening {
  openingTime: string;
  closingTime: string;
  exceptions: OpeningException[];
}

/** GET /staff/offices/:officeId/opening: the usual opening hours and the exceptions to come. */
export const getOpening = (officeId: number) => staffApi.get<Opening>(`/offices/${officeId}/opening`);

export const openingQueryOptions = (officeId: number) =>
  queryOptions({ queryKey: staffKeys.opening(officeId), queryFn: () => getOpening(officeId) });

export const useOpening = (officeId: number) => useQuery(openingQueryOptions(officeId));
