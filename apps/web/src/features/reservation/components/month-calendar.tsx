import './month-calendar.css';
import { useState } from 'react';
import { addMonthsToMonth, formatFinnishDateLong, isLeadDateAllowed, lastAllowedLeadDate, todayInHelsinki } from '@huolto/domain';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { monthGrid, monthLabel, monthOf } from '@/features/reservation/calendar.ts';

const WEEKDAYS = ['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su'] as const;

export interface MonthCalendarProps {
  /** The chosen date, 'YYYY-MM-DD'. */
  value: string | null;
  onChange: (date: string) => void;
  disabled?: boolean;
  /** For tests; the Helsinki date of today otherwise. */
  today?: string;
}

/**
 * The month calendar of lead mode (requirements §2 "Reservation page", §5 "Month calendar"):
 * a preferred date instead of a time. A day can be pressed exactly when the server
 * accepts it as a lead date (the shared rule of @huolto/domain: a working day, not a
 * Finnish holiday, after today and at most three months ahead); the months shown run
 * from this month to the month of the last such date.
 */
export function MonthCalendar({ value, onChange, disabled, today = todayInHelsinki() }: MonthCalendarProps) {
  const firstMonth = monthOf(today);
  const lastDate = lastAllowedLeadDate(today);
  const lastMonth = lastDate ? monthOf(lastDate) : firstMonth;
  const [month, setMonth] = useState(() => {
    const start = value ? monthOf(value) : firstMonth;
    return start < firstMonth ? firstMonth : start > lastMonth ? lastMonth : start;
  });
  const grid = monthGrid(month);

  return (
    <div className="month-calendar">
      <div className="month-calendar__head">
        <button
          type="button"
          className="icon-button"
          aria-label="Edellinen kuukausi"
          disabled={month <= firstMonth}
          onClick={() => setMonth(addMonthsToMonth(month, -1))}
        >
          <ChevronIcon direction="left" />
        </button>
        <h3 className="month-calendar__title" aria-live="polite">
          {monthLabel(month)}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label="Seuraava kuukausi"
          disabled={month >= lastMonth}
          onClick={() => setMonth(addMonthsToMonth(month, 1))}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      <table className="month-calendar__grid">
        <caption className="visually-hidden">Valitse toivottu päivä, {monthLabel(month)}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) =>
                date === null ? (
                  <td key={j} />
                ) : (
                  <td key={date}>
                    <button
                      type="button"
                      className={`month-calendar__day${value === date ? ' month-calendar__day--selected' : ''}`}
                      aria-pressed={value === date}
                      aria-label={formatFinnishDateLong(date)}
                      disabled={disabled || !isLeadDateAllowed(date, today)}
                      onClick={() => onChange(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
