import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/setup: the set-up list's steps, each done or not (admins only). */
export const getSetup = () => staffApi.get<SetupStatus>('/setup');

export const setupQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.setup, queryFn: getSetup, enabled });

export const useSetup = (enabled = true) => useQuery(setupQueryOptions(enabled));
