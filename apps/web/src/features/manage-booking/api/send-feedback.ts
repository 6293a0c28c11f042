import { useMutation } from '@tanstack/react-query';
import { sendFeedback, type Feedback } from './manage-booking.ts';

/** POST /feedback/v2: the customer's rating and comment on the booking. */
export function useSendFeedback(bookingKey: string) {
  return useMutation({ mutationFn: (feedback: Feedback) => sendFeedback(bookingKey, feedback) });
}
