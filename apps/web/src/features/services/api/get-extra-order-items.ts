import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';
import type { ExtraOrderItem } from '@huolto/domain';

/** GET /extra-order-items: small items to add to the order (wiper blades, bulbs…) and whether each is chosen. */
export const getExtraOrderItems = () => api.get<ExtraOrderItem[]>('/extra-order-items');

export const extraOrderItemsQueryOptions = (token: string | null, organizationId: number | null) =>
  queryOptions({
    queryKey: queryKeys.extraOrderItems(token, organizationId),
    queryFn: getExtraOrderItems,
    enabled: token !== null && organizationId !== null,
  });

export function useExtraOrderItems(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(extraOrderItemsQueryOptions(token, organizationId));
}
