import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TireSizes } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /tire-sizes: suppliers, size options, the defaults and the vehicle's own sizes. */
export const getTireSizes = () => api.get<TireSizes>('/tire-sizes');

export const tireSizesQueryOptions = (token: string | null, registerNumber: string | null) =>
  queryOptions({
    queryKey: queryKeys.tireSizes(token, registerNumber),
    queryFn: getTireSizes,
    enabled: token !== null,
    staleTime: 10 * 60 * 1000,
  });

/** Keyed by the vehicle too: the suggested sizes are the car's. */
export function useTireSizes(registerNumber: string | null) {
  const { token } = useProcessSession();
  return useQuery(tireSizesQueryOptions(token, registerNumber));
}
