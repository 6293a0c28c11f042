import './booking-facts.css';
import { Link } from 'react-router';
import { formatPhoneNumber, phoneHref, staffPaths, type StaffBookingDetail } from '@huolto/domain';
import { BookingSection } from './booking-section.tsx';

/** 'Asiakas ja auto': who booked, how to reach them, and the car with a way to its other bookings. */
export function CustomerFacts({ booking }: { booking: StaffBookingDetail }) {
  const { customer, vehicle } = booking;
  const customerName = `${customer.firstname} ${customer.lastname}`.trim();
  const address = [customer.address, [customer.postCode, customer.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return (
    <BookingSection title="Asiakas ja auto">
      <dl className="booking-detail__facts">
        <dt>Asiakas</dt>
        <dd>{customerName || '–'}</dd>
        <dt>Puhelin</dt>
        <dd>{customer.phone ? <a href={phoneHref(customer.phone)}>{formatPhoneNumber(customer.phone)}</a> : '–'}</dd>
        <dt>Sähköposti</dt>
        <dd>{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : '–'}</dd>
        {address && (
          <>
            <dt>Osoite</dt>
            <dd>{address}</dd>
          </>
        )}
        <dt>Auto</dt>
        <dd>
          <span className="plate">{vehicle.registerNumber}</span> {car}
          {vehicle.registerNumber && (
            <>
              {' '}
              <Link className="booking-detail__car-bookings" to={staffPaths.search(vehicle.registerNumber)}>
                Auton kaikki varaukset
              </Link>
            </>
          )}
        </dd>
        {vehicle.kilometers !== null && (
          <>
            <dt>Mittarilukema</dt>
            <dd>{`${new Intl.NumberFormat('fi-FI').format(vehicle.kilometers)} km`}</dd>
          </>
        )}
      </dl>
    </BookingSection>
  );
}
