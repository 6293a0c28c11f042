import type { StaffBookingDetail, StaffMoveBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/bookings/:bookingId/move: another start and resource on the office's grid. Answers the booking's detail as it now is. */
export const moveBooking = (bookingId: number, body: StaffMoveBody) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/move`, body);
