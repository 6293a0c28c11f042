import './slot-list.css';
import { daySlots, formatFinnishDateLong, formatFinnishTime, type FreeTimeDay, type OfficeHours } from '@huolto/domain';
import { CheckIcon } from '@/components/ui/icons.tsx';
import { isDayOnly, sameSlot, withSeconds, type Slot } from '@/features/reservation/calendar.ts';

export interface SlotListProps {
  day: FreeTimeDay;
  /** The office's hours: a day-only day is offered as its working day. */
  officeHours: OfficeHours;
  reserved: { start: string; end: string } | null;
  onReserve: (day: FreeTimeDay, slot: Slot) => void;
  /** A reservation is under way: the times wait (they keep the focus meanwhile). */
  disabled?: boolean;
  /** Slots ('YYYY-MM-DDTHH:mm:ss' starts) found taken by someone else since the list was loaded. */
  taken?: ReadonlySet<string>;
}

/** '8.00–9.30' */
export const slotRange = (slot: Slot) => `${formatFinnishTime(slot.startTime)}–${formatFinnishTime(slot.endTime)}`;

/**
 * The selected day's times as a wrap of compact buttons: each shows its start ('8.00'),
 * and is read out with its whole range ('Varaa aika 8.00–9.30'). The held time is the
 * pressed one; a time someone else took meanwhile is shown struck out and cannot be chosen.
 * A day-only day is one time, shown as the working day's range.
 */
export function SlotList({ day, officeHours, reserved, onReserve, disabled = false, taken }: SlotListProps) {
  const slots = daySlots(day, officeHours);
  const dayOnly = isDayOnly(day);
  return (
    <section className="slots" aria-label={`Vapaat ajat ${formatFinnishDateLong(day.date)}`}>
      <ul className="slots__list">
        {slots.map((slot) => {
          // A day-only time is the day itself; the workshop fits the work in.
          const selected = dayOnly ? (reserved?.start.startsWith(`${day.date}T`) ?? false) : sameSlot(day.date, slot, reserved);
          const gone = !selected && (taken?.has(`${day.date}T${withSeconds(slot.startTime)}`) ?? false);
          const range = slotRange(slot);
          const label = selected ? `Aika valittu ${range}` : gone ? `${range} ei enää vapaana` : `Varaa aika ${range}`;
          const classes = ['slot', selected && 'slot--selected', gone && 'slot--gone'].filter(Boolean).join(' ');
          return (
            <li key={`${slot.startTime}-${slot.endTime}`}>
              <button
                type="button"
                className={classes}
                aria-label={label}
                aria-pressed={selected}
                // Busy: aria-disabled rather than disabled, so that the focus stays on the time.
                aria-disabled={disabled && !gone ? true : undefined}
                disabled={gone}
                onClick={() => {
                  if (!selected && !disabled) onReserve(day, slot);
                }}
              >
                {selected && <CheckIcon />}
                <span className="slot__time">{dayOnly ? range : formatFinnishTime(slot.startTime)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
