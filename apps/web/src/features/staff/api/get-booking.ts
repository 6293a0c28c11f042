import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffBookingDetail } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/bookings/:bookingId: a booking's detail with its messages and history. */
export const getBooking = (bookingId: number) => staffApi.get<StaffBookingDetail>(`/bookings/${bookingId}`);

export const bookingQueryOptions = (bookingId: number, enabled = true) =>
  queryOptions({ queryKey: staffKeys.booking(bookingId), queryFn: () => getBooking(bookingId), enabled });

export const useBooking = (bookingId: number, enabled = true) => useQuery(bookingQueryOptions(bookingId, enabled));
