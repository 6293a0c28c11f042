import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfficeDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices/:officeId/details: every detail of an office (its own users and admins). */
export const getOfficeDetails = (officeId: number) => staffApi.get<OfficeDetails>(`/offices/${officeId}/details`);

export const officeDetailsQueryOptions = (officeId: number, enabled = true) =>
  queryOptions({ queryKey: staffKeys.officeDetails(officeId), queryFn: () => getOfficeDetails(officeId), enabled });

export const useOfficeDetails = (officeId: number, enabled = true) => useQuery(officeDetailsQueryOptions(officeId, enabled));
