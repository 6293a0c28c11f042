import { Link } from 'react-router';
import { formatFinnishDate, formatFinnishTime, staffPaths, type FutureBooking } from '@huolto/domain';

/** 'ma 24.11.2026 8.00' of a Helsinki wall-clock time. */
function when(start: string): string {
  return `${formatFinnishDate(start.slice(0, 10), true)} ${formatFinnishTime(start.slice(11, 16))}`;
}

/**
 * Bookings to come, each a link to its page (where it is moved or cancelled): its time,
 * the car's register number and the resource's name when known.
 */
export function FutureBookingList({ bookings, resourceName }: { bookings: FutureBooking[]; resourceName?: (id: number) => string | undefined }) {
  return (
    <ul className="future-bookings">
      {bookings.map((b) => {
        const resource = b.resourceId === null ? undefined : resourceName?.(b.resourceId);
        return (
          <li key={b.id}>
            <Link to={staffPaths.booking(b.id)}>
              {when(b.start)} {b.registerNumber}
            </Link>
            {resource && <span className="muted"> – {resource}</span>}
          </li>
        );
      })}
    </ul>
  );
}
