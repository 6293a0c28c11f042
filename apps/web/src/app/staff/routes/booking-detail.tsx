import './booking-detail.css';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_EVENT_LABELS,
  BOOKING_MESSAGE_LABELS,
  VISIT_STATUS_LABELS,
  VISIT_STATUS_TOO_EARLY,
  addDays,
  formatEuros,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  formatLocalDateTime,
  formatPhoneNumber,
  isRealDate,
  phoneHref,
  minutesToTime,
  timeToMinutes,
  todayInHelsinki,
  visitStatusAllowed,
  type BookingEvent,
  type StaffBookingDetail,
  type StaffDay,
  type VehicleDeliveryOption,
  type VisitStatus,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmDialog } from '@/components/ui/dialog.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { addNote } from '@/features/staff/api/add-note.ts';
import { cancelBooking } from '@/features/staff/api/cancel-booking.ts';
import { getBooking } from '@/features/staff/api/get-booking.ts';
import { getDay } from '@/features/staff/api/get-day.ts';
import { moveBooking } from '@/features/staff/api/move-booking.ts';
import { setVisitStatus } from '@/features/staff/api/set-visit-status.ts';
import { helsinkiDateTime } from '@/features/staff/format.ts';
import { fieldErrorsOf, messageOf } from '@/lib/form-errors.ts';
import { BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';

/** How the car is brought in, as staff read it (GLOSSARY "delivery options"). */
const DELIVERY_LABELS: Record<VehicleDeliveryOption, string> = {
  CUSTOMER_WAITING: 'Asiakas odottaa paikan päällä',
  VEHICLE_LEFT_FOR_DAY: 'Auto jätetään päiväksi',
  BRINGS_CAR_OUTSIDE_OFFICE_HOURS: 'Auto tuodaan aukioloaikojen ulkopuolella, avain avainautomaattiin',
  CONTACT_REQUEST: 'Asiakas pyytää yhteydenottoa',
};

const STATUS_ACTIONS: { status: VisitStatus; label: string }[] = [
  { status: 'ARRIVED', label: 'Merkitse saapuneeksi' },
  { status: 'DONE', label: 'Merkitse valmiiksi' },
  { status: 'NO_SHOW', label: 'Merkitse ei saapuneeksi' },
];

/** The move form's grid of start times, in minutes. */
const MOVE_STEP_MINUTES = 15;
/** A lead has no length of its own: it is moved to a time of this many minutes. */
const LEAD_MINUTES = 60;

/** 'ti 24.11.2026 klo 8.00' from an API time, or the text as it came. */
export function formatWhen(value: string): string {
  const parts = helsinkiDateTime(value);
  return parts ? `${formatFinnishDate(parts.date, true)} klo ${formatFinnishTime(parts.time)}` : value;
}

function timeRange(start: string | null, end: string | null): string {
  if (!start) return '';
  const s = helsinkiDateTime(start);
  const e = end ? helsinkiDateTime(end) : null;
  if (!s) return start;
  return `${formatFinnishDate(s.date, true)} klo ${formatFinnishTime(s.time)}${e ? `–${formatFinnishTime(e.time)}` : ''}`;
}

function actorOf(event: BookingEvent): string {
  if (event.actor === 'CUSTOMER') return 'Asiakas';
  if (event.actor === 'SYSTEM') return 'Järjestelmä';
  return event.staffName ?? 'Henkilökunta';
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** What an event changed, in one line: the old and new time, the new status, the reason or the note. */
function eventDetail(event: BookingEvent, resourceName: (id: number) => string): string | null {
  const before = event.before ?? {};
  const after = event.after ?? {};
  switch (event.action) {
    case 'MOVED': {
      const place = (side: Record<string, unknown>) => {
        const ids = Array.isArray(side.resourceIds) ? (side.resourceIds as unknown[]) : typeof side.resourceId === 'number' ? [side.resourceId] : [];
        const names = ids.filter((v): v is number => typeof v === 'number').map(resourceName);
        const when = text(side.start) ? timeRange(text(side.start), text(side.end)) : '';
        return [when, names.join(', ')].filter(Boolean).join(', ');
      };
      const from = place(before);
      const to = place(after);
      return from || to ? `${from || '–'} → ${to || '–'}` : event.note;
    }
    case 'STATUS': {
      const status = after.visitStatus;
      const label = typeof status === 'string' && status in VISIT_STATUS_LABELS ? VISIT_STATUS_LABELS[status as VisitStatus] : 'Merkintä poistettu';
      return label;
    }
    case 'CANCELLED':
      return event.note ? `Syy: ${event.note}` : null;
    default:
      return event.note;
  }
}

/** The starts of the move form: every quarter hour of the day's opening where the booking's length fits. */
export function moveStarts(day: StaffDay, resourceId: number, minutes: number, bookingId: number, now = formatLocalDateTime(new Date())) {
  if (!day.opening) return [];
  const open = timeToMinutes(day.opening.openingTime);
  const close = timeToMinutes(day.opening.closingTime);
  const taken: [string, string][] = [
    ...day.bookings
      .filter((b) => b.id !== bookingId && b.status === 'CONFIRMED' && b.start && b.end && b.resourceIds.includes(resourceId))
      .map((b) => [b.start!, b.end!] as [string, string]),
    ...day.holds.filter((h) => h.resourceId === resourceId).map((h) => [h.start, h.end] as [string, string]),
    ...day.absences.filter((a) => a.resourceId === resourceId).map((a) => [a.start, a.end] as [string, string]),
  ];
  const starts: { time: string; taken: boolean; past: boolean }[] = [];
  for (let m = open; m + minutes <= close; m += MOVE_STEP_MINUTES) {
    const from = `${day.date}T${minutesToTime(m)}`;
    const to = `${day.date}T${minutesToTime(m + minutes)}`;
    starts.push({ time: minutesToTime(m), taken: taken.some(([s, e]) => s < to && from < e), past: from <= now });
  }
  return starts;
}

function bookingMinutes(booking: StaffBookingDetail): number {
  if (!booking.start || !booking.end) return LEAD_MINUTES;
  const s = helsinkiDateTime(booking.start);
  const e = helsinkiDateTime(booking.end);
  if (!s || !e) return LEAD_MINUTES;
  const days = s.date === e.date ? 0 : 1;
  return Math.max(MOVE_STEP_MINUTES, timeToMinutes(e.time) + days * 24 * 60 - timeToMinutes(s.time));
}

export function BookingDetailPage() {
  const { bookingId: param } = useParams();
  const bookingId = Number(param);
  const valid = Number.isInteger(bookingId) && bookingId > 0;
  const booking = useQuery({
    queryKey: ['staff', 'booking', bookingId],
    queryFn: () => getBooking(bookingId),
    enabled: valid,
  });
  const [announcement, setAnnouncement] = useAnnouncement();
  const status = (booking.error as { status?: number } | null)?.status;
  const notFound = !valid || status === 404 || status === 403;
  const data = booking.data;

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
      <p className={announcement ? 'notice notice--success booking-detail__result' : 'booking-detail__result--empty'} role="status" aria-live="polite">
        {announcement}
      </p>
      {notFound ? (
        <p>Varausta ei ole tai sinulla ei ole oikeutta sen toimipisteeseen.</p>
      ) : booking.isPending ? (
        <p className="staff-loading">Haetaan varausta…</p>
      ) : booking.isError ? (
        <div className="staff-error" role="alert">
          <p>{messageOf(booking.error)}</p>
          <Button variant="secondary" onClick={() => void booking.refetch()}>
            Yritä uudelleen
          </Button>
        </div>
      ) : (
        <BookingView booking={booking.data} announce={setAnnouncement} />
      )}
    </div>
  );
}

/** The day of the booking (its wished day for a lead). */
function dayOf(booking: StaffBookingDetail): string {
  const start = booking.start ? helsinkiDateTime(booking.start) : null;
  return start?.date ?? booking.leadDate ?? todayInHelsinki();
}

function BackToDay({ booking }: { booking: StaffBookingDetail }) {
  const date = dayOf(booking);
  return (
    <p className="booking-detail__back">
      <Link to={staffPaths.day(booking.office.id, date)}>
        <span aria-hidden="true">← </span>
        Päivänäkymä: {booking.office.name}, {formatFinnishDate(date, true)}
      </Link>
    </p>
  );
}

function BookingView({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const dayDate = dayOf(booking);
  const cancelled = booking.status === 'CANCELLED';
  const day = useQuery({
    queryKey: ['staff', 'day', booking.office.id, dayDate],
    queryFn: () => getDay(booking.office.id, dayDate),
  });
  const resources = day.data?.resources ?? [];
  const resourceName = (id: number) => resources.find((r) => r.id === id)?.name ?? `Resurssi ${id}`;
  const customerName = `${booking.customer.firstname} ${booking.customer.lastname}`.trim();

  return (
    <>
      <div className="booking-detail__status">
        <span className={`badge booking-detail__badge${cancelled ? ' booking-detail__badge--cancelled' : ''}`}>
          {cancelled ? 'Peruttu' : 'Vahvistettu'}
        </span>
        {booking.visitStatus && <span className="badge booking-detail__badge">{VISIT_STATUS_LABELS[booking.visitStatus]}</span>}
        {booking.inAbsence && <span className="badge booking-detail__badge booking-detail__badge--warning">Poissaolon aikana</span>}
      </div>
      <p className="booking-detail__when">
        {booking.start ? (
          <>
            <time dateTime={booking.start}>{timeRange(booking.start, booking.end)}</time>
            {booking.resourceIds.length > 0 && <>, {booking.resourceIds.map(resourceName).join(', ')}</>}
          </>
        ) : booking.leadDate ? (
          <>Toivottu päivä {formatFinnishDateLong(booking.leadDate)} (ei kellonaikaa)</>
        ) : null}
        <span className="muted"> · {booking.office.name}</span>
      </p>
      {/* The visit's status first: at the front desk it is what the morning needs. */}
      {!cancelled && <StatusActions booking={booking} announce={announce} />}

      <div className="booking-detail__columns">
        <div className="booking-detail__main">
          <Details booking={booking} customerName={customerName} />
          <History booking={booking} resourceName={resourceName} />
          <Messages booking={booking} />
        </div>
        <div className="booking-detail__side">
          {!cancelled && booking.start && <MoveForm booking={booking} initialDate={dayDate} announce={announce} />}
          {!cancelled && <CancelAction booking={booking} announce={announce} />}
          <NoteForm booking={booking} announce={announce} />
        </div>
      </div>
    </>
  );
}

function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={['card', 'booking-detail__section', className ?? ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Details({ booking, customerName }: { booking: StaffBookingDetail; customerName: string }) {
  const { customer, vehicle } = booking;
  const address = [customer.address, [customer.postCode, customer.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return (
    <>
      <Section title="Asiakas ja auto">
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
      </Section>

      <Section title="Palvelut ja tuotteet">
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
      </Section>

      <Section title="Asiakkaan tiedot käynnistä">
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
          <dd>{booking.deliveryOption ? DELIVERY_LABELS[booking.deliveryOption] : '–'}</dd>
          <dt>Avainautomaatti</dt>
          <dd>{booking.usingKeyLocker ? 'Kyllä' : 'Ei'}</dd>
          <dt>Kampanjakoodi</dt>
          <dd>{booking.campaignCode || '–'}</dd>
        </dl>
      </Section>
    </>
  );
}

function History({ booking, resourceName }: { booking: StaffBookingDetail; resourceName: (id: number) => string }) {
  return (
    <Section title="Historia">
      {booking.events.length === 0 ? (
        <p className="muted">Varaus tehty {formatWhen(booking.createdAt)}.</p>
      ) : (
        <ol className="booking-detail__history">
          {booking.events.map((event) => {
            const detail = eventDetail(event, resourceName);
            return (
              <li key={event.id} className={`booking-detail__event booking-detail__event--${event.action.toLowerCase()}`}>
                <p className="booking-detail__event-head">
                  <strong>{BOOKING_EVENT_LABELS[event.action]}</strong>
                  <span className="muted">
                    {' '}
                    <time dateTime={event.at}>{formatWhen(event.at)}</time> · {actorOf(event)}
                  </span>
                </p>
                {detail && <p className="booking-detail__event-detail">{detail}</p>}
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}

/** What was sent about the booking, and whether it has gone: "did the customer get the reminder?" */
function Messages({ booking }: { booking: StaffBookingDetail }) {
  return (
    <Section title="Viestit">
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
    </Section>
  );
}

function isDetail(value: unknown, id: number): value is StaffBookingDetail {
  const v = value as Partial<StaffBookingDetail> | null;
  return typeof v === 'object' && v !== null && v.id === id && Array.isArray(v.events) && Array.isArray(v.items);
}

/**
 * After an action: the booking as the action answered it (or read again), and every day and
 * week view read again, then the message for the live region.
 */
function useAfterAction(booking: StaffBookingDetail, announce: (message: string) => void) {
  const client = useQueryClient();
  return async (message: string, answer?: unknown) => {
    const key = ['staff', 'booking', booking.id];
    if (isDetail(answer, booking.id)) client.setQueryData(key, answer);
    await Promise.all([
      isDetail(answer, booking.id) ? Promise.resolve() : client.invalidateQueries({ queryKey: key }),
      client.invalidateQueries({ queryKey: ['staff', 'day'] }),
      client.invalidateQueries({ queryKey: ['staff', 'week'] }),
    ]);
    announce(message);
  };
}

function MoveForm({ booking, initialDate, announce }: { booking: StaffBookingDetail; initialDate: string; announce: (message: string) => void }) {
  const ids = { date: useId(), resource: useId(), time: useId(), heading: useId() };
  const [date, setDate] = useState(initialDate);
  const [resourceId, setResourceId] = useState<number | null>(booking.resourceIds[0] ?? null);
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const done = useAfterAction(booking, announce);
  const dateOk = isRealDate(date);
  const day = useQuery({
    queryKey: ['staff', 'day', booking.office.id, date],
    queryFn: () => getDay(booking.office.id, date),
    enabled: dateOk,
  });
  const resources = day.data?.resources ?? [];
  const chosenResource = resourceId ?? resources[0]?.id ?? null;
  const minutes = bookingMinutes(booking);
  const starts = useMemo(
    () => (day.data && chosenResource !== null ? moveStarts(day.data, chosenResource, minutes, booking.id) : []),
    [day.data, chosenResource, minutes, booking.id],
  );
  const freeCount = starts.filter((s) => !s.taken && !s.past).length;
  const [confirming, setConfirming] = useState(false);
  const resourceName = (id: number | null) => resources.find((r) => r.id === id)?.name ?? '';
  const newEnd = time ? minutesToTime(timeToMinutes(time) + minutes) : '';
  const newWhen = time ? `${formatFinnishDate(date, true)} klo ${formatFinnishTime(time)}–${formatFinnishTime(newEnd)}, ${resourceName(chosenResource)}` : '';
  const move = useMutation({
    mutationFn: () => moveBooking(booking.id, { start: `${date}T${time}`, resourceId: chosenResource! }),
    onSuccess: async (answer) => {
      setConfirming(false);
      setError(null);
      setFields({});
      setTime('');
      await done(`Varaus siirretty: ${newWhen}.${booking.customer.email ? ' Asiakkaalle lähti sähköposti uudesta ajasta.' : ''}`, answer);
    },
    onError: (err) => {
      setConfirming(false);
      setFields(fieldErrorsOf(err));
      setError(messageOf(err));
      void day.refetch();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!dateOk) return setFields({ start: 'Valitse päivä' });
    if (!time) return setFields({ start: 'Valitse alkamisaika' });
    if (chosenResource === null) return setFields({ resourceId: 'Valitse resurssi' });
    setFields({});
    setConfirming(true);
  };

  const timeError = fields.start;
  const resourceError = fields.resourceId;
  return (
    <section className="card booking-detail__action" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="card__title">
        Siirrä
      </h2>
      <form className="form-stack" onSubmit={submit} noValidate>
        <Field id={ids.date} label="Päivä">
          <input
            id={ids.date}
            className="input"
            type="date"
            value={date}
            min={todayInHelsinki()}
            max={addDays(todayInHelsinki(), 400)}
            onChange={(e) => {
              setDate(e.target.value);
              setTime('');
            }}
          />
        </Field>
        <Field id={ids.resource} label="Resurssi" error={resourceError}>
          <select
            id={ids.resource}
            className="input"
            value={chosenResource ?? ''}
            aria-invalid={resourceError ? true : undefined}
            aria-describedby={describedBy(ids.resource, { error: Boolean(resourceError) })}
            onChange={(e) => {
              setResourceId(Number(e.target.value));
              setTime('');
            }}
          >
            {resources.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={ids.time}
          label="Alkamisaika"
          hint={
            !dateOk
              ? 'Valitse ensin päivä.'
              : day.isPending
                ? 'Haetaan päivän aikoja…'
                : day.data && !day.data.opening
                  ? 'Toimipiste on suljettu tänä päivänä.'
                  : `${freeCount} vapaata alkamisaikaa, kesto ${minutes} min.`
          }
          error={timeError}
        >
          <select
            id={ids.time}
            className="input"
            value={time}
            aria-invalid={timeError ? true : undefined}
            aria-describedby={describedBy(ids.time, { hint: true, error: Boolean(timeError) })}
            onChange={(e) => setTime(e.target.value)}
          >
            <option value="">Valitse aika</option>
            {starts.map((s) => (
              <option key={s.time} value={s.time} disabled={s.taken || s.past}>
                {formatFinnishTime(s.time)}
                {s.past ? ' – mennyt' : s.taken ? ' – varattu' : ''}
              </option>
            ))}
          </select>
        </Field>
        {error && (
          <p className="notice notice--warning" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <Button type="submit" disabled={move.isPending}>
            {move.isPending ? 'Siirretään…' : 'Siirrä varaus'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Siirretäänkö varaus?"
        confirmLabel={move.isPending ? 'Siirretään…' : 'Siirrä varaus'}
        cancelLabel="Älä siirrä"
        onConfirm={() => {
          if (!move.isPending) move.mutate();
        }}
        onCancel={() => setConfirming(false)}
      >
        <dl className="booking-detail__confirm">
          <dt>Nyt</dt>
          <dd>
            {timeRange(booking.start, booking.end)}
            {booking.resourceIds.length > 0 && `, ${booking.resourceIds.map((id) => resourceName(id) || `Resurssi ${id}`).join(', ')}`}
          </dd>
          <dt>Uusi aika</dt>
          <dd>{newWhen}</dd>
        </dl>
        <p>
          {booking.customer.email ? (
            <>
              Asiakkaalle lähetetään sähköposti uudesta ajasta ja kalenterikutsu osoitteeseen <strong>{booking.customer.email}</strong>.
            </>
          ) : (
            'Asiakkaalla ei ole sähköpostiosoitetta: kerro uusi aika hänelle puhelimitse.'
          )}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function StatusActions({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const [error, setError] = useState<string | null>(null);
  const visitDate = booking.start ? (helsinkiDateTime(booking.start)?.date ?? null) : booking.leadDate;
  const allowed = visitStatusAllowed(visitDate, todayInHelsinki());
  const done = useAfterAction(booking, announce);
  const mark = useMutation({
    mutationFn: (status: VisitStatus | null) => setVisitStatus(booking.id, status),
    onSuccess: async (answer, status) => {
      setError(null);
      await done(status ? `Merkitty: ${VISIT_STATUS_LABELS[status]}` : 'Merkintä poistettu', answer);
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
        {booking.visitStatus ? (
          <BookingStateBadge booking={booking} />
        ) : (
          <span className="booking-detail__visit-none">ei merkintää</span>
        )}
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
            <Button key={a.status} variant="secondary" disabled={mark.isPending} onClick={() => mark.mutate(a.status)}>
              {a.label}
            </Button>
          ))}
        {booking.visitStatus && (
          <Button variant="ghost" disabled={mark.isPending} onClick={() => mark.mutate(null)}>
            Poista merkintä
          </Button>
        )}
      </div>
      {error && (
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

function CancelAction({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const done = useAfterAction(booking, announce);
  const cancel = useMutation({
    mutationFn: () => cancelBooking(booking.id, reason.trim()),
    onSuccess: async (answer) => {
      setOpen(false);
      setError(null);
      await done(booking.customer.email ? 'Varaus peruttu. Asiakkaalle lähti peruutuksesta sähköposti.' : 'Varaus peruttu.', answer);
    },
    onError: (err) => {
      setOpen(false);
      setError(messageOf(err));
    },
  });
  return (
    <section className="card booking-detail__action" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Peruminen
      </h2>
      <p className="muted">Aika vapautuu muille, ja asiakas saa peruutuksesta sähköpostin.</p>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={cancel.isPending}>
        Peru varaus
      </Button>
      {error && (
        <p className="notice notice--warning" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title="Perutaanko varaus?"
        confirmLabel="Peru varaus"
        cancelLabel="Älä peru"
        onConfirm={() => {
          if (!cancel.isPending) cancel.mutate();
        }}
        onCancel={() => setOpen(false)}
      >
        <p>
          {booking.registerNumber}, {booking.start ? timeRange(booking.start, booking.end) : 'ei aikaa'}
        </p>
        <p>
          {booking.customer.email ? (
            <>
              Aika vapautuu muille. Asiakkaalle lähetetään peruutuksesta sähköposti osoitteeseen <strong>{booking.customer.email}</strong>, syy mukana,
              jos kirjoitat sen.
            </>
          ) : (
            'Aika vapautuu muille. Asiakkaalla ei ole sähköpostiosoitetta: kerro peruutuksesta hänelle puhelimitse.'
          )}
        </p>
        <Field id={reasonId} label="Syy (vapaaehtoinen)">
          <textarea id={reasonId} className="input textarea" rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
      </ConfirmDialog>
    </section>
  );
}

function NoteForm({ booking, announce }: { booking: StaffBookingDetail; announce: (message: string) => void }) {
  const heading = useId();
  const noteId = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const done = useAfterAction(booking, announce);
  const note = useMutation({
    mutationFn: () => addNote(booking.id, value),
    onSuccess: async (answer) => {
      setValue('');
      setFieldError(undefined);
      setError(null);
      await done('Muistiinpano lisätty', answer);
    },
    onError: (err) => {
      const fields = fieldErrorsOf(err);
      setFieldError(fields.text);
      setError(fields.text ? null : messageOf(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setFieldError('Kirjoita muistiinpano');
    note.mutate();
  };
  return (
    <section className="card booking-detail__action" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Lisää muistiinpano
      </h2>
      <form className="form-stack" onSubmit={submit} noValidate>
        <Field id={noteId} label="Sisäinen muistiinpano" hint="Näkyy vain henkilökunnalle." error={fieldError}>
          <textarea
            id={noteId}
            className="input textarea"
            rows={3}
            maxLength={2000}
            value={value}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(noteId, { hint: true, error: Boolean(fieldError) })}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        {error && (
          <p className="notice notice--warning" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <Button type="submit" variant="secondary" disabled={note.isPending}>
            Lisää muistiinpano
          </Button>
        </div>
      </form>
    </section>
  );
}
