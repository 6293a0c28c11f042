import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSuggestion, TireDetails, TireSearchQuery } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** A search result: a product suggestion whose `suggested_tire` is filled. */
export type TireSuggestion = ProductSuggestion & { suggested_tire: TireDetails };

/** POST /search-tires/v2 (requirements §7), cheapest first. */
export const searchTires = (query: TireSearchQuery) => api.post<TireSuggestion[]>('/search-tires/v2', query);

/**
 * Under the 'services' prefix, so that a cart change refreshes the results' `selected`
 * flags together with every other list of products.
 */
export const searchTiresQueryOptions = (token: string | null, query: TireSearchQuery | null) =>
  queryOptions({
    queryKey: queryKeys.tireSearch(token, query),
    queryFn: () => searchTires(query!),
    enabled: token !== null && query !== null,
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });

/** Runs by itself as soon as the form is valid (requirements §5 "Tire search"). */
export function useSearchTires(query: TireSearchQuery | null) {
  const { token } = useProcessSession();
  return useQuery(searchTiresQueryOptions(token, query));
}
