import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/logout: ends the session. */
export const logout = () => staffApi.post<unknown>('/logout');
