import { Link, useParams } from 'react-router';
import { formatFinnishDateLong, staffPaths } from '@huolto/domain';
import { useBooking } from '@/features/staff/api/get-booking.ts';
import { timeRange } from '@/features/staff/components/booking/booking-times.ts';
import { ContentsForm } from '@/features/staff/components/contents/contents-form.tsx';
import { contentsChangeable } from '@/features/staff/components/contents/contents-model.ts';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/varaus/:bookingId/sisalto — what a booking holds, changed at the desk: its
 * services (a tire sale's tires), extra rows, kilometres, symptoms and customer. Only a confirmed booking still to come.
 */
export function BookingContentsPage() {
  const { bookingId: param } = useParams();
  const bookingId = Number(param);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  const booking = useBooking(bookingId, valid);
  const status = (booking.error as { status?: number } | null)?.status;
  const notFound = !valid || status === 404 || status === 403;
  const data = booking.data;
  const changeable = !!data && contentsChangeable(data);

  return (
    <div className="staff-page booking-contents">
      {valid && (
        <p className="booking-detail__back">
          <Link to={staffPaths.booking(bookingId)}>
            <span aria-hidden="true">← </span>
            Takaisin varaukseen
          </Link>
        </p>
      )}
      <StaffPageTitle documentTitle="Varauksen sisältö">
        {data ? `Muuta sisältöä: ${data.registerNumber}` : notFound ? 'Varausta ei löytynyt' : 'Varauksen sisältö'}
      </StaffPageTitle>
      {notFound ? (
        <p>Varausta ei ole tai sinulla ei ole oikeutta sen toimipisteeseen.</p>
      ) : booking.isPending ? (
        <p className="staff-loading">Haetaan varausta…</p>
      ) : booking.isError ? (
        <LoadError error={booking.error} message={messageOf(booking.error)} onRetry={() => void booking.refetch()} />
      ) : !changeable ? (
        <p className="notice notice--warning">Vain tulevan, vahvistetun varauksen sisältöä voi muuttaa.</p>
      ) : (
        <>
          <p className="booking-contents__when">
            {booking.data.start
              ? timeRange(booking.data.start, booking.data.end)
              : `Toivottu päivä ${formatFinnishDateLong(booking.data.leadDate ?? '')}`}{' '}
            · {booking.data.office.name}
            {booking.data.car && <> · {booking.data.car}</>}
          </p>
          <ContentsForm booking={booking.data} />
        </>
      )}
    </div>
  );
}
