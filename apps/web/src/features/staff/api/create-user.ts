import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffUserBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/users: a new staff account (admins only). */
export const createUser = (body: CreateStaffUserBody) => staffApi.post<unknown>('/users', body);

/** Creates an account; the list of accounts is read again. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffUserBody) => createUser(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.users }),
  });
}
