import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { bookingChanged } from './booking-changed.ts';

/** POST /staff/bookings/:bookingId/cancel: cancels with a reason; the customer is told. Answers the booking's detail as it now is. */
export const cancelBooking = (bookingId: number, reason: string) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/cancel`, { reason });

/** Cancels the booking with a reason ('' for none); the page then shows it cancelled, and the day and week views are read again. */
export function useCancelBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelBooking(bookingId, reason),
    onSuccess: (answer) => bookingChanged(queryClient, bookingId, answer),
  });
}
