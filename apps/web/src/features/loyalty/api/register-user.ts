import type { RegisterUserBody } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';

/** POST /registerUser/: creates an unconfirmed account and e-mails a six-digit code. */
export const registerUser = (registration: RegisterUserBody) =>
  loyaltyPost<{ responseCode: string }>('/registerUser/', registration);
