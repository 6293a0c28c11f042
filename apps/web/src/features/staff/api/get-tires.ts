import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TireAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/tires: a supplier's tires by product code or size text ('205/55R16'), at most 100. */
export const getTires = (q: string, supplier: string) =>
  staffApi.get<TireAdmin[]>('/catalogue/tires', { query: { q, supplier: supplier === '' ? undefined : supplier } });

export const tiresQueryOptions = (q: string, supplier: string) =>
  queryOptions({ queryKey: staffKeys.tires(q, supplier), queryFn: () => getTires(q, supplier), placeholderData: keepPreviousData });

export const useTires = (q: string, supplier: string) => useQuery(tiresQueryOptions(q, supplier));
