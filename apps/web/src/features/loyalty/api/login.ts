import type { LoginBody } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';

/** POST /login/: a token for the account (401 with the Finnish message on failure, 429 when rate-limited). */
export const login = (credentials: LoginBody) => loyaltyPost<{ token: string }>('/login/', credentials);
