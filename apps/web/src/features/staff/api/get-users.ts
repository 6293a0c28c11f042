import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffUser } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/users: every staff account (admins only). */
export const getUsers = () => staffApi.get<StaffUser[]>('/users');

export const usersQueryOptions = (enabled = true) => queryOptions({ queryKey: staffKeys.users, queryFn: getUsers, enabled });

export const useUsers = (enabled = true) => useQuery(usersQueryOptions(enabled));
