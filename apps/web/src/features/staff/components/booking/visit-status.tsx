import './booking-actions.css';
import { useId, useState } from 'react';
import { VISIT_STATUS_LABELS, VISIT_STATUS_TOO_EARLY, formatFinnishDate, todayInHelsinki, visitStatusAllowed, type StaffBookingDetail, type VisitStatus } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { useSetVisitStatus } from '@/features/staff/api/set-visit-status.ts';
import { BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { ProblemNotice } from '@/features/staff/components/problem-notice.tsx';
import { helsinkiDateTime } from '@/features/staff/format.ts';
import { messageOf } from '@/lib/form-errors.ts';

const STATUS_ACTIONS: { status: VisitStatus; label: string }[] = [
  { status: 'ARRIVED', label: 'Merkitse saapuneeksi' },
  { status: 'DONE', label: 'Merkitse valmiiksi' },
  { status: 'NO_SHOW', label: 'Merkitse ei saapuneeksi' },
];

/**
 * 'Käynnin tila': the visit's status now, and buttons to mark what follows it, from the
 * visit's day on (domain visitStatusAllowed); a mark can always be cleared.
 */
export function VisitStatusCard({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const [error, setError] = useState<string | null>(null);
  const visitDate = booking.start ? (helsinkiDateTime(booking.start)?.date ?? null) : booking.leadDate;
  const allowed = visitStatusAllowed(visitDate, todayInHelsinki());
  const mark = useSetVisitStatus(booking.id);
  const setStatus = (status: VisitStatus | null) =>
    mark.mutate(status, {
      onSuccess: () => {
        setError(null);
        announce(status ? `Merkitty: ${VISIT_STATUS_LABELS[status]}` : 'Merkintä poistettu');
      },
      onError: (err) => setError(messageOf(err)),
    });
  return (
    <section className="card booking-detail__action booking-detail__visit-card" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Käynnin tila
      </h2>
      <p className="booking-detail__visit">
        Nyt:{' '}
        {booking.visitStatus ? <BookingStateBadge booking={booking} /> : <span className="booking-detail__visit-none">ei merkintää</span>}
      </p>
      {!allowed && (
        <p className="muted booking-detail__visit-reason">
          {VISIT_STATUS_TOO_EARLY}
          {visitDate ? ` (${formatFinnishDate(visitDate, true)}).` : '.'}
        </p>
      )}
      <div className="booking-detail__buttons">
        {allowed &&
          STATUS_ACTIONS.filter((a) => a.status !== booking.visitStatus).map((a) => (
            <Button key={a.status} variant="secondary" disabled={mark.isPending} onClick={() => setStatus(a.status)}>
              {a.label}
            </Button>
          ))}
        {booking.visitStatus && (
          <Button variant="ghost" disabled={mark.isPending} onClick={() => setStatus(null)}>
            Poista merkintä
          </Button>
        )}
      </div>
      <ProblemNotice message={error} />
    </section>
  );
}
