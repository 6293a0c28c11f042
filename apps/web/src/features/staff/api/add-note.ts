import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { bookingChanged } from './booking-changed.ts';

/** POST /staff/bookings/:bookingId/notes: an internal note, seen by staff only. Answers the booking's detail as it now is. */
export const addNote = (bookingId: number, text: string) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/notes`, { text });

/** Adds an internal note; the page then shows it in the booking's history. */
export function useAddNote(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(bookingId, text),
    onSuccess: (answer) => bookingChanged(queryClient, bookingId, answer),
  });
}
