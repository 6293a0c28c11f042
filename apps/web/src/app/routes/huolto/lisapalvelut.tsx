import type { Booking } from '@huolto/domain';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StepNav } from '../../../components/ui/step-nav.tsx';
import { BookingSummary, CartTotal } from '../../../features/booking/components/booking-summary.tsx';
import { bookingToSummary } from '../../../features/booking/summary.ts';
import { useProcess } from '../../process-context.tsx';
import { RequireBooking, hasServices } from '../require-booking.tsx';

/** '/huolto/lisapalvelut': extra services (their catalogue is another issue). */
export function LisapalvelutRoute() {
  return (
    <RequireBooking check={hasServices} otherwise="palvelut">
      {(booking) => <Lisapalvelut booking={booking} />}
    </RequireBooking>
  );
}

function Lisapalvelut({ booking }: { booking: Booking }) {
  const { process, goNext, goBack } = useProcess();
  return (
    <div className="page">
      <PageTitle documentTitle={`Lisäpalvelut – ${process.title}`}>Lisäpalvelut</PageTitle>
      <div className="columns">
        <div className="columns__main">
          <div className="card">
            <p>
              Tässä vaiheessa voit lisätä huoltoon lisäpalveluita ja tuotteita, kuten pyyhkijänsulat, polttimot ja
              renkaat.
            </p>
            <p className="muted">
              Lisäpalveluiden valikoima tulee tähän pian. Voit jatkaa suoraan ajan valintaan – voit myös kertoa
              toiveistasi lisätiedoissa ennen varauksen vahvistamista.
            </p>
          </div>
        </div>
        <aside className="columns__side">
          <BookingSummary summary={bookingToSummary(booking)} />
        </aside>
      </div>
      <StepNav onBack={goBack} onContinue={goNext} summary={<CartTotal total={booking.price.active_price} />} />
    </div>
  );
}
