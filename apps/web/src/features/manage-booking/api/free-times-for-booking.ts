import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { addDays } from '@huolto/domain';
import { freeTimesForBooking, type BookingRef } from './manage-booking.ts';

export const freeTimesForBookingKeys = {
  all: (ref: BookingRef) => ['free-times-for-booking', ref.bookingKey, ref.registerNumber] as const,
  week: (ref: BookingRef, monday: string) => ['free-times-for-booking', ref.bookingKey, ref.registerNumber, monday] as const,
};

/**
 * The free times of the booking's office for moving it, one week (Monday to Sunday) at a
 * time. Read again whenever the week is shown anew, never kept once the page is left: the
 * times change as others book. The previous week stays on screen while the next one loads.
 */
export const freeTimesForBookingQueryOptions = (ref: BookingRef, monday: string, enabled: boolean) =>
  queryOptions({
    queryKey: freeTimesForBookingKeys.week(ref, monday),
    queryFn: () => freeTimesForBooking(ref, { start: monday, end: addDays(monday, 6) }),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });

export function useFreeTimesForBooking(ref: BookingRef, monday: string, enabled: boolean) {
  return useQuery(freeTimesForBookingQueryOptions(ref, monday, enabled));
}
