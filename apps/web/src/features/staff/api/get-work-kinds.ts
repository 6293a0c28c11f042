import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkKind } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/work-kinds: the kinds of work resources can do, in order, active or not. */
export const getWorkKinds = () => staffApi.get<WorkKind[]>('/work-kinds');

export const workKindsQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.workKinds, queryFn: getWorkKinds, enabled });

export const useWorkKinds = (enabled = true) => useQuery(workKindsQueryOptions(enabled));
