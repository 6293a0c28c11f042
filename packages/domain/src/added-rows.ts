/**
 * A row a saved booking gets besides its services (an extra product and its amount), as the
 * customer's add-rows (manage.ts) and the staff's contents change (front-desk.ts) take it.
 * A module of its own, so that the back-office's schemas do not pull the customer's
 * booking-management schemas into the chunks the customers' steps share.
 */
import { z } from 'zod';
import { FIELD_ERRORS } from './messages.ts';

export const addedRowSchema = z.object({
  productId: z.string({ error: FIELD_ERRORS.required }).trim().min(1, { error: FIELD_ERRORS.required }).max(80),
  amount: z.number({ error: FIELD_ERRORS.required }).int().min(1).max(99),
});
