import type { QueryClient } from '@tanstack/react-query';
import type { StaffBookingDetail } from '@huolto/domain';
import { staffKeys } from './keys.ts';

function isDetail(value: unknown, bookingId: number): value is StaffBookingDetail {
  const v = value as Partial<StaffBookingDetail> | null;
  return typeof v === 'object' && v !== null && v.id === bookingId && Array.isArray(v.events) && Array.isArray(v.items);
}

/**
 * After a change to a booking (moved, cancelled, its visit status, a note): the booking as
 * the call answered it (read again when the answer is not its detail), and every day and week
 * view read again, since a move may change two days. Resolves once they are read, so that the
 * caller's own reaction (its message) comes after the page shows the change.
 */
export async function bookingChanged(queryClient: QueryClient, bookingId: number, answer: unknown): Promise<void> {
  const answered = isDetail(answer, bookingId);
  if (answered) queryClient.setQueryData(staffKeys.booking(bookingId), answer);
  await Promise.all([
    answered ? Promise.resolve() : queryClient.invalidateQueries({ queryKey: staffKeys.booking(bookingId) }),
    queryClient.invalidateQueries({ queryKey: staffKeys.days }),
    queryClient.invalidateQueries({ queryKey: staffKeys.weeks }),
  ]);
}
