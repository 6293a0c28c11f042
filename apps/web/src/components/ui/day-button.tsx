import './day-button.css';
import { formatFinnishDate, formatFinnishDateLong } from '@huolto/domain';

/** '3 aikaa', '1 aika', 'ei aikoja'. */
export const slotCount = (n: number) => (n === 0 ? 'ei aikoja' : `${n} ${n === 1 ? 'aika' : 'aikaa'}`);

export interface DayButtonProps {
  /** 'YYYY-MM-DD' */
  date: string;
  /** The day's free times; none disables the day. */
  count: number;
  selected: boolean;
  disabled?: boolean;
  /** Whether the count is read out after the date too (it is always shown). */
  readCount?: boolean;
  onSelect: () => void;
}

/** A day of a week picker: 'TI 24.11. 3 aikaa' shown short, the long date read out; pressed when chosen. */
export function DayButton({ date, count, selected, disabled, readCount = false, onSelect }: DayButtonProps) {
  const [weekday, short] = formatFinnishDate(date).split(' ');
  return (
    <button
      type="button"
      className={`day-button${selected ? ' day-button--selected' : ''}`}
      disabled={count === 0 || disabled}
      aria-pressed={selected}
      onClick={onSelect}
    >
      <span className="day-button__weekday" aria-hidden="true">
        {weekday}
      </span>
      <span className="day-button__date" aria-hidden="true">
        {short}
      </span>
      <span className="visually-hidden">
        {formatFinnishDateLong(date)}
        {readCount ? `, ${slotCount(count)}` : ''}
      </span>
      <span className="day-button__note" aria-hidden="true">
        {slotCount(count)}
      </span>
    </button>
  );
}
