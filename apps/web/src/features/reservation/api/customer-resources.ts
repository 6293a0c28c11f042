import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ApiResponse,
  CustomerSelectedResourcesBody,
  ResourceForCustomerResponse,
  SelectableResource,
} from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /customer-selectable-resources: the mechanics a customer may pick at the office (empty: none). */
export const getCustomerSelectableResources = () => api.get<SelectableResource[]>('/customer-selectable-resources');

export function useCustomerSelectableResources(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(
    queryOptions({
      queryKey: ['selectable-resources', token, organizationId],
      queryFn: getCustomerSelectableResources,
      enabled: token !== null && organizationId !== null,
      staleTime: 5 * 60 * 1000,
    }),
  );
}

/** GET /resource-for-customer: the mechanic who served this phone number last time, if any. */
export const getResourceForCustomer = (phoneNumber: string) =>
  api.get<ResourceForCustomerResponse>('/resource-for-customer', { query: { phoneNumber }, handleErrors: true });

/** POST /customer-selected-resources: the mechanics the calendar is limited to (empty: anyone). */
export const setCustomerSelectedResources = (resourceIds: number[]) =>
  api.post<ApiResponse>('/customer-selected-resources', { resourceIds } satisfies CustomerSelectedResourcesBody);
