import './booking-state.css';
import type { StaffBookingSummary } from '@huolto/domain';
import { bookingState, bookingStateLabel } from '@/features/staff/format.ts';

/** The booking's state as a badge (Saapunut, Valmis, Ei saapunut, Peruttu); nothing while just booked. */
export function BookingStateBadge({ booking }: { booking: Pick<StaffBookingSummary, 'status' | 'visitStatus'> }) {
  const label = bookingStateLabel(booking);
  if (!label) return null;
  return <span className={`staff-badge staff-badge--${bookingState(booking).toLowerCase()}`}>{label}</span>;
}

/** The visible warning of a booking that lies in an absence of its resource. */
export function AbsenceWarning({ booking }: { booking: Pick<StaffBookingSummary, 'inAbsence' | 'status'> }) {
  if (!booking.inAbsence || booking.status === 'CANCELLED') return null;
  return (
    <span className="staff-warning">
      <span aria-hidden="true">⚠ </span>Poissaolon aikana
    </span>
  );
}
