import type { StaffBookingDetail } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/bookings/:bookingId/notes: an internal note, seen by staff only. Answers the booking's detail as it now is. */
export const addNote = (bookingId: number, text: string) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/notes`, { text });
