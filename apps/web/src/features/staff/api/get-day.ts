import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffDay } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices/:officeId/day: an office's day: opening, resources and what occupies them (bookings, holds, absences). */
export const getDay = (officeId: number, date: string) => staffApi.get<StaffDay>(`/offices/${officeId}/day`, { query: { date } });

export const dayQueryOptions = (officeId: number | null, date: string | null, options: { refetchInterval?: number; enabled?: boolean } = {}) =>
  queryOptions({
    queryKey: staffKeys.day(officeId ?? 0, date ?? ''),
    queryFn: () => getDay(officeId!, date!),
    refetchInterval: options.refetchInterval,
    enabled: officeId !== null && date !== null && (options.enabled ?? true),
  });

export const useDay = (officeId: number | null, date: string | null, options: { refetchInterval?: number; enabled?: boolean } = {}) =>
  useQuery(dayQueryOptions(officeId, date, options));
