import './booking-messages.css';
import { BOOKING_MESSAGE_LABELS, type StaffBookingDetail } from '@huolto/domain';
import { BookingSection } from './booking-section.tsx';
import { formatWhen } from './booking-times.ts';

/** 'Viestit': what was sent about the booking, and whether it has gone ("did the customer get the reminder?"). */
export function BookingMessages({ booking }: { booking: StaffBookingDetail }) {
  return (
    <BookingSection title="Viestit">
      {booking.messages.length === 0 ? (
        <p className="muted">Varauksesta ei ole lähetetty viestejä.</p>
      ) : (
        <ol className="booking-detail__messages">
          {booking.messages.map((m) => (
            <li key={m.id} className={`booking-detail__message-row booking-detail__message-row--${m.status.toLowerCase()}`}>
              <strong>{BOOKING_MESSAGE_LABELS[m.kind]}</strong>{' '}
              <span className="muted">
                · {m.channel === 'SMS' ? 'tekstiviesti' : 'sähköposti'} {m.recipient}
              </span>
              <br />
              {m.status === 'SENT' && m.sentAt ? (
                <>
                  Lähetetty <time dateTime={m.sentAt}>{formatWhen(m.sentAt)}</time>
                </>
              ) : m.status === 'FAILED' ? (
                <span className="booking-detail__message-failed">Lähetys epäonnistui</span>
              ) : (
                <>
                  Odottaa lähetystä (jonossa <time dateTime={m.createdAt}>{formatWhen(m.createdAt)}</time> alkaen)
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </BookingSection>
  );
}
