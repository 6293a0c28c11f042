import { useMutation } from '@tanstack/react-query';
import { resendConfirmation, type BookingRef } from './manage-booking.ts';

/** POST /send-email: the confirmation e-mail again, to the address of the booking. */
export function useResendConfirmation(ref: BookingRef) {
  return useMutation({ mutationFn: () => resendConfirmation(ref) });
}
