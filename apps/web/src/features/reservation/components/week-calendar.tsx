import './week-calendar.css';
import { useId } from 'react';
import { addDays, isoWeekday, weekLabel } from '@huolto/domain';
import { DayButton } from '@/components/ui/day-button.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { freeSlotCount, isFreeDay } from '@/features/reservation/calendar.ts';
import type { WeekCalendarState } from '@/features/reservation/hooks/use-week-calendar.ts';


export interface WeekCalendarProps {
  calendar: WeekCalendarState;
}

/**
 * The week picker and the days of the week (requirements §2 "Reservation page"). Days without
 * free times are disabled; weekends are shown only when they have times.
 */
export function WeekCalendar({ calendar }: WeekCalendarProps) {
  const pickerId = useId();
  const { weeks, monday, selectWeek, days, selectedDay, selectDay, firstMonday } = calendar;
  const lastWeek = weeks[weeks.length - 1] ?? monday;
  const shownDays = days.filter((d) => isoWeekday(d.date) <= 5 || isFreeDay(d));

  return (
    <div className="calendar">
      <div className="calendar__weeks">
        <button
          type="button"
          className="icon-button"
          aria-label="Edellinen viikko"
          disabled={monday <= firstMonday}
          onClick={() => selectWeek(addDays(monday, -7))}
        >
          <ChevronIcon direction="left" />
        </button>
        <div className="calendar__picker">
          <label htmlFor={pickerId} className="visually-hidden">
            Viikko
          </label>
          <select id={pickerId} className="input" value={monday} onChange={(e) => selectWeek(e.target.value)}>
            {weeks.map((w) => (
              <option key={w} value={w}>
                {weekLabel(w)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="icon-button"
          aria-label="Seuraava viikko"
          disabled={monday >= lastWeek}
          onClick={() => selectWeek(addDays(monday, 7))}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      <div className="calendar__days" role="group" aria-label={`Päivät, ${weekLabel(monday)}`}>
        {shownDays.map((day) => (
          <DayButton
            key={day.date}
            date={day.date}
            count={freeSlotCount(day)}
            selected={selectedDay?.date === day.date}
            disabled={calendar.isLoading}
            onSelect={() => selectDay(day.date)}
          />
        ))}
      </div>
    </div>
  );
}
