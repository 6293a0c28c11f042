import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/services/:code: a service with every field the form edits. */
export const getService = (code: string) => staffApi.get<ServiceDetails>(`/catalogue/services/${encodeURIComponent(code)}`);

export const serviceQueryOptions = (code: string, enabled = true) =>
  queryOptions({ queryKey: staffKeys.service(code), queryFn: () => getService(code), enabled });

export const useService = (code: string, enabled = true) => useQuery(serviceQueryOptions(code, enabled));
