import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceListItem } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/services: every service of the three stages, by stage, group and order. */
export const getServices = () => staffApi.get<ServiceListItem[]>('/catalogue/services');

export const servicesQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.services, queryFn: getServices, enabled });

export const useServices = (enabled = true) => useQuery(servicesQueryOptions(enabled));
