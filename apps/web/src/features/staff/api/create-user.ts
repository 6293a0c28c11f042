import type { CreateStaffUserBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/users: a new staff account (admins only). */
export const createUser = (body: CreateStaffUserBody) => staffApi.post<unknown>('/users', body);
