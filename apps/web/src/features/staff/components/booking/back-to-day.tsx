import './booking-view.css';
import { Link } from 'react-router';
import { formatFinnishDate, staffPaths, type StaffBookingDetail } from '@huolto/domain';
import { dayOf } from './booking-times.ts';

/** The way back to the booking's day at its office. */
export function BackToDay({ booking }: { booking: StaffBookingDetail }) {
  const date = dayOf(booking);
  return (
    <p className="booking-detail__back">
      <Link to={staffPaths.day(booking.office.id, date)}>
        <span aria-hidden="true">← </span>
        Päivänäkymä: {booking.office.name}, {formatFinnishDate(date, true)}
      </Link>
    </p>
  );
}
