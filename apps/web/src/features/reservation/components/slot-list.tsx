import './slot-list.css';
import { useId } from 'react';
import { formatFinnishDateLong, formatFinnishTime, type FreeTimeDay, type OfficeHours } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { daySlots, isDayOnly, sameSlot, withSeconds, type Slot } from '@/features/reservation/calendar.ts';

export interface SlotListProps {
  day: FreeTimeDay;
  /** The office's hours: a day-only day is offered as its working day. */
  officeHours: OfficeHours;
  reserved: { start: string; end: string } | null;
  onReserve: (day: FreeTimeDay, slot: Slot) => void;
  disabled?: boolean;
  /** Slots ('YYYY-MM-DDTHH:mm:ss' starts) found taken by someone else since the list was loaded. */
  taken?: ReadonlySet<string>;
}

/** The selected day's times, '8.00–9.30' each with 'Varaa aika' or 'Aika valittu'. */
export function SlotList({ day, officeHours, reserved, onReserve, disabled, taken }: SlotListProps) {
  const baseId = useId();
  const slots = daySlots(day, officeHours);
  return (
    <section className="slots" aria-label={`Vapaat ajat ${formatFinnishDateLong(day.date)}`}>
      <ul className="slots__list">
        {slots.map((slot, i) => {
          // A day-only time is the day itself; the workshop fits the work in.
          const selected = isDayOnly(day) ? (reserved?.start.startsWith(`${day.date}T`) ?? false) : sameSlot(day.date, slot, reserved);
          const gone = !selected && (taken?.has(`${day.date}T${withSeconds(slot.startTime)}`) ?? false);
          const timeId = `${baseId}-${i}`;
          return (
            <li key={`${slot.startTime}-${slot.endTime}`} className={`slot${selected ? ' slot--selected' : ''}`}>
              <span className="slot__time" id={timeId}>
                {formatFinnishTime(slot.startTime)}–{formatFinnishTime(slot.endTime)}
              </span>
              {selected ? (
                <span className="slot__status" role="status">
                  <CheckIcon /> Aika valittu
                </span>
              ) : gone ? (
                <span className="slot__status slot__status--gone">Ei enää vapaana</span>
              ) : (
                <Button
                  variant="secondary"
                  className="slot__button"
                  disabled={disabled}
                  aria-describedby={timeId}
                  onClick={() => onReserve(day, slot)}
                >
                  Varaa aika
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
