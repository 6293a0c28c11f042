import { loyaltyPost } from './loyalty-request.ts';

export interface LoginCredentials {
  username: string;
  password: string;
}

/** POST /login/: a token for the account (401 with the Finnish message on failure, 429 when rate-limited). */
export const login = (credentials: LoginCredentials) => loyaltyPost<{ token: string }>('/login/', credentials);
