import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deskContentsBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { bookingChanged } from './booking-changed.ts';

export type BookingContentsBody = z.input<typeof deskContentsBody>;

/**
 * PUT /staff/bookings/:bookingId/contents: what the booking holds (services, kilometres,
 * symptoms, the customer), optionally moved to one of the nearest times offered (409
 * DOES_NOT_FIT). Answers the booking as it now is.
 */
export const updateBookingContents = (bookingId: number, body: BookingContentsBody) =>
  staffApi.put<unknown>(`/bookings/${bookingId}/contents`, body);

/** Changes the booking; its page and the day and week views are then read again. */
export function useUpdateBookingContents(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingContentsBody) => updateBookingContents(bookingId, body),
    onSuccess: (answer) => bookingChanged(queryClient, bookingId, answer),
  });
}
