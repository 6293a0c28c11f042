import './week-view.css';
import { Link } from 'react-router';
import { formatDuration, staffPaths, todayInHelsinki, type StaffWeek } from '@huolto/domain';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import { ChannelBadge } from '@/features/staff/components/day/channel-badge.tsx';
import { clock, dayHours, finnishDate } from '@/features/staff/format.ts';

/** An office's week: a card per day with its hours, load, absences and bookings (timed first, then leads). */
export function WeekView({ week, officeId }: { week: StaffWeek; officeId: number }) {
  const today = todayInHelsinki();
  return (
    <ol className="week-days">
      {week.days.map((day) => {
        const timed = day.bookings.filter((b) => b.start !== null).sort((a, b) => a.start!.localeCompare(b.start!));
        const leads = day.bookings.filter((b) => b.start === null);
        const active = day.bookings.filter((b) => b.status !== 'CANCELLED').length;
        const headingId = `paiva-${day.date}`;
        const hours = dayHours(day.date, day.opening, day.exception);
        return (
          <li key={day.date} className={day.date === today ? 'week-day week-day--today' : 'week-day'}>
            <section aria-labelledby={headingId}>
              <h2 id={headingId} className="week-day__title">
                <Link to={staffPaths.day(officeId, day.date)}>{finnishDate(day.date)}</Link>
                {day.date === today && <span className="week-day__today"> (tänään)</span>}
              </h2>
              <p className="week-day__hours">
                {hours.unusual ? <strong>{hours.headline}</strong> : hours.headline}
                {hours.reason ? `: ${hours.reason}` : ''}
                {' · '}
                {active === 1 ? '1 varaus' : `${active} varausta`}
              </p>
              {day.load && <DayLoad load={day.load} />}
              {day.absences.length > 0 && (
                <p className="week-day__absences">
                  {day.absences.length === 1 ? '1 poissaolo' : `${day.absences.length} poissaoloa`}
                </p>
              )}
              {day.bookings.length > 0 && (
                <ul className="week-day__bookings">
                  {[...timed, ...leads].map((b) => (
                    <li key={b.id} className={b.status === 'CANCELLED' ? 'week-booking week-booking--cancelled' : 'week-booking'}>
                      <Link to={staffPaths.booking(b.id)}>
                        <span className="week-booking__time">{b.start ? clock(b.start) : 'Ei aikaa'}</span>{' '}
                        <span className="week-booking__plate">{b.registerNumber}</span>{' '}
                        <span className="week-booking__name">{b.customerName}</span>
                      </Link>{' '}
                      <BookingStateBadge booking={b} /> <ChannelBadge booking={b} /> <AbsenceWarning booking={b} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </li>
        );
      })}
    </ol>
  );
}

/** A day's booked share of its open resource time, 0–100 (over 100 only if more was booked than open). */
export function loadPercent(load: { bookedMinutes: number; openMinutes: number }): number {
  if (load.openMinutes <= 0) return load.bookedMinutes > 0 ? 100 : 0;
  return Math.round((load.bookedMinutes / load.openMinutes) * 100);
}

/** The day's load: the percentage and hours in words, with a bar drawn beside them (the text is what is read). */
function DayLoad({ load }: { load: { bookedMinutes: number; openMinutes: number } }) {
  const percent = loadPercent(load);
  const level = percent >= 90 ? 'full' : percent >= 60 ? 'busy' : 'free';
  return (
    <div className={`week-load week-load--${level}`}>
      <p className="week-load__text">
        Varattu <strong>{percent} %</strong>{' '}
        <span className="week-load__hours">
          ({formatDuration(load.bookedMinutes)} / {formatDuration(load.openMinutes)})
        </span>
      </p>
      <span className="week-load__bar" aria-hidden="true">
        <span className="week-load__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </span>
    </div>
  );
}
