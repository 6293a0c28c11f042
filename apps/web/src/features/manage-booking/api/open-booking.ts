import { queryOptions, useQuery } from '@tanstack/react-query';
import { openBooking, type BookingRef } from './manage-booking.ts';

/**
 * Query keys of the booking's own page. Keyed by booking key and plate, not by the
 * process token: the page is opened from the e-mail's link, outside a booking process.
 */
export const manageBookingKeys = {
  all: ['open-booking'] as const,
  booking: (ref: BookingRef | null) => ['open-booking', ref?.bookingKey ?? null, ref?.registerNumber ?? null] as const,
};

/**
 * The saved booking as its owner sees it (POST /open-booking). One try, no refresh on
 * focus or reconnect, and nothing kept once the page is left: the page shows what the
 * server answered when it was opened, after each change made on it, or on 'Yritä uudelleen'.
 */
export const openBookingQueryOptions = (ref: BookingRef | null) =>
  queryOptions({
    queryKey: manageBookingKeys.booking(ref),
    queryFn: () => openBooking(ref!),
    enabled: ref !== null,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    gcTime: 0,
  });

export function useOpenBooking(ref: BookingRef | null) {
  return useQuery(openBookingQueryOptions(ref));
}
