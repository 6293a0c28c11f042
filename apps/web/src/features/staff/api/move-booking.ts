import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail, StaffMoveBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { bookingChanged } from './booking-changed.ts';

/** POST /staff/bookings/:bookingId/move: another start and resource on the office's grid. Answers the booking's detail as it now is. */
export const moveBooking = (bookingId: number, body: StaffMoveBody) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/move`, body);

/** Moves the booking; the page then shows it as answered, and the day and week views are read again. */
export function useMoveBooking(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffMoveBody) => moveBooking(bookingId, body),
    onSuccess: (answer) => bookingChanged(queryClient, bookingId, answer),
  });
}
