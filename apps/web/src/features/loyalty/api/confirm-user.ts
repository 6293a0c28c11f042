import type { ConfirmUserBody } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';

/** POST /confirmUser/: confirms a new account with the e-mailed code. */
export const confirmUser = (input: ConfirmUserBody) =>
  loyaltyPost<{ responseCode: string }>('/confirmUser/', input);
