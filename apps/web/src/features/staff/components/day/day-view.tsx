import './day.css';
import { Link } from 'react-router';
import { formatLocalDateTime, staffPaths, type StaffDay } from '@huolto/domain';
import { layoutDay } from '@/features/staff/day-layout.ts';
import { dayHours, finnishDate } from '@/features/staff/format.ts';
import { DayGrid } from './day-grid.tsx';
import { AbsenceList, BookingList } from './day-lists.tsx';
import { ResourcePicker } from './resource-picker.tsx';

/**
 * An office's day: its hours and counts, the schedule with a column per resource (or the one
 * shown), then the bookings without a place on it and the absences.
 */
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
          <DayGrid day={day} grid={grid} columns={columns} now={formatLocalDateTime(new Date())} />
        </section>
      )}
      {/* The day's schedule comes first (on a phone it is what the morning needs); then what lies beside it. */}
      {grid.leads.length > 0 && <BookingList id="toivepaiva-otsikko" title="Ilman kellonaikaa (toivottu päivä)" bookings={grid.leads} />}
      {grid.unplaced.length > 0 && (
        <BookingList id="ilman-resurssia-otsikko" title="Varaukset ilman resurssia" bookings={grid.unplaced} withTime />
      )}
      {day.absences.length > 0 && <AbsenceList day={day} />}
    </>
  );
}

/** The day's opening hours; a day unlike the usual in bold, with its reason. */
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
