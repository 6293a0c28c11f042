import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSearch } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * GET /staff/bookings?q=: bookings by register number (or its beginning), booking key, phone
 * number or a part of the customer's name: upcoming first, then past ones; at most
 * STAFF_SEARCH_LIMIT, `more` when there were others.
 */
export const searchBookings = (q: string) => staffApi.get<StaffSearch>('/bookings', { query: { q } });

export const searchQueryOptions = (q: string, enabled: boolean) =>
  queryOptions({ queryKey: staffKeys.search(q), queryFn: () => searchBookings(q), enabled });

export const useSearchBookings = (q: string, enabled: boolean) => useQuery(searchQueryOptions(q, enabled));
