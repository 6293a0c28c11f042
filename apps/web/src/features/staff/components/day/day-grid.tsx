import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import {
  STAFF_MOVE_STEP_MINUTES,
  staffMoveStarts,
  staffPaths,
  timeToMinutes,
  type StaffBookingSummary,
  type StaffDay,
} from '@huolto/domain';
import { AbsenceWarning, BookingStateBadge } from '@/features/staff/components/booking-state.tsx';
import type { DayGrid as Grid, GridBlock, GridColumn } from '@/features/staff/day-layout.ts';
import { clock, clockRange } from '@/features/staff/format.ts';
import { ChannelBadge } from './channel-badge.tsx';

/** Pixels per minute on the time grid: an hour is 96 px, a 15-minute job still readable. */
const PX_PER_MINUTE = 1.6;
/** How much of an absence a block over it leaves in sight. */
const ABSENCE_STRIP_PX = 20;

/**
 * The day's time grid: the hours down the side and a column per resource shown. The free
 * quarter hours still to come start a new booking at the desk (a "+" on pointing or focus;
 * on a phone one "Uusi varaus" per resource instead). `now`: Helsinki wall clock.
 */
export function DayGrid({ day, grid, columns, now }: { day: StaffDay; grid: Grid; columns: GridColumn[]; now: string }) {
  return (
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
          <DayColumn key={column.resource.id} column={column} grid={grid} day={day} now={now} />
        ))}
      </div>
    </div>
  );
}

function hoursOf(from: number, to: number): number[] {
  const hours: number[] = [];
  for (let m = from; m < to; m += 60) hours.push(m);
  return hours;
}

/** The grid's stretches outside the opening hours, shaded. */
function closedStretches(grid: Grid): { from: number; to: number }[] {
  if (!grid.open) return [{ from: grid.from, to: grid.to }];
  return [
    { from: grid.from, to: grid.open.from },
    { from: grid.open.to, to: grid.to },
  ].filter((s) => s.to > s.from);
}

/** The quarter hours of a resource's day where a new booking could start: free, not past. */
export function freeStarts(day: StaffDay, resourceId: number, now: string): string[] {
  return staffMoveStarts(day, resourceId, STAFF_MOVE_STEP_MINUTES, -1, now)
    .filter((s) => !s.taken && !s.past)
    .map((s) => s.time);
}

function DayColumn({ column, grid, day, now }: { column: GridColumn; grid: Grid; day: StaffDay; now: string }) {
  const headingId = `resurssi-${column.resource.id}`;
  const items = column.blocks;
  const from = grid.from;
  const { id: resourceId, name } = column.resource;
  const free = freeStarts(day, resourceId, now);
  const newAt = (time?: string) => staffPaths.newBooking(day.office.id, { date: day.date, time, resourceId, channel: 'PHONE' });
  return (
    <section className="day-grid__column" aria-labelledby={headingId}>
      <div className="day-grid__head">
        <h3 className="day-grid__name" id={headingId}>
          {name}
        </h3>
        {/* On a phone (no pointing, small targets) one button per resource instead of the quarter hours. */}
        {free.length > 0 && (
          <Link className="day-grid__new" to={newAt()} aria-label={`Uusi varaus: ${name}`}>
            <span aria-hidden="true">+ </span>Uusi varaus
          </Link>
        )}
      </div>
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
        {/* After the bookings, so that the keyboard reaches a column's bookings first. */}
        {free.length > 0 && (
          <div className="day-grid__free">
            {free.map((time) => (
              <Link
                key={time}
                className="day-grid__slot"
                to={newAt(time)}
                aria-label={`Uusi varaus: ${name} klo ${clock(time)}`}
                title={`Uusi varaus klo ${clock(time)}`}
                style={{ top: (timeToMinutes(time) - from) * PX_PER_MINUTE, height: STAFF_MOVE_STEP_MINUTES * PX_PER_MINUTE }}
              >
                <span aria-hidden="true">+ {clock(time)}</span>
              </Link>
            ))}
          </div>
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
      <BookingStateBadge booking={booking} /> <ChannelBadge booking={booking} /> <AbsenceWarning booking={booking} />
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
