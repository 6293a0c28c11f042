import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatEuros, formatFinnishDateLong, normalizeRegisterNumber } from '@huolto/domain';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { EmptyState, LoadingState } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { formatReservation } from '../../features/booking/summary.ts';
import {
  cancelBooking,
  openBooking,
  sendEditRequest,
  type BookingRef,
  type OpenedBooking,
} from '../../features/manage-booking/api/manage-booking.ts';
import { FeedbackForm } from '../../features/manage-booking/components/feedback-form.tsx';
import { ResendConfirmationButton } from '../../features/manage-booking/components/resend-confirmation-button.tsx';

type State =
  | { kind: 'ask' }
  | { kind: 'loading' }
  | { kind: 'not-found' }
  | { kind: 'failed' }
  | { kind: 'open'; booking: OpenedBooking };

/**
 * '/oma-varaus?varaus=&rekisteri=' — the page the confirmation e-mail links to: the
 * customer sees the booking, cancels it (the time is freed at once), asks for a change,
 * gets the confirmation e-mail again or gives feedback.
 */
export function ManageBookingRoute() {
  const [params] = useSearchParams();
  const initial: BookingRef | null =
    params.get('varaus') && params.get('rekisteri')
      ? { bookingKey: params.get('varaus')!.trim(), registerNumber: normalizeRegisterNumber(params.get('rekisteri')!) }
      : null;
  const [ref, setRef] = useState<BookingRef | null>(initial);
  const [state, setState] = useState<State>(initial ? { kind: 'loading' } : { kind: 'ask' });

  /** Loads the booking; a refresh after a change keeps the page (and its note) in place. */
  const load = async (r: BookingRef, refresh = false) => {
    if (!refresh) setState({ kind: 'loading' });
    try {
      const answer = await openBooking(r);
      if (answer.responseCode === 'SUCCESS' && 'booking' in answer) setState({ kind: 'open', booking: answer.booking });
      else setState({ kind: 'not-found' });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  useEffect(() => {
    if (ref) void load(ref);
  }, [ref]);

  return (
    <div className="page page--narrow">
      <PageTitle documentTitle="Oma varaus">Oma varaus</PageTitle>
      {state.kind === 'ask' || state.kind === 'not-found' ? (
        <>
          {state.kind === 'not-found' && (
            <div className="notice notice--warning" role="alert">
              <p>Varausta ei löytynyt. Tarkista varaustunnus ja rekisterinumero.</p>
            </div>
          )}
          <FindBookingForm initial={ref} onFind={(r) => setRef({ ...r })} />
        </>
      ) : state.kind === 'loading' ? (
        <LoadingState text="Haetaan varausta…" />
      ) : state.kind === 'failed' ? (
        <EmptyState title="Varauksen hakeminen epäonnistui">
          <Button onClick={() => ref && void load(ref)}>Yritä uudelleen</Button>
        </EmptyState>
      ) : (
        <BookingView booking={state.booking} bookingRef={ref!} onChanged={() => ref && void load(ref, true)} />
      )}
    </div>
  );
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

function BookingView({ booking, bookingRef, onChanged }: { booking: OpenedBooking; bookingRef: BookingRef; onChanged: () => void }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState<{ level: 'success' | 'warning'; text: string } | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const reservation = booking.start ? formatReservation(booking.start, booking.end) : null;
  const cancelled = booking.status === 'CANCELLED';

  const cancel = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const answer = await cancelBooking(bookingRef);
      setNote(
        answer.responseCode === 'SUCCESS'
          ? { level: 'success', text: 'Varaus on peruttu. Lähetimme vahvistuksen sähköpostiisi.' }
          : { level: 'warning', text: 'Varausta ei voi enää perua verkossa. Soita toimipisteeseen.' },
      );
      onChanged();
    } catch {
      setNote({ level: 'warning', text: 'Peruminen epäonnistui. Yritä hetken kuluttua uudelleen.' });
    } finally {
      setBusy(false);
    }
  };

  const askChange = async () => {
    setBusy(true);
    try {
      const answer = await sendEditRequest(bookingRef, message.trim());
      if (answer.responseCode === 'SUCCESS') {
        setMessage('');
        setNote({ level: 'success', text: 'Muutospyyntö on lähetetty. Toimipiste ottaa sinuun yhteyttä.' });
      } else setNote({ level: 'warning', text: 'Muutospyynnön lähettäminen epäonnistui.' });
    } catch {
      setNote({ level: 'warning', text: 'Muutospyynnön lähettäminen epäonnistui.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {note && (
        <div className={`notice notice--${note.level}`} role="status">
          <p>{note.text}</p>
        </div>
      )}
      <section className="card summary" aria-label="Varauksen tiedot">
        <h2 className="summary__title">
          {cancelled ? 'Peruttu varaus' : 'Varauksesi'} <span className="booking-key">{booking.bookingKey}</span>
        </h2>
        <dl className="summary__details">
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
              {booking.office.address}, {booking.office.post_code} {booking.office.post_office}
              {booking.office.phone && (
                <>
                  <br />
                  <a href={`tel:${booking.office.phone.replace(/\s/g, '')}`}>{booking.office.phone}</a>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>{booking.kind === 'LEAD' ? 'Toivottu päivä' : 'Aika'}</dt>
            <dd>
              {reservation ? (
                <time dateTime={booking.start ?? undefined}>{reservation.text}</time>
              ) : booking.leadDate ? (
                <time dateTime={booking.leadDate}>{formatFinnishDateLong(booking.leadDate)}</time>
              ) : (
                '–'
              )}
            </dd>
          </div>
        </dl>
        <ul className="summary__items">
          {booking.items.map((item, i) => (
            <li key={i} className="summary__item">
              <span>
                {item.description}
                {item.amount > 1 && <span className="muted"> · {item.amount} kpl</span>}
              </span>
              <span className="summary__price">{formatEuros(item.price)}</span>
            </li>
          ))}
        </ul>
        <p className="summary__total">
          <span>Yhteensä</span> <strong>{formatEuros(booking.total)}</strong>
        </p>
      </section>

      {!cancelled && (
        <>
          <ResendConfirmationButton bookingRef={bookingRef} />
          <section className="card form-stack" aria-labelledby={`${id}-change`}>
            <h2 className="card__title" id={`${id}-change`}>
              Pyydä muutosta
            </h2>
            <div className="field">
              <label className="field__label" htmlFor={`${id}-message`}>
                Mitä haluaisit muuttaa?
              </label>
              <textarea
                id={`${id}-message`}
                className="input textarea"
                maxLength={1000}
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
            <Button variant="secondary" disabled={busy || message.trim() === ''} onClick={() => void askChange()}>
              Lähetä muutospyyntö
            </Button>
          </section>
          {booking.cancellable ? (
            <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
              Peru varaus
            </Button>
          ) : (
            <p className="muted">Varausta ei voi enää perua verkossa. Soita toimipisteeseen.</p>
          )}
        </>
      )}
      <FeedbackForm bookingKey={booking.bookingKey} />
      <p>
        <ButtonLink variant="ghost" to={paths.landing}>
          Tee uusi varaus
        </ButtonLink>
      </p>
      <ConfirmDialog
        open={confirming}
        title="Perutaanko varaus?"
        confirmLabel="Peru varaus"
        cancelLabel="Älä peru"
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      >
        <p>Aika vapautuu heti muiden varattavaksi.</p>
      </ConfirmDialog>
    </>
  );
}
