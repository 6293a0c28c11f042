import './capacity.css';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addDays,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  todayInHelsinki,
  type Absence,
  type AbsenceBody,
  type OpeningException,
  type StaffOffice,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { addAbsence } from '@/features/staff/api/add-absence.ts';
import { deleteAbsence } from '@/features/staff/api/delete-absence.ts';
import { deleteException } from '@/features/staff/api/delete-exception.ts';
import { getAbsences } from '@/features/staff/api/get-absences.ts';
import { getOffices } from '@/features/staff/api/get-offices.ts';
import { getOpening } from '@/features/staff/api/get-opening.ts';
import { saveException } from '@/features/staff/api/save-exception.ts';
import { saveOpeningHours } from '@/features/staff/api/save-opening-hours.ts';
import { helsinkiDateTime } from '@/features/staff/format.ts';
import { fieldErrorsOf, messageOf } from '@/lib/form-errors.ts';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';

/** How far ahead the list of absences reaches, in days (one call's range). */
const ABSENCE_LIST_DAYS = 180;

/** Field messages by the field's own name (the last part of the server's path). */
function byField(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const name = path.split('.').pop() ?? path;
    if (!(name in out)) out[name] = message;
  }
  return out;
}

/** 'ma 24.11.2026 8.00' from an API time. */
function when(value: string): string {
  const p = helsinkiDateTime(value);
  return p ? `${formatFinnishDate(p.date, true)} ${formatFinnishTime(p.time)}` : value;
}

/**
 * An absence as read: a whole-day one as its days ('ma 24.11.2026' or 'ma 24.11.2026 – ti 25.11.2026'),
 * otherwise from–to with times.
 */
export function absenceSpan(a: Pick<Absence, 'start' | 'end'>): string {
  const s = helsinkiDateTime(a.start);
  const e = helsinkiDateTime(a.end);
  if (!s || !e) return `${a.start} – ${a.end}`;
  if (s.time === '00:00:00' && e.time === '00:00:00') {
    const last = addDays(e.date, -1);
    return last === s.date ? formatFinnishDate(s.date, true) : `${formatFinnishDate(s.date, true)} – ${formatFinnishDate(last, true)}`;
  }
  if (s.date === e.date) return `${formatFinnishDate(s.date, true)} ${formatFinnishTime(s.time)}–${formatFinnishTime(e.time)}`;
  return `${when(a.start)} – ${when(a.end)}`;
}

function bookingsInsideText(n: number): string {
  return n === 1 ? '1 varaus poissaolon aikana' : `${n} varausta poissaolon aikana`;
}

/**
 * The bookings left inside an absence, as a link: one booking opens its page; several open
 * the absence's first day showing its resource, where each is flagged.
 */
function BookingsInside({ absence, officeId }: { absence: Absence; officeId: number }) {
  const ids = absence.bookingIdsInside;
  const to =
    ids.length === 1 ? staffPaths.booking(ids[0]!) : `${staffPaths.day(officeId, absence.start.slice(0, 10))}?resurssi=${absence.resourceId}`;
  return <Link to={to}>{bookingsInsideText(absence.bookingsInside)}</Link>;
}

function Section({ title, children, description }: { title: string; description?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card capacity__section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {description && <p className="muted">{description}</p>}
      {children}
    </section>
  );
}

function Problem({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice--warning" role="alert">
      {message}
    </p>
  ) : null;
}

export function CapacityPage() {
  const { officeId: param } = useParams();
  const officeId = Number(param);
  const offices = useQuery({ queryKey: ['staff', 'offices'], queryFn: getOffices });
  const office = offices.data?.find((o) => o.id === officeId);
  const [announcement, setAnnouncement] = useAnnouncement();

  return (
    <div className="staff-page capacity">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* One heading for every state, so that it takes the focus once, when the page opens. */}
      <StaffPageTitle documentTitle="Kapasiteetti">
        {office ? `Kapasiteetti: ${office.name}` : offices.isSuccess ? 'Toimipistettä ei löytynyt' : 'Kapasiteetti'}
      </StaffPageTitle>
      {offices.isPending ? (
        <p className="staff-loading">Haetaan toimipistettä…</p>
      ) : offices.isError ? (
        <div className="staff-error" role="alert">
          <p>{messageOf(offices.error)}</p>
          <Button variant="secondary" onClick={() => void offices.refetch()}>
            Yritä uudelleen
          </Button>
        </div>
      ) : !office ? (
        <p>Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.</p>
      ) : (
        <>
          <div className="capacity__columns">
            <Absences office={office} announce={setAnnouncement} />
            <div className="capacity__side">
              <OpeningHours office={office} announce={setAnnouncement} />
              <Exceptions office={office} announce={setAnnouncement} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

function useInvalidate(officeId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['staff', 'absences', officeId] }),
      client.invalidateQueries({ queryKey: ['staff', 'opening', officeId] }),
      client.invalidateQueries({ queryKey: ['staff', 'offices'] }),
      client.invalidateQueries({ queryKey: ['staff', 'day', officeId] }),
      client.invalidateQueries({ queryKey: ['staff', 'week', officeId] }),
    ]);
}

function Absences({ office, announce }: { office: StaffOffice; announce: (m: string) => void }) {
  const today = todayInHelsinki();
  const to = addDays(today, ABSENCE_LIST_DAYS);
  const absences = useQuery({
    queryKey: ['staff', 'absences', office.id, today, to],
    queryFn: () => getAbsences(office.id, today, to),
  });
  const resourceName = (id: number) => office.resources.find((r) => r.id === id)?.name ?? `Resurssi ${id}`;
  const invalidate = useInvalidate(office.id);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (a: Absence) => deleteAbsence(office.id, a.id),
    onSuccess: async (_, a) => {
      setProblem(null);
      await invalidate();
      announce(`Poissaolo poistettu: ${resourceName(a.resourceId)}, ${absenceSpan(a)}`);
    },
    onError: (err) => setProblem(messageOf(err)),
  });
  const listed = (absences.data ?? []).filter((a) => a.end > `${today}T00:00:00`).sort((a, b) => a.start.localeCompare(b.start));

  return (
    <Section
      title="Poissaolot"
      description="Poissaolon ajalta resurssille ei voi varata aikaa. Jo tehdyt varaukset säilyvät, ja ne merkitään päivänäkymään."
    >
      <h3 className="capacity__subtitle">Tulevat poissaolot</h3>
      {absences.isPending ? (
        <p className="muted">Haetaan poissaoloja…</p>
      ) : absences.isError ? (
        <Problem message={messageOf(absences.error)} />
      ) : listed.length === 0 ? (
        <p className="muted">Ei poissaoloja seuraavan {ABSENCE_LIST_DAYS} päivän aikana.</p>
      ) : (
        <ul className="capacity__list" aria-label="Tulevat poissaolot">
          {listed.map((a) => (
            <li key={a.id} className="capacity__item">
              <div>
                <p className="capacity__item-title">
                  <strong>{resourceName(a.resourceId)}</strong>: {absenceSpan(a)}
                </p>
                {a.reason && <p className="capacity__item-text">{a.reason}</p>}
                {a.bookingsInside > 0 && (
                  <p className="capacity__warning">
                    <BookingsInside absence={a} officeId={office.id} />
                  </p>
                )}
              </div>
              <Button
                variant="secondary"
                aria-label={`Poista poissaolo: ${resourceName(a.resourceId)}, ${absenceSpan(a)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(a)}
              >
                Poista
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Problem message={problem} />
      <AbsenceForm office={office} announce={announce} />
    </Section>
  );
}

function AbsenceForm({ office, announce }: { office: StaffOffice; announce: (m: string) => void }) {
  const ids = {
    heading: useId(),
    resource: useId(),
    wholeDay: useId(),
    startDate: useId(),
    startTime: useId(),
    endDate: useId(),
    endTime: useId(),
    reason: useId(),
  };
  const today = todayInHelsinki();
  const [resourceId, setResourceId] = useState<number | ''>(office.resources[0]?.id ?? '');
  const [wholeDay, setWholeDay] = useState(true);
  const [startDate, setStartDate] = useState(today);
  const [startTime, setStartTime] = useState(office.openingTime.slice(0, 5));
  const [endDate, setEndDate] = useState(today);
  const [endTime, setEndTime] = useState(office.closingTime.slice(0, 5));
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const invalidate = useInvalidate(office.id);

  const body = () => ({
    resourceId: Number(resourceId),
    start: wholeDay ? `${startDate}T00:00:00` : `${startDate}T${startTime}:00`,
    end: wholeDay ? `${/^\d{4}-\d{2}-\d{2}$/.test(endDate) ? addDays(endDate, 1) : endDate}T00:00:00` : `${endDate}T${endTime}:00`,
    reason,
  });
  const add = useMutation({
    mutationFn: (sent: AbsenceBody) => addAbsence(office.id, sent),
    onSuccess: async (_, sent) => {
      setFields({});
      setProblem(null);
      setReason('');
      await invalidate();
      const name = office.resources.find((r) => r.id === sent.resourceId)?.name ?? '';
      announce(`Poissaolo lisätty: ${name}, ${absenceSpan(sent)}`);
    },
    onError: (err) => {
      const f = byField(err);
      setFields(f);
      setProblem(Object.keys(f).length ? null : messageOf(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (resourceId === '') return setFields({ resourceId: 'Valitse resurssi' });
    add.mutate(body());
  };
  const err = (name: string) => fields[name];
  const control = (id: string, name: string, hint = false) => ({
    'aria-invalid': err(name) ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error: Boolean(err(name)) }),
  });

  const startDateField = (
    <Field id={ids.startDate} label={wholeDay ? 'Ensimmäinen päivä' : 'Alkaa (päivä)'} error={err('start')}>
      <input
        id={ids.startDate}
        type="date"
        className="input"
        value={startDate}
        onChange={(e) => {
          setStartDate(e.target.value);
          if (endDate < e.target.value) setEndDate(e.target.value);
        }}
        {...control(ids.startDate, 'start')}
      />
    </Field>
  );
  const endDateField = (
    <Field id={ids.endDate} label={wholeDay ? 'Viimeinen päivä' : 'Päättyy (päivä)'} error={err('end')}>
      <input id={ids.endDate} type="date" className="input" value={endDate} onChange={(e) => setEndDate(e.target.value)} {...control(ids.endDate, 'end')} />
    </Field>
  );

  return (
    <form className="capacity__form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="capacity__subtitle">
        Lisää poissaolo
      </h3>
      <Field id={ids.resource} label="Resurssi" error={err('resourceId')}>
        <select
          id={ids.resource}
          className="input"
          value={resourceId}
          onChange={(e) => setResourceId(Number(e.target.value))}
          {...control(ids.resource, 'resourceId')}
        >
          {office.resources.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </Field>
      <div className="checkbox-row">
        <input id={ids.wholeDay} type="checkbox" className="checkbox" checked={wholeDay} onChange={(e) => setWholeDay(e.target.checked)} />
        <label htmlFor={ids.wholeDay}>Koko päivän</label>
      </div>
      {wholeDay ? (
        <div className="capacity__pair">
          {startDateField}
          {endDateField}
        </div>
      ) : (
        <>
          <div className="capacity__pair">
            {startDateField}
            <Field id={ids.startTime} label="Alkaa (kello)">
              <input id={ids.startTime} type="time" step={900} className="input" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
            </Field>
          </div>
          <div className="capacity__pair">
            {endDateField}
            <Field id={ids.endTime} label="Päättyy (kello)">
              <input id={ids.endTime} type="time" step={900} className="input" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
            </Field>
          </div>
        </>
      )}
      <Field id={ids.reason} label="Syy (vapaaehtoinen)" error={err('reason')}>
        <input id={ids.reason} className="input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} {...control(ids.reason, 'reason')} />
      </Field>
      <Problem message={problem} />
      <div className="actions">
        <Button type="submit" disabled={add.isPending}>
          Lisää poissaolo
        </Button>
      </div>
    </form>
  );
}

function useOpening(officeId: number) {
  return useQuery({ queryKey: ['staff', 'opening', officeId], queryFn: () => getOpening(officeId) });
}

function OpeningHours({ office, announce }: { office: StaffOffice; announce: (m: string) => void }) {
  const opening = useOpening(office.id);
  return (
    <Section title="Aukioloajat" description="Tavalliset aukioloajat maanantaista perjantaihin.">
      {opening.isPending ? (
        <p className="muted">Haetaan aukioloaikoja…</p>
      ) : opening.isError ? (
        <Problem message={messageOf(opening.error)} />
      ) : (
        <OpeningHoursForm
          key={`${opening.data.openingTime}-${opening.data.closingTime}`}
          office={office}
          initial={opening.data}
          announce={announce}
        />
      )}
    </Section>
  );
}

function OpeningHoursForm({
  office,
  initial,
  announce,
}: {
  office: StaffOffice;
  initial: { openingTime: string; closingTime: string };
  announce: (m: string) => void;
}) {
  const ids = { open: useId(), close: useId() };
  const [openingTime, setOpeningTime] = useState(initial.openingTime.slice(0, 5));
  const [closingTime, setClosingTime] = useState(initial.closingTime.slice(0, 5));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const invalidate = useInvalidate(office.id);
  const save = useMutation({
    mutationFn: () => saveOpeningHours(office.id, { openingTime, closingTime }),
    onSuccess: async () => {
      setFields({});
      setProblem(null);
      await invalidate();
      announce('Aukioloajat tallennettu');
    },
    onError: (err) => {
      const f = byField(err);
      setFields(f);
      setProblem(Object.keys(f).length ? null : messageOf(err));
    },
  });
  return (
    <form
      className="capacity__form"
      noValidate
      aria-label="Tavalliset aukioloajat"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="capacity__pair">
        <Field id={ids.open} label="Avautuu" error={fields.openingTime}>
          <input
            id={ids.open}
            type="time"
            step={900}
            className="input"
            value={openingTime}
            onChange={(e) => setOpeningTime(e.target.value)}
            aria-invalid={fields.openingTime ? true : undefined}
            aria-describedby={describedBy(ids.open, { error: Boolean(fields.openingTime) })}
          />
        </Field>
        <Field id={ids.close} label="Sulkeutuu" error={fields.closingTime}>
          <input
            id={ids.close}
            type="time"
            step={900}
            className="input"
            value={closingTime}
            onChange={(e) => setClosingTime(e.target.value)}
            aria-invalid={fields.closingTime ? true : undefined}
            aria-describedby={describedBy(ids.close, { error: Boolean(fields.closingTime) })}
          />
        </Field>
      </div>
      <Problem message={problem} />
      <div className="actions">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Tallenna aukioloajat
        </Button>
      </div>
    </form>
  );
}

function exceptionText(x: OpeningException): string {
  if (x.openingTime === null || x.closingTime === null) return 'Suljettu';
  return `Auki ${formatFinnishTime(x.openingTime)}–${formatFinnishTime(x.closingTime)}`;
}

function Exceptions({ office, announce }: { office: StaffOffice; announce: (m: string) => void }) {
  const opening = useOpening(office.id);
  const invalidate = useInvalidate(office.id);
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (date: string) => deleteException(office.id, date),
    onSuccess: async () => {
      setProblem(null);
      await invalidate();
      announce('Poikkeus poistettu');
    },
    onError: (err) => setProblem(messageOf(err)),
  });
  const today = todayInHelsinki();
  const list = (opening.data?.exceptions ?? []).filter((x) => x.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  return (
    <Section title="Poikkeavat päivät" description="Pyhät, lyhennetyt päivät ja muut poikkeukset tavallisiin aukioloaikoihin.">
      {opening.isPending ? (
        <p className="muted">Haetaan poikkeuksia…</p>
      ) : opening.isError ? null : list.length === 0 ? (
        <p className="muted">Ei tulevia poikkeuksia.</p>
      ) : (
        <ul className="capacity__list" aria-label="Tulevat poikkeukset">
          {list.map((x) => (
            <li key={x.date} className="capacity__item">
              <div>
                <p className="capacity__item-title">
                  <strong>{formatFinnishDate(x.date, true)}</strong>: {exceptionText(x)}
                </p>
                {x.reason && <p className="capacity__item-text">{x.reason}</p>}
              </div>
              <Button
                variant="secondary"
                aria-label={`Poista poikkeus ${formatFinnishDateLong(x.date)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(x.date)}
              >
                Poista
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Problem message={problem} />
      <ExceptionForm office={office} announce={announce} />
    </Section>
  );
}

function ExceptionForm({ office, announce }: { office: StaffOffice; announce: (m: string) => void }) {
  const ids = { heading: useId(), date: useId(), closed: useId(), open: useId(), close: useId(), reason: useId(), kind: useId() };
  const [date, setDate] = useState('');
  const [closed, setClosed] = useState(true);
  const [openingTime, setOpeningTime] = useState(office.openingTime.slice(0, 5));
  const [closingTime, setClosingTime] = useState(office.closingTime.slice(0, 5));
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const invalidate = useInvalidate(office.id);
  const save = useMutation({
    mutationFn: () =>
      saveException(office.id, date, closed ? { closed, reason } : { closed, openingTime, closingTime, reason }),
    onSuccess: async () => {
      setFields({});
      setProblem(null);
      setDate('');
      setReason('');
      await invalidate();
      announce('Poikkeus tallennettu');
    },
    onError: (err) => {
      const f = byField(err);
      setFields(f);
      setProblem(Object.keys(f).length ? null : messageOf(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setFields({ date: 'Valitse päivä' });
    save.mutate();
  };
  const invalid = (name: string, id: string, hint = false) => ({
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error: Boolean(fields[name]) }),
  });
  return (
    <form className="capacity__form" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="capacity__subtitle">
        Lisää poikkeus
      </h3>
      <Field id={ids.date} label="Päivä" hint="Saman päivän poikkeus korvataan." error={fields.date}>
        <input id={ids.date} type="date" className="input" value={date} min={todayInHelsinki()} onChange={(e) => setDate(e.target.value)} {...invalid('date', ids.date, true)} />
      </Field>
      <fieldset className="capacity__fieldset">
        <legend className="field__label">Aukiolo</legend>
        <div className="checkbox-row">
          <input id={ids.closed} type="radio" className="radio" name={ids.kind} checked={closed} onChange={() => setClosed(true)} />
          <label htmlFor={ids.closed}>Suljettu koko päivän</label>
        </div>
        <div className="checkbox-row">
          <input id={`${ids.closed}-hours`} type="radio" className="radio" name={ids.kind} checked={!closed} onChange={() => setClosed(false)} />
          <label htmlFor={`${ids.closed}-hours`}>Poikkeavat aukioloajat</label>
        </div>
      </fieldset>
      {!closed && (
        <div className="capacity__pair">
          <Field id={ids.open} label="Avautuu" error={fields.openingTime}>
            <input id={ids.open} type="time" step={900} className="input" value={openingTime} onChange={(e) => setOpeningTime(e.target.value)} {...invalid('openingTime', ids.open)} />
          </Field>
          <Field id={ids.close} label="Sulkeutuu" error={fields.closingTime}>
            <input id={ids.close} type="time" step={900} className="input" value={closingTime} onChange={(e) => setClosingTime(e.target.value)} {...invalid('closingTime', ids.close)} />
          </Field>
        </div>
      )}
      <Field id={ids.reason} label="Syy (vapaaehtoinen)" error={fields.reason}>
        <input id={ids.reason} className="input" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} {...invalid('reason', ids.reason)} />
      </Field>
      <Problem message={problem} />
      <div className="actions">
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          Tallenna poikkeus
        </Button>
      </div>
    </form>
  );
}
