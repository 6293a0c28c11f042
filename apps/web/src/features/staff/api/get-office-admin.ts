import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { officeAdminListResponse } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export type OfficeAdminRow = z.infer<typeof officeAdminListResponse>[number];

/** GET /staff/office-admin: every office, active or not, with its active resources' count (admins only). */
export const getOfficeAdmin = () => staffApi.get<OfficeAdminRow[]>('/office-admin');

export const officeAdminQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.officeAdmin, queryFn: getOfficeAdmin, enabled });

export const useOfficeAdmin = (enabled = true) => useQuery(officeAdminQueryOptions(enabled));
