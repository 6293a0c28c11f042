import type { UpdateStaffUserBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** PATCH /staff/users/:userId: name, role, offices, a new password, active or not (admins only). */
export const updateUser = (userId: number, body: UpdateStaffUserBody) => staffApi.patch<unknown>(`/users/${userId}`, body);
