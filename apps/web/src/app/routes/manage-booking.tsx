import './manage-booking.css';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CANCEL_LIMIT_HOURS, formatFinnishDateLong, normalizeRegisterNumber, officeMapUrl, todayInHelsinki, type ManagedBooking } from '@huolto/domain';
import { PageTitle } from '@/components/ui/page-title.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { EmptyState, LoadingState } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { formatReservation } from '@/features/booking/summary.ts';
import { SummaryItemLine, SummaryTotal, SymptomLine } from '@/features/booking/components/booking-summary.tsx';
import { DropOffInstructions } from '@/features/booking/components/drop-off-instructions.tsx';
import type { BookingRef } from '@/features/manage-booking/api/manage-booking.ts';
import { useCancelBooking } from '@/features/manage-booking/api/cancel-booking.ts';
import { manageBookingKeys, useOpenBooking } from '@/features/manage-booking/api/open-booking.ts';
import { useSendEditRequest } from '@/features/manage-booking/api/send-edit-request.ts';
import { FeedbackForm } from '@/features/manage-booking/components/feedback-form.tsx';
import { MoveBooking } from '@/features/manage-booking/components/move-booking.tsx';
import { ResendConfirmationButton } from '@/features/manage-booking/components/resend-confirmation-button.tsx';
import { tooManyText } from '@/features/manage-booking/outcome.ts';
import { canMove, feedbackOpen } from '@/features/manage-booking/visit.ts';

type State =
  | { kind: 'ask' }
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed' }
  | { kind: 'open'; booking: ManagedBooking };

/**
 * '/oma-varaus?varaus=&rekisteri=' — the page the confirmation e-mail links to: the
 * customer sees the booking, moves it to another free time, asks for another change, gets
 * the confirmation e-mail again, cancels it (the time is freed at once) and, after the
 * visit, gives feedback. On a desktop the booking is on the left and the actions on the right.
 */
export function ManageBookingRoute() {
  const [params] = useSearchParams();
  const initial: BookingRef | null =
    params.get('varaus') && params.get('rekisteri')
      ? { bookingKey: params.get('varaus')!.trim(), registerNumber: normalizeRegisterNumber(params.get('rekisteri')!) }
      : null;
  const [ref, setRef] = useState<BookingRef | null>(initial);
  const queryClient = useQueryClient();
  const booking = useOpenBooking(ref);
  const state = pageState(ref, booking);

  /** Every search and every retry reads the booking anew and shows the loading state meanwhile. */
  const load = (r: BookingRef) => {
    void queryClient.resetQueries({ queryKey: manageBookingKeys.booking(r), exact: true });
    setRef(r);
  };

  return (
    <div className={`page manage-page${state.kind === 'open' ? ' manage-page--open' : ''}`}>
      <PageTitle documentTitle="Oma varaus">Oma varaus</PageTitle>
      {state.kind === 'ask' || state.kind === 'not-found' ? (
        <>
          {state.kind === 'not-found' && (
            <div className="notice notice--warning" role="alert">
              <p>Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.</p>
            </div>
          )}
          <FindBookingForm initial={ref} onFind={load} />
        </>
      ) : state.kind === 'loading' ? (
        <LoadingState text="Haetaan varausta…" />
      ) : state.kind === 'failed' ? (
        <EmptyState title="Varauksen hakeminen epäonnistui">
          <Button onClick={() => ref && load(ref)}>Yritä uudelleen</Button>
        </EmptyState>
      ) : (
        <BookingView booking={state.booking} bookingRef={ref!} />
      )}
    </div>
  );
}

/**
 * What the page shows. A failed read shows the failure even when an earlier answer is at
 * hand; a read again after a change keeps the booking (and the note about the change) in place.
 */
function pageState(ref: BookingRef | null, booking: ReturnType<typeof useOpenBooking>): State {
  if (!ref) return { kind: 'ask' };
  if (booking.isPending || (booking.isError && booking.isFetching)) return { kind: 'loading' };
  if (booking.isError) return { kind: 'failed' };
  const answer = booking.data;
  return answer.responseCode === 'SUCCESS' && 'booking' in answer ? { kind: 'open', booking: answer.booking } : { kind: 'not-found' };
}

function FindBookingForm({ initial, onFind }: { initial: BookingRef | null; onFind: (ref: BookingRef) => void }) {
  const id = useId();
  const [key, setKey] = useState(initial?.bookingKey ?? '');
  const [plate, setPlate] = useState(initial?.registerNumber ?? '');
  return (
    <form
      className="card form-stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (key.trim() && plate.trim()) onFind({ bookingKey: key.trim(), registerNumber: normalizeRegisterNumber(plate) });
      }}
    >
      <p>Löydät varaustunnuksen varausvahvistuksesta.</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-key`}>
          Varaustunnus
        </label>
        <input id={`${id}-key`} className="input" value={key} onChange={(e) => setKey(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-plate`}>
          Rekisterinumero
        </label>
        <input
          id={`${id}-plate`}
          className="input input--plate"
          value={plate}
          onChange={(e) => setPlate(normalizeRegisterNumber(e.target.value))}
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={!key.trim() || !plate.trim()}>
        Hae varaus
      </Button>
    </form>
  );
}

function BookingView({ booking, bookingRef }: { booking: ManagedBooking; bookingRef: BookingRef }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ level: 'success' | 'warning'; text: string } | null>(null);
  const [message, setMessage] = useState('');
  /** The last move's confirmation, shown where the customer moved the booking. */
  const [moved, setMoved] = useState<string | null>(null);
  const cancelMutation = useCancelBooking(bookingRef);
  const editRequest = useSendEditRequest(bookingRef);
  const busy = cancelMutation.isPending || editRequest.isPending;
  const reservation = booking.start ? formatReservation(booking.start, booking.end) : null;
  const cancelled = booking.status === 'CANCELLED';

  const cancel = () => {
    setConfirming(false);
    cancelMutation.mutate(undefined, {
      onSuccess: (answer) =>
        setNote(
          answer.responseCode === 'SUCCESS'
            ? { level: 'success', text: 'Varaus on peruttu. Lähetimme vahvistuksen sähköpostiisi.' }
            : { level: 'warning', text: 'Varausta ei voi enää perua verkossa. Soita toimipisteeseen.' },
        ),
      onError: () => setNote({ level: 'warning', text: 'Peruminen epäonnistui. Yritä hetken kuluttua uudelleen.' }),
    });
  };

  const askChange = () =>
    editRequest.mutate(message.trim(), {
      onSuccess: (answer) => {
        if (answer.responseCode === 'SUCCESS') {
          setMessage('');
          setNote({ level: 'success', text: 'Muutospyyntö on lähetetty. Toimipiste ottaa sinuun yhteyttä.' });
        } else setNote({ level: 'warning', text: 'Muutospyynnön lähettäminen epäonnistui.' });
      },
      onError: (error) => setNote({ level: 'warning', text: tooManyText(error) ?? 'Muutospyynnön lähettäminen epäonnistui.' }),
    });

  const movable = canMove(booking);
  const afterVisit = feedbackOpen(booking, todayInHelsinki());
  /** Still ahead (or today): it can be changed or cancelled, or the customer told why not. */
  const active = !cancelled && !afterVisit;

  return (
    <>
      {note && (
        <div className={`notice notice--${note.level}`} role="status">
          <p>{note.text}</p>
        </div>
      )}
      <div className="manage-layout">
        <div className="manage-layout__details">
          <section className="card summary" aria-label="Varauksen tiedot">
            <h2 className="summary__title">
              {cancelled ? 'Peruttu varaus' : 'Varauksesi'} <span className="booking-key">{booking.bookingKey}</span>
            </h2>
            <dl className="summary__details">
              <div>
                <dt>{booking.kind === 'LEAD' ? 'Toivottu päivä' : 'Aika'}</dt>
                <dd className="manage-time">
                  {reservation ? (
                    <time dateTime={booking.start ?? undefined}>{reservation.text}</time>
                  ) : booking.leadDate ? (
                    <time dateTime={booking.leadDate}>{formatFinnishDateLong(booking.leadDate)}</time>
                  ) : (
                    '–'
                  )}
                </dd>
              </div>
              <div>
                <dt>Auto</dt>
                <dd>
                  <span className="plate">{booking.registerNumber}</span> {booking.vehicle}
                </dd>
              </div>
              <div>
                <dt>Toimipiste</dt>
                <dd>
                  {booking.office.name}
                  <br />
                  <a href={officeMapUrl(booking.office)}>
                    {booking.office.address}, {booking.office.post_code} {booking.office.post_office}
                  </a>
                  {booking.office.phone && (
                    <>
                      <br />
                      <a href={`tel:${booking.office.phone.replace(/\s/g, '')}`}>{booking.office.phone}</a>
                    </>
                  )}
                </dd>
              </div>
            </dl>
            {(booking.items.length > 0 || booking.symptoms.length > 0) && (
              <ul className="summary__items">
                {booking.items.map((item, i) => (
                  <SummaryItemLine key={i} item={item} />
                ))}
                {booking.symptoms.map((description, i) => (
                  <SymptomLine key={`s${i}`} description={description} />
                ))}
              </ul>
            )}
            <SummaryTotal total={booking.total} display={booking.totalDisplay} />
          </section>
          {!cancelled && (
            <DropOffInstructions option={booking.deliveryOption} lead={booking.kind === 'LEAD'} start={booking.start} office={booking.office} />
          )}
          {!cancelled && <ResendConfirmationButton bookingRef={bookingRef} />}
        </div>

        <div className="manage-layout__actions">
          {moved && !cancelled && (
            <div className="notice notice--success" role="status">
              <p>{moved}</p>
            </div>
          )}
          {active && movable && <MoveBooking booking={booking} bookingRef={bookingRef} onMoved={setMoved} />}
          {active && (
            <section className="card form-stack" aria-labelledby={`${id}-change`}>
              <h2 className="card__title" id={`${id}-change`}>
                {movable ? 'Muu muutostoive' : 'Pyydä muutosta'}
              </h2>
              <div className="field">
                <label className="field__label" htmlFor={`${id}-message`}>
                  Mitä haluaisit muuttaa?
                </label>
                <textarea
                  id={`${id}-message`}
                  className="input textarea manage-message"
                  maxLength={1000}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              </div>
              <Button variant="secondary" disabled={busy || message.trim() === ''} onClick={askChange}>
                Lähetä muutospyyntö
              </Button>
            </section>
          )}
          {active && (
            <section className="manage-cancel" aria-labelledby={`${id}-cancel`}>
              <h2 className="manage-cancel__title" id={`${id}-cancel`}>
                Varauksen peruminen
              </h2>
              {booking.cancellable ? (
                <>
                  <p className="muted">
                    {booking.kind === 'LEAD'
                      ? 'Jos et tarvitse aikaa, voit perua palvelupyynnön.'
                      : `Voit perua varauksen verkossa viimeistään ${CANCEL_LIMIT_HOURS} tuntia ennen varattua aikaa. Aika vapautuu heti muiden varattavaksi.`}
                  </p>
                  <Button variant="secondary" className="manage-cancel__button" disabled={busy} onClick={() => setConfirming(true)}>
                    Peru varaus
                  </Button>
                </>
              ) : (
                <p className="muted">Varausta ei voi enää perua tai siirtää verkossa. Soita toimipisteeseen.</p>
              )}
            </section>
          )}
          {afterVisit ? (
            <FeedbackForm bookingKey={booking.bookingKey} />
          ) : (
            active && <p className="muted manage-feedback-note">Voit antaa palautetta käyntisi jälkeen tällä sivulla.</p>
          )}
          <p>
            <ButtonLink variant="ghost" to={paths.landing}>
              Tee uusi varaus
            </ButtonLink>
          </p>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Perutaanko varaus?"
        confirmLabel="Peru varaus"
        cancelLabel="Älä peru"
        destructive
        onConfirm={cancel}
        onCancel={() => setConfirming(false)}
      >
        <p>Aika vapautuu heti muiden varattavaksi.</p>
      </ConfirmDialog>
    </>
  );
}
