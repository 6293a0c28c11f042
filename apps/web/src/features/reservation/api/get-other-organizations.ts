import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, todayInHelsinki, type FreeTimesOnOrganizationBody, type OrganizationFreeTimes } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import type { Coordinates } from '@/lib/customer-location.ts';

/** How far ahead other offices are looked at (requirements §9: one month). */
export const OTHER_OFFICES_DAYS_AHEAD = 31;

/** Offices asked at a time: the nearest ones with free times, more with each 'Näytä lisää'. */
export const OTHER_OFFICES_PAGE = 20;

/**
 * POST /free-times-on-organization: the `limit` nearest compatible offices with free times for
 * the next month, nearest to the customer's location when known, else to the booking's office;
 * each with only its first free time and the number of its free days (`firstOnly`), all the
 * time step shows.
 */
export const getOtherOrganizations = (start: string, limit: number, location: Coordinates | null) =>
  api.post<OrganizationFreeTimes[]>('/free-times-on-organization', {
    start,
    end: addDays(start, OTHER_OFFICES_DAYS_AHEAD),
    limit,
    firstOnly: true,
    ...(location ? { latitude: location.latitude, longitude: location.longitude } : {}),
  } satisfies FreeTimesOnOrganizationBody);

export function useOtherOrganizations(organizationId: number | null, enabled: boolean, limit: number, location: Coordinates | null) {
  const { token } = useProcessSession();
  const today = todayInHelsinki();
  return useQuery(
    queryOptions({
      queryKey: [...queryKeys.allFreeTimes, 'other-offices', token, organizationId, today, limit, location?.latitude, location?.longitude],
      queryFn: () => getOtherOrganizations(today, limit, location),
      enabled: enabled && token !== null && organizationId !== null,
      staleTime: 30 * 1000,
      // 'Näytä lisää' keeps the offices shown while the longer page loads.
      placeholderData: keepPreviousData,
    }),
  );
}
