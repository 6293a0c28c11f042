import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskBookingBody, deskBookingResponse } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { deskKeys } from './desk-keys.ts';
import { staffKeys } from './keys.ts';

export type DeskBookingCreated = z.infer<typeof deskBookingResponse>;

/**
 * POST /staff/offices/:officeId/bookings: a booking made at the desk (201 its id and key; 409
 * NOT_AVAILABLE when the time was taken meanwhile; 400 naming the field; 429 too many).
 */
export const createDeskBooking = (officeId: number, body: DeskBookingBody) => staffApi.post<DeskBookingCreated>(`/offices/${officeId}/bookings`, body);

/** Saves the booking; the day and week views and the desk's times are read again, whether it was saved or its time was taken. */
export function useCreateDeskBooking(officeId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffKeys.days }),
      queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
      queryClient.invalidateQueries({ queryKey: deskKeys.allTimes }),
    ]);
  return useMutation({ mutationFn: (body: DeskBookingBody) => createDeskBooking(officeId, body), onSettled: refresh });
}
