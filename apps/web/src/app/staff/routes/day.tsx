import './day.css';
import { useId, type CSSProperties } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatPhoneNumber, type StaffBookingSummary, type StaffDay } from '@huolto/domain';
import { getDay } from '@/features/staff/api/get-day.ts';
import { staffKeys } from '@/features/staff/api/keys.ts';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { DateBar } from '@/features/staff/components/date-bar.tsx';
import { layoutDay, type DayGrid, type GridBlock, type GridColumn } from '@/features/staff/day-layout.ts';
import { clock, clockRange, datePart, dayHours, finnishDate, validDate, validId } from '@/features/staff/format.ts';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { BadAddress, LoadError, OfficeName } from '@/features/staff/components/view-states.tsx';

/** Pixels per minute on the time grid: an hour is 96 px, a 15-minute job still readable. */
const PX_PER_MINUTE = 1.6;
/** How much of an absence a block over it leaves in sight. */
const ABSENCE_STRIP_PX = 20;

/** The address's query parameter naming the one resource shown. */
const RESOURCE_PARAM = 'resurssi';

/** /hallinta/paiva/:officeId/:date — an office's day, a column per resource (or one: ?resurssi=id). */
export function DayPage() {
  const params = useParams();
  const officeId = validId(params.officeId);
  const date = validDate(params.date);
  const [search, setSearch] = useSearchParams();
  // One resource's column only (?resurssi=id): a mechanic's own day on a phone.
  const shown = validId(search.get(RESOURCE_PARAM) ?? undefined);
  const show = (resourceId: number | null) =>
    setSearch(resourceId === null ? {} : { [RESOURCE_PARAM]: String(resourceId) }, { replace: true });
  const day = useQuery({
    queryKey: staffKeys.day(officeId ?? 0, date ?? ''),
    queryFn: () => getDay(officeId!, date!),
    enabled: officeId !== null && date !== null,
    refetchInterval: 60_000,
  });

  if (officeId === null || date === null) return <BadAddress title="Päivänäkymä" />;
  // Another day of the office, the one resource shown kept.
  const dayTo = (d: string) => `${staffPaths.day(officeId, d)}${shown === null ? '' : `?${RESOURCE_PARAM}=${shown}`}`;

  return (
    <div className="staff-page staff-day">
      <StaffPageTitle documentTitle="Päivänäkymä">
        Päivänäkymä: {finnishDate(date)}
        {day.data && <OfficeName name={day.data.office.name} />}
      </StaffPageTitle>
      <DateBar date={date} step="day" to={dayTo} label="Päivän valinta" />
      {day.isPending && (
        <p className="staff-loading" role="status">
          Ladataan päivän varauksia…
        </p>
      )}
      {day.isError && <LoadError error={day.error} onRetry={() => void day.refetch()} />}
      {day.data && <DayView day={day.data} shown={shown} onShow={show} dayTo={dayTo} />}
    </div>
  );
}

export function DayView({
  day,
  shown = null,
  onShow,
  dayTo = (d) => staffPaths.day(day.office.id, d),
}: {
  day: StaffDay;
  shown?: number | null;
  onShow?: (resourceId: number | null) => void;
  /** The address of another day of the view. */
  dayTo?: (date: string) => string;
}) {
  const grid = layoutDay(day);
  const showOne = shown !== null && day.resources.some((r) => r.id === shown);
  const columns = showOne ? grid.columns.filter((c) => c.resource.id === shown) : grid.columns;
  const active = day.bookings.filter((b) => b.status !== 'CANCELLED');
  const cancelled = day.bookings.length - active.length;
  return (
    <>
      <p className="staff-day__summary">
        <DayHours day={day} />{' '}
        <span className="staff-day__counts">
          {active.length === 1 ? '1 varaus' : `${active.length} varausta`}
          {cancelled > 0 && `, ${cancelled} peruttu`}
          {day.holds.length > 0 && `, ${day.holds.length} varaus kesken`}
        </span>
      </p>
      {active.length === 0 && (
        <p className="staff-day__next">
          {day.nextBookingDate ? (
            <>
              Seuraava varaus: <Link to={dayTo(day.nextBookingDate)}>{finnishDate(day.nextBookingDate)}</Link>
            </>
          ) : (
            'Tämän päivän jälkeen ei ole varauksia.'
          )}
        </p>
      )}
      {day.resources.length === 0 ? (
        <p>Toimipisteellä ei ole resursseja.</p>
      ) : (
        <section aria-labelledby="aikataulu-otsikko">
          <h2 id="aikataulu-otsikko" className="visually-hidden">
            Aikataulu resursseittain
          </h2>
          {onShow && day.resources.length > 1 && <ResourcePicker day={day} shown={showOne ? shown : null} onShow={onShow} />}
          <div className="staff-day__scroll" role="region" aria-label="Aikataulu, vieritettävä" tabIndex={0}>
            <div
              className="day-grid"
              style={{ '--day-columns': columns.length, '--day-height': `${(grid.to - grid.from) * PX_PER_MINUTE}px` } as CSSProperties}
            >
              <div className="day-grid__axis" aria-hidden="true">
                <div className="day-grid__head" />
                <div className="day-grid__body">
                  {hoursOf(grid.from, grid.to).map((m) => (
                    <span key={m} className="day-grid__hour" style={{ top: (m - grid.from) * PX_PER_MINUTE }}>
                      {clock(`${String(m / 60).padStart(2, '0')}:00`)}
                    </span>
                  ))}
                </div>
              </div>
              {columns.map((column) => (
                <DayColumn key={column.resource.id} column={column} grid={grid} />
              ))}
            </div>
          </div>
        </section>
      )}
      {/* The day's schedule comes first (on a phone it is what the morning needs); then what lies beside it. */}
      {grid.leads.length > 0 && (
        <section className="staff-day__leads" aria-labelledby="toivepaiva-otsikko">
          <h2 id="toivepaiva-otsikko">Ilman kellonaikaa (toivottu päivä)</h2>
          <ul>
            {grid.leads.map((b) => (
              <li key={b.id}>
                <BookingLink booking={b} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {grid.unplaced.length > 0 && (
        <section className="staff-day__leads" aria-labelledby="ilman-resurssia-otsikko">
          <h2 id="ilman-resurssia-otsikko">Varaukset ilman resurssia</h2>
          <ul>
            {grid.unplaced.map((b) => (
              <li key={b.id}>
                <BookingLink booking={b} withTime />
              </li>
            ))}
          </ul>
        </section>
      )}
      {day.absences.length > 0 && <AbsenceList day={day} />}
    </>
  );
}

/** Which resources the grid shows: all, or one (the choice is kept in the address). */
function ResourcePicker({ day, shown, onShow }: { day: StaffDay; shown: number | null; onShow: (resourceId: number | null) => void }) {
  const id = useId();
  return (
    <div className="staff-day__picker">
      <label htmlFor={id}>Näytä</label>
      <select id={id} className="input" value={shown ?? ''} onChange={(e) => onShow(e.target.value ? Number(e.target.value) : null)}>
        <option value="">Kaikki resurssit ({day.resources.length})</option>
        {day.resources.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function hoursOf(from: number, to: number): number[] {
  const hours: number[] = [];
  for (let m = from; m < to; m += 60) hours.push(m);
  return hours;
}

function DayHours({ day }: { day: StaffDay }) {
  const { headline, reason, unusual } = dayHours(day.date, day.opening, day.exception);
  if (!unusual) return <span className="staff-day__hours">{headline}</span>;
  return (
    <span className="staff-day__hours staff-day__hours--unusual">
      <strong>{headline}</strong>
      {reason ? `: ${reason}` : ''}
    </span>
  );
}

function AbsenceList({ day }: { day: StaffDay }) {
  const names = new Map(day.resources.map((r) => [r.id, r.name]));
  return (
    <div className="staff-day__absences">
      <h2>Poissaolot</h2>
      <ul>
        {day.absences.map((a) => (
          <li key={a.id}>
            {names.get(a.resourceId) ?? 'Resurssi'}: {absenceTime(a.start, a.end, day.date)}
            {a.reason && <> – {a.reason}</>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'klo 8.00–12.00', or with dates when the absence runs over several days. */
function absenceTime(start: string, end: string, date: string): string {
  if (datePart(start) === date && datePart(end) === date) return `klo ${clockRange(start, end)}`;
  return `${finnishDate(datePart(start))} klo ${clock(start)} – ${finnishDate(datePart(end))} klo ${clock(end)}`;
}

/** The grid's stretches outside the opening hours, shaded. */
function closedStretches(grid: DayGrid): { from: number; to: number }[] {
  if (!grid.open) return [{ from: grid.from, to: grid.to }];
  return [
    { from: grid.from, to: grid.open.from },
    { from: grid.open.to, to: grid.to },
  ].filter((s) => s.to > s.from);
}

function DayColumn({ column, grid }: { column: GridColumn; grid: DayGrid }) {
  const headingId = `resurssi-${column.resource.id}`;
  const items = column.blocks;
  const from = grid.from;
  return (
    <section className="day-grid__column" aria-labelledby={headingId}>
      <h3 className="day-grid__head" id={headingId}>
        {column.resource.name}
      </h3>
      <div className="day-grid__body">
        {closedStretches(grid).map((c) => (
          <div
            key={`closed-${c.from}`}
            className="day-grid__closed"
            style={{ top: (c.from - from) * PX_PER_MINUTE, height: (c.to - c.from) * PX_PER_MINUTE }}
          />
        ))}
        {column.absences.map((a) => (
          <div
            key={a.key}
            className="day-absence"
            style={{ top: (a.from - from) * PX_PER_MINUTE, height: (a.to - a.from) * PX_PER_MINUTE }}
          >
            <span className="day-absence__label">
              Poissa {clockRange(a.absence.start, a.absence.end)}
              {a.absence.reason && <>: {a.absence.reason}</>}
            </span>
          </div>
        ))}
        {items.length > 0 && (
          <ul className="day-grid__items">
            {items.map((block) => (
              <li key={block.key} className="day-grid__item" style={blockStyle(block, from)}>
                {block.kind === 'booking' ? <BookingBlock booking={block.booking} /> : <HoldBlock block={block} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function blockStyle(block: GridBlock, from: number): CSSProperties {
  const height = Math.max((block.to - block.from) * PX_PER_MINUTE, 24);
  return {
    top: (block.from - from) * PX_PER_MINUTE,
    height,
    // Pointed at, a block grows to show all its text but never shrinks below its time.
    '--block-height': `${height}px`,
    left: `calc(${(block.lane / block.lanes) * 100}% + 2px)`,
    // Over an absence a strip of the hatching stays in sight on the right.
    width: `calc(${100 / block.lanes}% - ${block.overAbsence ? ABSENCE_STRIP_PX / block.lanes + 4 : 4}px)`,
  } as CSSProperties;
}

function BookingBlock({ booking }: { booking: StaffBookingSummary }) {
  const cancelled = booking.status === 'CANCELLED';
  const classes = ['day-booking', cancelled ? 'day-booking--cancelled' : '', booking.inAbsence && !cancelled ? 'day-booking--absence' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Link className={classes} to={staffPaths.booking(booking.id)}>
      <span className="day-booking__time">{clockRange(booking.start!, booking.end!)}</span>{' '}
      <span className="day-booking__plate">{booking.registerNumber}</span>{' '}
      <BookingStateBadge booking={booking} /> <AbsenceWarning booking={booking} />
      <span className="day-booking__name">{booking.customerName}</span>
      <span className="day-booking__summary">{booking.summary}</span>
    </Link>
  );
}

function HoldBlock({ block }: { block: Extract<GridBlock, { kind: 'hold' }> }) {
  const expires = `vanhenee klo ${clock(block.hold.expiresAt)}`;
  // Half an hour has room for two lines: the expiry shows on a longer hold, else on pointing.
  const roomy = block.to - block.from >= 45;
  return (
    <div className="day-hold" title={roomy ? undefined : expires}>
      <strong>Varaus kesken</strong> <span>{clockRange(block.hold.start, block.hold.end)}</span>
      {roomy && <span className="day-hold__expires">{expires}</span>}
    </div>
  );
}

/** A booking as one line of a list (leads and others without a place on the grid). */
function BookingLink({ booking, withTime }: { booking: StaffBookingSummary; withTime?: boolean }) {
  const cancelled = booking.status === 'CANCELLED';
  return (
    <Link className={cancelled ? 'staff-day__lead staff-day__lead--cancelled' : 'staff-day__lead'} to={staffPaths.booking(booking.id)}>
      {withTime && booking.start && booking.end && <span>{clockRange(booking.start, booking.end)} </span>}
      <strong>{booking.registerNumber}</strong> {booking.customerName}, {formatPhoneNumber(booking.customerPhone)} – {booking.summary}{' '}
      <BookingStateBadge booking={booking} /> <AbsenceWarning booking={booking} />
    </Link>
  );
}

