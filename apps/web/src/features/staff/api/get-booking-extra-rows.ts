import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskExtraRow } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * GET /staff/bookings/:bookingId/extra-rows: the extra items a booking may hold (the
 * extra-order-items catalogue) with their prices and the booking's amount of each.
 */
export const getBookingExtraRows = (bookingId: number) => staffApi.get<DeskExtraRow[]>(`/bookings/${bookingId}/extra-rows`);

/** Under the booking's key, so that a change of the booking reads them again. */
export const bookingExtraRowsQueryOptions = (bookingId: number) =>
  queryOptions({ queryKey: [...staffKeys.booking(bookingId), 'extra-rows'] as const, queryFn: () => getBookingExtraRows(bookingId) });

export const useBookingExtraRows = (bookingId: number) => useQuery(bookingExtraRowsQueryOptions(bookingId));
