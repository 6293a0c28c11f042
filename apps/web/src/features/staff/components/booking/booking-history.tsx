import './booking-history.css';
import { BOOKING_EVENT_LABELS, VISIT_STATUS_LABELS, type BookingEvent, type StaffBookingDetail, type VisitStatus } from '@huolto/domain';
import { BookingSection } from './booking-section.tsx';
import { formatWhen, timeRange } from './booking-times.ts';

function actorOf(event: BookingEvent): string {
  if (event.actor === 'CUSTOMER') return 'Asiakas';
  if (event.actor === 'SYSTEM') return 'Järjestelmä';
  return event.staffName ?? 'Henkilökunta';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** What an event changed, in one line: the old and new time, the new status, the reason or the note. */
function eventDetail(event: BookingEvent, resourceName: (id: number) => string): string | null {
  const before = event.before ?? {};
  const after = event.after ?? {};
  switch (event.action) {
    case 'MOVED': {
      const place = (side: Record<string, unknown>) => {
        const ids = Array.isArray(side.resourceIds) ? (side.resourceIds as unknown[]) : typeof side.resourceId === 'number' ? [side.resourceId] : [];
        const names = ids.filter((v): v is number => typeof v === 'number').map(resourceName);
        const when = text(side.start) ? timeRange(text(side.start), text(side.end)) : '';
        return [when, names.join(', ')].filter(Boolean).join(', ');
      };
      const from = place(before);
      const to = place(after);
      return from || to ? `${from || '–'} → ${to || '–'}` : event.note;
    }
    case 'STATUS': {
      const status = after.visitStatus;
      return typeof status === 'string' && status in VISIT_STATUS_LABELS ? VISIT_STATUS_LABELS[status as VisitStatus] : 'Merkintä poistettu';
    }
    case 'CANCELLED':
      return event.note ? `Syy: ${event.note}` : null;
    default:
      return event.note;
  }
}

/** 'Historia': what has happened to the booking, who did it and when. */
export function BookingHistory({ booking, resourceName }: { booking: StaffBookingDetail; resourceName: (id: number) => string }) {
  return (
    <BookingSection title="Historia">
      {booking.events.length === 0 ? (
        <p className="muted">Varaus tehty {formatWhen(booking.createdAt)}.</p>
      ) : (
        <ol className="booking-detail__history">
          {booking.events.map((event) => {
            const detail = eventDetail(event, resourceName);
            return (
              <li key={event.id} className={`booking-detail__event booking-detail__event--${event.action.toLowerCase()}`}>
                <p className="booking-detail__event-head">
                  <strong>{BOOKING_EVENT_LABELS[event.action]}</strong>
                  <span className="muted">
                    {' '}
                    <time dateTime={event.at}>{formatWhen(event.at)}</time> · {actorOf(event)}
                  </span>
                </p>
                {detail && <p className="booking-detail__event-detail">{detail}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </BookingSection>
  );
}
