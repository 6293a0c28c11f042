import { Link } from 'react-router';
import { formatPhoneNumber, staffPaths, type StaffBookingSummary, type StaffDay } from '@huolto/domain';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { clock, clockRange, datePart, finnishDate } from '@/features/staff/format.ts';
import { ChannelBadge } from './channel-badge.tsx';

/** Bookings without a place on the grid, under a heading: leads (a wished day) or those without a resource. */
export function BookingList({
  id,
  title,
  bookings,
  withTime,
}: {
  id: string;
  title: string;
  bookings: StaffBookingSummary[];
  withTime?: boolean;
}) {
  return (
    <section className="staff-day__leads" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul>
        {bookings.map((b) => (
          <li key={b.id}>
            <BookingLink booking={b} withTime={withTime} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A booking as one line of a list (leads and others without a place on the grid). */
function BookingLink({ booking, withTime }: { booking: StaffBookingSummary; withTime?: boolean }) {
  const cancelled = booking.status === 'CANCELLED';
  return (
    <Link className={cancelled ? 'staff-day__lead staff-day__lead--cancelled' : 'staff-day__lead'} to={staffPaths.booking(booking.id)}>
      {withTime && booking.start && booking.end && <span>{clockRange(booking.start, booking.end)} </span>}
      <strong>{booking.registerNumber}</strong> {booking.customerName}, {formatPhoneNumber(booking.customerPhone)} – {booking.summary}{' '}
      <BookingStateBadge booking={booking} /> <ChannelBadge booking={booking} /> <AbsenceWarning booking={booking} />
    </Link>
  );
}

/** The day's absences by resource, with their times and reasons. */
export function AbsenceList({ day }: { day: StaffDay }) {
  const names = new Map(day.resources.map((r) => [r.id, r.name]));
  return (
    <div className="staff-day__absences">
      <h2>Poissaolot</h2>
      <ul>
        {day.absences.map((a) => (
          <li key={a.id}>
            {names.get(a.resourceId) ?? 'Resurssi'}: {absenceTime(a.start, a.end, day.date)}
            {a.reason && <> – {a.reason}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'klo 8.00–12.00', or with dates when the absence runs over several days. */
function absenceTime(start: string, end: string, date: string): string {
  if (datePart(start) === date && datePart(end) === date) return `klo ${clockRange(start, end)}`;
  return `${finnishDate(datePart(start))} klo ${clock(start)} – ${finnishDate(datePart(end))} klo ${clock(end)}`;
}
