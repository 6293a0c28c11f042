import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CALENDAR_AUTO_ADVANCE_WEEKS,
  WEEK_PICKER_WEEKS,
  addDays,
  startOfWeek,
  todayInHelsinki,
  type FreeTimeDay,
} from '@huolto/domain';
import { useFreeTimes } from '@/features/reservation/api/get-free-times.ts';
import { isFreeDay } from '@/features/reservation/calendar.ts';

/**
 * The week calendar's rules (requirements §4 "Week calendar"): it starts at the current week
 * (Helsinki date); a week without free times advances by itself up to
 * CALENDAR_AUTO_ADVANCE_WEEKS more weeks; the first free day is selected; the picker
 * offers WEEK_PICKER_WEEKS weeks. A reserved time opens its own week and day.
 */
export function useWeekCalendar(organizationId: number | null, reservedDate: string | null) {
  const firstMonday = useMemo(() => startOfWeek(todayInHelsinki()), []);
  const [monday, setMonday] = useState(() => (reservedDate ? startOfWeek(reservedDate) : firstMonday));
  /** Weeks the calendar may still skip on its own; 0 once the user picks a week. */
  const [advancesLeft, setAdvancesLeft] = useState(reservedDate ? 0 : CALENDAR_AUTO_ADVANCE_WEEKS);
  const [selectedDate, setSelectedDate] = useState<string | null>(reservedDate);

  const freeTimes = useFreeTimes(organizationId, monday);
  const data = freeTimes.data;

  useEffect(() => {
    if (!data || freeTimes.isFetching || advancesLeft === 0) return;
    if (data.some(isFreeDay)) setAdvancesLeft(0);
    else {
      setMonday((m) => addDays(m, 7));
      setAdvancesLeft((n) => n - 1);
    }
  }, [data, freeTimes.isFetching, advancesLeft]);

  // Keep the selected day if it is in this week and still makes sense; otherwise the
  // first free day of the week.
  useEffect(() => {
    if (!data) return;
    const inWeek = (d: string | null) => d !== null && d >= monday && d <= addDays(monday, 6);
    if (selectedDate !== null && inWeek(selectedDate)) {
      const day = data.find((d) => d.date === selectedDate);
      if ((day && isFreeDay(day)) || selectedDate === reservedDate) return;
    }
    setSelectedDate(data.find(isFreeDay)?.date ?? null);
  }, [data, monday, selectedDate, reservedDate]);

  const days: FreeTimeDay[] = useMemo(
    () =>
      Array.from({ length: 7 }, (_, i) => {
        const date = addDays(monday, i);
        return (
          data?.find((d) => d.date === date) ?? {
            date,
            exactTimesAvailable: false,
            onlyDayTimesAvailable: false,
            calendarSlots: [],
          }
        );
      }),
    [data, monday],
  );

  const weeks = useMemo(() => {
    const list = Array.from({ length: WEEK_PICKER_WEEKS }, (_, i) => addDays(firstMonday, i * 7));
    if (!list.includes(monday)) list.push(monday);
    return list.sort();
  }, [firstMonday, monday]);

  const selectWeek = useCallback((m: string) => {
    setAdvancesLeft(0);
    setMonday(m);
  }, []);

  const selectedDay = days.find((d) => d.date === selectedDate) ?? null;
  const searching = advancesLeft > 0 && (freeTimes.isPending || freeTimes.isFetching || !data?.some(isFreeDay));

  return {
    firstMonday,
    monday,
    weeks,
    selectWeek,
    days,
    selectedDay,
    selectDay: setSelectedDate,
    /** Still looking for the first week with free times. */
    searching,
    isLoading: freeTimes.isPending || searching,
    isError: freeTimes.isError,
    hasFreeTimes: days.some(isFreeDay),
  };
}

export type WeekCalendarState = ReturnType<typeof useWeekCalendar>;
