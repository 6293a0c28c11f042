import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenBookingResponse } from '@huolto/domain';
import { moveBooking, type BookingRef } from './manage-booking.ts';
import { freeTimesForBookingKeys } from './free-times-for-booking.ts';
import { openBookingQueryOptions } from './open-booking.ts';

/**
 * POST /move-booking. A moved booking is shown at once from the answer (the page's
 * booking is replaced by it); whatever the answer, the free times are read again, since
 * the old time became free or the chosen one was taken.
 */
export function useMoveBooking(ref: BookingRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reservation: string) => moveBooking(ref, reservation),
    onSuccess: (answer) => {
      if (answer.responseCode === 'SUCCESS') {
        const opened: OpenBookingResponse = { responseCode: 'SUCCESS', booking: answer.booking };
        queryClient.setQueryData(openBookingQueryOptions(ref).queryKey, opened);
      }
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: freeTimesForBookingKeys.all(ref) }),
  });
}
