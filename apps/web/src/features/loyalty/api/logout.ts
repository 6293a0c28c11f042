import { loyaltyPost } from './loyalty-request.ts';

/** POST /logout/: revokes the token on the server. */
export const logout = (token: string) => loyaltyPost<{ responseCode: string }>('/logout/', { token });
