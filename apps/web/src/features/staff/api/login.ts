import type { StaffLoginBody, StaffMe } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/login: signs in (the session is an HttpOnly cookie) and answers who is signed in. */
export const login = (body: StaffLoginBody) => staffApi.post<StaffMe>('/login', body);
