import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail, VisitStatus } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { bookingChanged } from './booking-changed.ts';

/** POST /staff/bookings/:bookingId/status: the visit's status, or none. Answers the booking's detail as it now is. */
export const setVisitStatus = (bookingId: number, visitStatus: VisitStatus | null) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/status`, { visitStatus });

/** Marks the visit (or clears its mark); the page then shows the booking as answered, and the day and week views are read again. */
export function useSetVisitStatus(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visitStatus: VisitStatus | null) => setVisitStatus(bookingId, visitStatus),
    onSuccess: (answer) => bookingChanged(queryClient, bookingId, answer),
  });
}
