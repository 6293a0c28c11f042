/**
 * The back-office's own reads and the sign-in: the user's offices, an office's day and week,
 * the booking search.
 * Typed with the domain's contract (packages/domain/src/staff.ts).
 */
import type { StaffBookingDetail, StaffDay, StaffLoginBody, StaffMe, StaffOffice, StaffSearch, StaffWeek } from '@huolto/domain';
import { staffFetch } from './client.ts';

export const staffKeys = {
  offices: ['staff', 'offices'] as const,
  day: (officeId: number, date: string) => ['staff', 'day', officeId, date] as const,
  week: (officeId: number, date: string) => ['staff', 'week', officeId, date] as const,
  booking: (bookingId: number) => ['staff', 'booking', bookingId] as const,
  search: (q: string) => ['staff', 'search', q] as const,
};

export function login(body: StaffLoginBody): Promise<StaffMe> {
  return staffFetch<StaffMe>('POST', '/login', body);
}

export function fetchMyOffices(): Promise<StaffOffice[]> {
  return staffFetch<StaffOffice[]>('GET', '/offices');
}

export function fetchOfficeDay(officeId: number, date: string): Promise<StaffDay> {
  return staffFetch<StaffDay>('GET', `/offices/${officeId}/day`, undefined, { date });
}

/** The week (Monday–Sunday) that holds `date`. */
export function fetchOfficeWeek(officeId: number, date: string): Promise<StaffWeek> {
  return staffFetch<StaffWeek>('GET', `/offices/${officeId}/week`, undefined, { date });
}

export function fetchBookingDetail(bookingId: number): Promise<StaffBookingDetail> {
  return staffFetch<StaffBookingDetail>('GET', `/bookings/${bookingId}`);
}

/**
 * Bookings by register number (or its beginning), booking key, phone number or a part of the
 * customer's name: upcoming first, then past ones; at most STAFF_SEARCH_LIMIT, `more` when
 * there were others.
 */
export function searchBookings(q: string): Promise<StaffSearch> {
  return staffFetch<StaffSearch>('GET', '/bookings', undefined, { q });
}
