import type { z } from 'zod';
import type { deleteLoyaltyUserBody } from '@huolto/domain';
import { loyaltyPost } from './loyalty-request.ts';

/**
 * POST /deleteUser/: deletes the logged-in customer's account with its saved cars and vouchers
 * and revokes its tokens; the password again, so that a left-open session cannot delete it
 * (a wrong one answers with the Finnish message and deletes nothing).
 */
export const deleteUser = (token: string, body: z.input<typeof deleteLoyaltyUserBody>) =>
  loyaltyPost<{ responseCode: string }>('/deleteUser/', { token, ...body });
