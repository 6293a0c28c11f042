import './booking-view.css';
import { VISIT_STATUS_LABELS, formatFinnishDateLong, type StaffBookingDetail } from '@huolto/domain';
import { useDay } from '@/features/staff/api/get-day.ts';
import { BookingHistory } from './booking-history.tsx';
import { BookingItems } from './booking-items.tsx';
import { BookingMessages } from './booking-messages.tsx';
import { dayOf, timeRange } from './booking-times.ts';
import { CancelForm } from './cancel-form.tsx';
import { CustomerFacts } from './customer-facts.tsx';
import { MoveForm } from './move-form.tsx';
import { NoteForm } from './note-form.tsx';
import { VisitFacts } from './visit-facts.tsx';
import { VisitStatusCard } from './visit-status.tsx';

/**
 * A booking as the back-office sees it: its state and time, the visit's status, then its
 * facts, history and messages beside the actions (move, cancel, note). The booking's day is
 * read for the names of its resources.
 */
export function BookingView({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const dayDate = dayOf(booking);
  const cancelled = booking.status === 'CANCELLED';
  const day = useDay(booking.office.id, dayDate);
  const resources = day.data?.resources ?? [];
  const resourceName = (id: number) => resources.find((r) => r.id === id)?.name ?? `Resurssi ${id}`;

  return (
    <>
      <div className="booking-detail__status">
        <span className={`badge booking-detail__badge${cancelled ? ' booking-detail__badge--cancelled' : ''}`}>{cancelled ? 'Peruttu' : 'Vahvistettu'}</span>
        {booking.visitStatus && <span className="badge booking-detail__badge">{VISIT_STATUS_LABELS[booking.visitStatus]}</span>}
        {booking.inAbsence && <span className="badge booking-detail__badge booking-detail__badge--warning">Poissaolon aikana</span>}
      </div>
      <p className="booking-detail__when">
        {booking.start ? (
          <>
            <time dateTime={booking.start}>{timeRange(booking.start, booking.end)}</time>
            {booking.resourceIds.length > 0 && <>, {booking.resourceIds.map(resourceName).join(', ')}</>}
          </>
        ) : booking.leadDate ? (
          <>Toivottu päivä {formatFinnishDateLong(booking.leadDate)} (ei kellonaikaa)</>
        ) : null}
        <span className="muted"> · {booking.office.name}</span>
      </p>
      {/* The visit's status first: at the front desk it is what the morning needs. */}
      {!cancelled && <VisitStatusCard booking={booking} announce={announce} />}

      <div className="booking-detail__columns">
        <div className="booking-detail__main">
          <CustomerFacts booking={booking} />
          <BookingItems booking={booking} />
          <VisitFacts booking={booking} />
          <BookingHistory booking={booking} resourceName={resourceName} />
          <BookingMessages booking={booking} />
        </div>
        <div className="booking-detail__side">
          {!cancelled && booking.start && <MoveForm booking={booking} initialDate={dayDate} announce={announce} />}
          {!cancelled && <CancelForm booking={booking} announce={announce} />}
          <NoteForm booking={booking} announce={announce} />
        </div>
      </div>
    </>
  );
}
