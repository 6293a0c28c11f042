/** The back-office's search for bookings over the offices a staff member runs. */
import { STAFF_SEARCH_LIMIT, normalizePhoneNumber, todayInHelsinki, type StaffSearch } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { findBookingOrganization, type BookingOrganization } from '../manage/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { addedRowsByBooking, summaryOf } from './listing.ts';
import { findMatchingBookings, findStaffOffices, type BookingSearchTerms } from './repository.ts';

/**
 * What a staff member's search text can mean: a register number's beginning (letters and
 * digits, spaces and hyphens ignored), a booking key, a phone number (5 or more digits,
 * +358 as 0), or a part of the customer's name or e-mail (3 or more characters, a letter
 * among them).
 */
export function searchTermsOf(text: string): BookingSearchTerms {
  const q = text.trim();
  const upper = q.toUpperCase();
  const compact = upper.replace(/[\s-]/g, '');
  const phoneLike = /^[+\d\s()-]+$/.test(q) ? normalizePhoneNumber(q) : '';
  return {
    plate: /^[A-ZÅÄÖ0-9]{2,}$/.test(compact) ? compact : null,
    bookingKey: /^[A-Z0-9]{6,20}$/.test(upper) ? upper : null,
    phoneDigits: phoneLike.length >= 5 ? phoneLike : null,
    namePattern: q.length >= 3 && /\p{L}/u.test(q) ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
  };
}

/**
 * The bookings of the staff member's offices a search text finds, upcoming first (soonest
 * first), then past ones (latest first); at most STAFF_SEARCH_LIMIT, `more` when others match.
 */
export async function searchStaffBookings(db: Db, staff: StaffPrincipal, text: string, now = new Date()): Promise<StaffSearch> {
  const found = await findMatchingBookings(
    db,
    staff.officeIds,
    searchTermsOf(text),
    { instant: now, date: todayInHelsinki(now) },
    STAFF_SEARCH_LIMIT + 1,
  );
  const listed = found.slice(0, STAFF_SEARCH_LIMIT);
  const officeIds = [...new Set(listed.map((l) => l.row.organization_id))];
  const offices = new Map((await findStaffOffices(db, officeIds)).map((o) => [o.id, o]));
  const organizations = new Map<number, BookingOrganization>();
  for (const id of officeIds) organizations.set(id, await findBookingOrganization(db, id));
  const added = await addedRowsByBooking(db, listed);
  return {
    results: listed.map((l) => {
      const officeId = l.row.organization_id;
      return {
        ...summaryOf(l, organizations.get(officeId)!, added.get(String(l.row.id)) ?? [], now),
        office: { id: officeId, name: offices.get(officeId)?.name ?? '' },
      };
    }),
    more: found.length > STAFF_SEARCH_LIMIT,
  };
}
