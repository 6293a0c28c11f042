import type { StaffBookingDetail } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/bookings/:bookingId/cancel: cancels with a reason; the customer is told. Answers the booking's detail as it now is. */
export const cancelBooking = (bookingId: number, reason: string) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/cancel`, { reason });
