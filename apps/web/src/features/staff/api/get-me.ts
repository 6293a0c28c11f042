import type { StaffMe } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** GET /staff/me: who is signed in; a 401 when nobody is. */
export const getMe = () => staffApi.get<StaffMe>('/me');
