import './booking-facts.css';
import { DELIVERY_STAFF_LABELS, type StaffBookingDetail } from '@huolto/domain';
import { BookingSection } from './booking-section.tsx';

/** 'Asiakkaan tiedot käynnistä': what the customer told about the visit when booking. */
export function VisitFacts({ booking }: { booking: StaffBookingDetail }) {
  return (
    <BookingSection title="Asiakkaan tiedot käynnistä">
      <dl className="booking-detail__facts">
        <dt>Oireet</dt>
        <dd>
          {booking.symptoms.length === 0 ? (
            '–'
          ) : (
            <ul className="booking-detail__symptoms">
              {booking.symptoms.map((s, i) => (
                <li key={i}>{s}</li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Asiakkaan viesti</dt>
        <dd className="booking-detail__message">{booking.customerNotes || '–'}</dd>
        <dt>Auton tuonti</dt>
        <dd>{booking.deliveryOption ? DELIVERY_STAFF_LABELS[booking.deliveryOption] : '–'}</dd>
        <dt>Avainautomaatti</dt>
        <dd>{booking.usingKeyLocker ? 'Kyllä' : 'Ei'}</dd>
        <dt>Kampanjakoodi</dt>
        <dd>{booking.campaignCode || '–'}</dd>
      </dl>
    </BookingSection>
  );
}
