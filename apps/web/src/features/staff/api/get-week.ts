import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffWeek } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices/:officeId/week: the week (Monday–Sunday) that holds `date`. */
export const getWeek = (officeId: number, date: string) => staffApi.get<StaffWeek>(`/offices/${officeId}/week`, { query: { date } });

export const weekQueryOptions = (officeId: number | null, date: string | null) =>
  queryOptions({
    queryKey: staffKeys.week(officeId ?? 0, date ?? ''),
    queryFn: () => getWeek(officeId!, date!),
    enabled: officeId !== null && date !== null,
  });

export const useWeek = (officeId: number | null, date: string | null) => useQuery(weekQueryOptions(officeId, date));
