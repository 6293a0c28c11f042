import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationWithDistance } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import type { Coordinates } from '@/lib/customer-location.ts';

/** find-organizations/v2 answers at most this many offices (its numberOfResults limit). */
const MAX_RESULTS = 50;

/** GET /find-organizations/v2: the offices nearest a point, nearest first, with the distance in kilometres. */
export const findOrganizations = ({ latitude, longitude }: Coordinates) =>
  api.get<OrganizationWithDistance[]>('/find-organizations/v2', {
    query: { latitude, longitude, numberOfResults: MAX_RESULTS },
    handleErrors: true,
  });

/**
 * Each office's distance from the customer in kilometres, by office id; undefined while
 * the location is not known or the distances are loading. Shared by every office list.
 */
export function useOfficeDistances(location: Coordinates | null): Map<number, number> | undefined {
  const query = useQuery(
    queryOptions({
      queryKey: ['office-distances', location?.latitude, location?.longitude],
      queryFn: () => findOrganizations(location!),
      enabled: location !== null,
      staleTime: Infinity,
      select: (offices) => new Map(offices.map((o) => [o.id, o.distanceKm])),
    }),
  );
  return location === null ? undefined : query.data;
}

/** '3,2 km' — a distance as the office lists show it (whole kilometres from 100 km). */
export function formatDistance(km: number): string {
  const text = km >= 100 ? String(Math.round(km)) : km.toFixed(1).replace('.', ',');
  return `${text} km`;
}
