import { useMutation } from '@tanstack/react-query';
import type { ChangeOwnPasswordBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/me/password: the signed-in user's new password, with the current one. */
export const changeOwnPassword = (body: ChangeOwnPasswordBody) => staffApi.post<unknown>('/me/password', body);

/** Changes the signed-in user's password (the server ends their other sessions). */
export function useChangeOwnPassword() {
  return useMutation({ mutationFn: (body: ChangeOwnPasswordBody) => changeOwnPassword(body) });
}
