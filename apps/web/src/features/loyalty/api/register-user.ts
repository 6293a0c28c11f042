import { loyaltyPost } from './loyalty-request.ts';

export interface Registration {
  /** The e-mail address; it is the username. */
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  phone?: string;
}

/** POST /registerUser/: creates an unconfirmed account and e-mails a six-digit code. */
export const registerUser = (registration: Registration) =>
  loyaltyPost<{ responseCode: string }>('/registerUser/', registration);
