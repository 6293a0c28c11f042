import './booking-facts.css';
import { formatEuros, type StaffBookingDetail } from '@huolto/domain';
import { BookingSection } from './booking-section.tsx';

/** 'Palvelut ja tuotteet': the booked lines with their quantities and prices, and the total. */
export function BookingItems({ booking }: { booking: StaffBookingDetail }) {
  return (
    <BookingSection title="Palvelut ja tuotteet">
      {booking.items.length === 0 ? (
        <p className="muted">Ei palveluja eikä tuotteita.</p>
      ) : (
        <table className="booking-detail__items">
          <thead>
            <tr>
              <th scope="col">Palvelu tai tuote</th>
              <th scope="col" className="booking-detail__num">
                Määrä
              </th>
              <th scope="col" className="booking-detail__num">
                Hinta
              </th>
            </tr>
          </thead>
          <tbody>
            {booking.items.map((item, i) => (
              <tr key={`${item.name}-${i}`}>
                <td>{item.name}</td>
                <td className="booking-detail__num">{new Intl.NumberFormat('fi-FI').format(item.quantity)}</td>
                <td className="booking-detail__num">{formatEuros(item.priceCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Yhteensä
              </th>
              <td className="booking-detail__num booking-detail__total">{formatEuros(booking.totalCents)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </BookingSection>
  );
}
