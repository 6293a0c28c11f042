import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffResourceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices/:officeId/resources: the office's resources in order, active or not, with their kinds of work. */
export const getResources = (officeId: number) => staffApi.get<StaffResourceDetails[]>(`/offices/${officeId}/resources`);

export const resourcesQueryOptions = (officeId: number) =>
  queryOptions({ queryKey: staffKeys.resources(officeId), queryFn: () => getResources(officeId) });

export const useResources = (officeId: number) => useQuery(resourcesQueryOptions(officeId));
