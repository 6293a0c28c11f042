import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffOffice } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices: the offices the signed-in user runs (every office for an admin), each with its resources. */
export const getOffices = () => staffApi.get<StaffOffice[]>('/offices');

export const officesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: staffKeys.offices, queryFn: getOffices, enabled });

export const useOffices = (enabled = true) => useQuery(officesQueryOptions(enabled));
