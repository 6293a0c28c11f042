import { loyaltyPost } from './loyalty-request.ts';

/** POST /confirmUser/: confirms a new account with the e-mailed code. */
export const confirmUser = (input: { username: string; code: string }) =>
  loyaltyPost<{ responseCode: string }>('/confirmUser/', input);
