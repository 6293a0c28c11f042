import { useMutation } from '@tanstack/react-query';
import { sendEditRequest, type BookingRef } from './manage-booking.ts';

/** POST /send-edit-request: the customer's free-text change request to the office. */
export function useSendEditRequest(ref: BookingRef) {
  return useMutation({ mutationFn: (message: string) => sendEditRequest(ref, message) });
}
