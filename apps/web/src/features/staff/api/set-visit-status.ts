import type { StaffBookingDetail, VisitStatus } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';

/** POST /staff/bookings/:bookingId/status: the visit's status, or none. Answers the booking's detail as it now is. */
export const setVisitStatus = (bookingId: number, visitStatus: VisitStatus | null) => staffApi.post<StaffBookingDetail>(`/bookings/${bookingId}/status`, { visitStatus });
