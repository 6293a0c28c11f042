import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelBooking, type BookingRef } from './manage-booking.ts';
import { manageBookingKeys } from './open-booking.ts';

/**
 * POST /cancel-booking; whatever the server answered, the booking is read again so
 * that the page shows its new status (the time is freed at once).
 */
export function useCancelBooking(ref: BookingRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(ref),
    // Not awaited: the page's buttons come back as soon as the cancellation is answered.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: manageBookingKeys.booking(ref), exact: true }),
  });
}
