import type { PersonalDataExport } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';

/**
 * /getUserData/: everything held about the logged-in customer as one document (the account,
 * its cars and vouchers, the bookings, messages and feedback), with a summary in plain Finnish.
 */
export const getUserData = (token: string) => loyaltyPost<PersonalDataExport>('/getUserData/', { token });
