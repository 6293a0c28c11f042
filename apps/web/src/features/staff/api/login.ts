import { useMutation } from '@tanstack/react-query';
import type { StaffLoginBody, StaffMe } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/login: signs in (the session is an HttpOnly cookie) and answers who is signed in. */
export const login = (body: StaffLoginBody) => staffApi.post<StaffMe>('/login', body);

/** Signing in; the caller takes the signed-in user from the answer (`onSuccess`). */
export const useLogin = (options: { onSuccess?: (me: StaffMe) => void } = {}) =>
  useMutation({ mutationFn: login, onSuccess: (me) => options.onSuccess?.(me) });
