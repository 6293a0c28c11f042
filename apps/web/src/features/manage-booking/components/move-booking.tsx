import './move-booking.css';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  CALENDAR_AUTO_ADVANCE_WEEKS,
  addDays,
  daySlots,
  formatDuration,
  formatFinnishDate,
  formatFinnishDateLong,
  formatFinnishTime,
  isoWeekday,
  lastBookableDate,
  startOfWeek,
  todayInHelsinki,
  weekLabel,
  type DaySlot,
  type ManagedBooking,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { DayButton } from '@/components/ui/day-button.tsx';
import { ChevronIcon } from '@/components/ui/icons.tsx';
import { LoadingState } from '@/components/ui/spinner.tsx';
import { ApiError } from '@/lib/api-client.ts';
import type { BookingRef } from '@/features/manage-booking/api/manage-booking.ts';
import { useFreeTimesForBooking } from '@/features/manage-booking/api/free-times-for-booking.ts';
import { useMoveBooking } from '@/features/manage-booking/api/move-booking.ts';


/** What the customer is told about a move. */
export const MOVE_TEXTS = {
  failed: 'Varauksen siirtäminen epäonnistui. Yritä hetken kuluttua uudelleen.',
  timesFailed: 'Vapaiden aikojen hakeminen epäonnistui.',
  noTimes: 'Tällä viikolla ei ole vapaita aikoja. Valitse toinen viikko.',
} as const;

interface Choice extends DaySlot {
  date: string;
  /** A day-only office: the work is done during the day. */
  wholeDay: boolean;
}


/** How long the booking's work takes: '1 h', '1 h 30 min', '45 min'. */
function durationText(booking: ManagedBooking): string {
  if (!booking.start || !booking.end) return '';
  return formatDuration((Date.parse(`${booking.end}Z`) - Date.parse(`${booking.start}Z`)) / 60000);
}

/** 'ti 1.12.2026 klo 8.00–9.00', or a day-only day's date. */
function choiceText(c: Choice): string {
  const date = formatFinnishDate(c.date, true);
  return c.wholeDay ? `${date} (työ tehdään päivän aikana)` : `${date} klo ${formatFinnishTime(c.startTime)}–${formatFinnishTime(c.endTime)}`;
}

/** The server's Finnish reason of a refusal (404/409), when it gave one. */
function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 409)) return null;
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

/**
 * Moving the booking to another free time at its office (POST /free-times-for-booking,
 * /move-booking): a week at a time, Monday first, the days with free times for the
 * booking's own length of work; choosing a time and 'Siirrä varaus' moves it. The
 * booking keeps its time if the chosen one was taken meanwhile, and the customer is told.
 */
export function MoveBooking({
  booking,
  bookingRef,
  onMoved,
}: {
  booking: ManagedBooking;
  bookingRef: BookingRef;
  /** Told the moved booking's text; the page keeps it in view even when the new time can no longer be moved. */
  onMoved: (text: string) => void;
}) {
  const id = useId();
  const today = useMemo(() => todayInHelsinki(), []);
  const firstMonday = startOfWeek(today);
  const lastMonday = startOfWeek(lastBookableDate(today));
  const [monday, setMonday] = useState(firstMonday);
  /** Weeks the list may still skip on its own while looking for free times; 0 once the customer picks a week. */
  const [advancesLeft, setAdvancesLeft] = useState(CALENDAR_AUTO_ADVANCE_WEEKS);
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const times = useFreeTimesForBooking(bookingRef, monday, true);
  const move = useMoveBooking(bookingRef);

  const current = times.data && !times.isPlaceholderData ? times.data.days : undefined;
  const days = useMemo(() => current?.filter((d) => isoWeekday(d.date) <= 5 || daySlots(d, booking.office).length > 0) ?? [], [current, booking.office]);
  const freeDays = days.filter((d) => daySlots(d, booking.office).length > 0);
  const searching = advancesLeft > 0 && (times.isFetching || (current !== undefined && freeDays.length === 0 && monday < lastMonday));

  useEffect(() => {
    if (!current || times.isFetching || advancesLeft === 0) return;
    if (freeDays.length > 0 || monday >= lastMonday) setAdvancesLeft(0);
    else {
      setMonday((m) => addDays(m, 7));
      setAdvancesLeft((n) => n - 1);
    }
  }, [current, times.isFetching, advancesLeft, freeDays.length, monday, lastMonday]);

  const selectedDay = freeDays.find((d) => d.date === selectedDate) ?? freeDays[0] ?? null;
  const selectedSlots = selectedDay ? daySlots(selectedDay, booking.office) : [];

  const selectWeek = (m: string) => {
    setAdvancesLeft(0);
    setMonday(m);
    setSelectedDate(null);
    setChoice(null);
  };

  const submit = () => {
    if (!choice) return;
    const reservation = `${choice.date}T${choice.startTime}|${choice.date}T${choice.endTime}`;
    setProblem(null);
    move.mutate(reservation, {
      onSuccess: (answer) => {
        setChoice(null);
        if (answer.responseCode === 'SUCCESS') {
          onMoved(`Varaus on siirretty. Uusi aika: ${choiceText(choice)}. Lähetimme uuden vahvistuksen sähköpostiisi.`);
        } else setProblem(answer.message);
      },
      onError: (error) => setProblem(refusalText(error) ?? MOVE_TEXTS.failed),
    });
  };

  return (
    <section className="card move" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        Siirrä toiseen aikaan
      </h2>
      <p className="move__lead">Valitse uusi vapaa aika. Nykyinen aikasi vapautuu vasta, kun uusi on varattu.</p>
      {problem && (
        <div className="notice notice--warning" role="alert">
          <p>{problem}</p>
        </div>
      )}
      <div className="move__weeks">
        <button
          type="button"
          className="icon-button"
          aria-label="Edellinen viikko"
          disabled={monday <= firstMonday || move.isPending}
          onClick={() => selectWeek(addDays(monday, -7))}
        >
          <ChevronIcon direction="left" />
        </button>
        <p className="move__week" aria-live="polite">
          {weekLabel(monday)}
        </p>
        <button
          type="button"
          className="icon-button"
          aria-label="Seuraava viikko"
          disabled={monday >= lastMonday || move.isPending}
          onClick={() => selectWeek(addDays(monday, 7))}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>

      {times.isError && !times.isFetching ? (
        <div className="notice notice--warning" role="alert">
          <p>{refusalText(times.error) ?? MOVE_TEXTS.timesFailed}</p>
          {!refusalText(times.error) && (
            <Button variant="secondary" onClick={() => void times.refetch()}>
              Yritä uudelleen
            </Button>
          )}
        </div>
      ) : searching || !current ? (
        <LoadingState text="Haetaan vapaita aikoja…" />
      ) : freeDays.length === 0 ? (
        <p className="move__empty">{MOVE_TEXTS.noTimes}</p>
      ) : (
        <>
          <div className="move__days" role="group" aria-label={`Päivät, ${weekLabel(monday)}`}>
            {days.map((day) => (
              <DayButton
                key={day.date}
                date={day.date}
                count={daySlots(day, booking.office).length}
                selected={selectedDay?.date === day.date}
                disabled={move.isPending}
                readCount
                onSelect={() => {
                  setSelectedDate(day.date);
                  setChoice(null);
                }}
              />
            ))}
          </div>
          {selectedDay && (
            <>
              {selectedDay.calendarSlots.length > 0 && (
                <p className="move__caption" id={`${id}-caption`}>
                  Alkamisajat, varaus kestää {durationText(booking)}
                </p>
              )}
              <ul
                className="move__slots"
                aria-label={`Vapaat ajat ${formatFinnishDateLong(selectedDay.date)}`}
                aria-describedby={selectedDay.calendarSlots.length > 0 ? `${id}-caption` : undefined}
              >
                {selectedSlots.map((slot) => {
                  const wholeDay = selectedDay.calendarSlots.length === 0;
                  const chosen = choice?.date === selectedDay.date && choice.startTime === slot.startTime;
                  const range = `${formatFinnishTime(slot.startTime)}–${formatFinnishTime(slot.endTime)}`;
                  return (
                    <li key={slot.startTime} className={wholeDay ? 'move__slot--day' : undefined}>
                      <button
                        type="button"
                        className={`move-slot${chosen ? ' move-slot--chosen' : ''}`}
                        aria-pressed={chosen}
                        aria-label={wholeDay ? `${range} koko päivä` : range}
                        disabled={move.isPending}
                        onClick={() => setChoice({ date: selectedDay.date, ...slot, wholeDay })}
                      >
                        {/* The start is enough on the chip: every time lasts as long as the booking. */}
                        {wholeDay ? `${range} koko päivä` : formatFinnishTime(slot.startTime)}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </>
      )}

      <div className="move__confirm">
        <p className="move__choice" aria-live="polite">
          {choice ? (
            <>
              Uusi aika: <strong>{choiceText(choice)}</strong>
            </>
          ) : (
            'Valitse ensin uusi aika.'
          )}
        </p>
        <Button disabled={!choice || move.isPending} aria-busy={move.isPending || undefined} onClick={submit}>
          Siirrä varaus
        </Button>
      </div>
    </section>
  );
}
