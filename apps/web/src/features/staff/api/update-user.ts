import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateStaffUserBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PATCH /staff/users/:userId: name, role, offices, a new password, active or not (admins only). */
export const updateUser = (userId: number, body: UpdateStaffUserBody) => staffApi.patch<unknown>(`/users/${userId}`, body);

/** Saves what changed in an account; the list of accounts is read again. */
export function useUpdateUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStaffUserBody) => updateUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.users }),
  });
}
