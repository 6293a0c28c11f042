import './booking-detail.css';
import { Link, useLocation, useParams } from 'react-router';
import { BOOKING_CHANNEL_LABELS, staffPaths } from '@huolto/domain';
import { buttonClasses } from '@/components/ui/button.tsx';
import { useBooking } from '@/features/staff/api/get-booking.ts';
import { BackToDay } from '@/features/staff/components/booking/back-to-day.tsx';
import { BookingView } from '@/features/staff/components/booking/booking-view.tsx';
import { contentsChangeable } from '@/features/staff/components/contents/contents-model.ts';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { LoadError } from '@/features/staff/components/view-states.tsx';

/** /hallinta/varaus/:bookingId — one booking: its facts, history and messages, and what staff can do with it. */
export function BookingDetailPage() {
  const { bookingId: param } = useParams();
  const bookingId = Number(param);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  const booking = useBooking(bookingId, valid);
  const [announcement, setAnnouncement] = useAnnouncement();
  const status = (booking.error as { status?: number } | null)?.status;
  const notFound = !valid || status === 404 || status === 403;
  const data = booking.data;
  // Coming back from the contents page: what the change did.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  // A booking just made at the desk: the page says it was saved.
  const created = (useLocation().state as { created?: string } | null)?.created;
  const notice = announcement || saved || created;
  const changeable = !!data && contentsChangeable(data);

  return (
    <div className="staff-page booking-detail">
      {data && <BackToDay booking={data} />}
      {/* One heading for every state, so that it takes the focus once, when the page opens. */}
      <StaffPageTitle documentTitle="Varauksen tiedot">
        {data ? (
          <>
            Varaus {data.registerNumber} <span className="booking-detail__key">{data.bookingKey}</span>
          </>
        ) : notFound ? (
          'Varausta ei löytynyt'
        ) : (
          'Varaus'
        )}
      </StaffPageTitle>
      {/* What an action did, in sight (it stays at the top of the screen while the page scrolls) and read out. */}
      <p className={notice ? 'notice notice--success booking-detail__result' : 'booking-detail__result--empty'} role="status" aria-live="polite">
        {notice}
      </p>
      {data && changeable && (
        <p className="booking-detail__contents-link">
          <Link className={buttonClasses('secondary')} to={staffPaths.bookingContents(data.id)}>
            Muuta sisältöä
          </Link>
        </p>
      )}
      {data && (
        <p className="booking-detail__origin">
          <span>Kanava: {BOOKING_CHANNEL_LABELS[data.channel]}</span>
          {data.createdBy && <span>Tehnyt: {data.createdBy}</span>}
          <Link to={staffPaths.newBooking(data.office.id, { from: data.id })}>Varaa uudelleen</Link>
        </p>
      )}
      {notFound ? (
        <p>Varausta ei ole tai sinulla ei ole oikeutta sen toimipisteeseen.</p>
      ) : booking.isPending ? (
        <p className="staff-loading">Haetaan varausta…</p>
      ) : booking.isError ? (
        <LoadError error={booking.error} message={messageOf(booking.error)} onRetry={() => void booking.refetch()} />
      ) : (
        <BookingView booking={booking.data} announce={setAnnouncement} />
      )}
    </div>
  );
}
