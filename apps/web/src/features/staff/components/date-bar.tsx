import './date-bar.css';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { addDays, isRealDate, todayInHelsinki } from '@huolto/domain';
import { Field } from '@/components/ui/field.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';

export interface DateBarProps {
  /** The date shown, 'YYYY-MM-DD'. */
  date: string;
  /** The address of the view at another date. */
  to: (date: string) => string;
  /** How far the previous/next links step: a day or a week. */
  step: 'day' | 'week';
  /** The navigation's accessible name. */
  label: string;
}

/** How long the date field waits after the last key before it shows the date. */
const DATE_TYPING_PAUSE_MS = 400;

/** A view's date navigation: previous, today, next, and a date field that goes to the chosen day. */
export function DateBar({ date, to, step, label }: DateBarProps) {
  const navigate = useNavigate();
  const id = useId();
  const today = todayInHelsinki();
  const days = step === 'day' ? 1 : 7;
  const previous = to(addDays(date, -days));
  const next = to(addDays(date, days));
  // A date typed part by part goes through other dates ('2.' before '25.'): go once it rests.
  const [draft, setDraft] = useState(date);
  const toRef = useRef(to);
  toRef.current = to;
  useEffect(() => setDraft(date), [date]);
  useEffect(() => {
    if (draft === date || !isRealDate(draft) || draft < '2000-01-01' || draft > '2099-12-31') return;
    const timer = window.setTimeout(() => void navigate(toRef.current(draft)), DATE_TYPING_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, date, navigate]);
  return (
    <nav className="staff-datebar staff-no-print" aria-label={label}>
      <div className="staff-datebar__links">
        {/* On a phone the unit is left out of sight ('Edellinen', 'Seuraava'); the name keeps it. */}
        <Link className={buttonClasses('secondary')} to={previous} aria-label={step === 'day' ? 'Edellinen päivä' : 'Edellinen viikko'}>
          Edellinen<span className="staff-datebar__unit">{step === 'day' ? ' päivä' : ' viikko'}</span>
        </Link>
        <Link className={buttonClasses('secondary')} to={to(today)}>
          {step === 'day' ? 'Tänään' : 'Tämä viikko'}
        </Link>
        <Link className={buttonClasses('secondary')} to={next} aria-label={step === 'day' ? 'Seuraava päivä' : 'Seuraava viikko'}>
          Seuraava<span className="staff-datebar__unit">{step === 'day' ? ' päivä' : ' viikko'}</span>
        </Link>
      </div>
      <Field id={id} label="Siirry päivään">
        <input
          id={id}
          className="input"
          type="date"
          value={draft}
          min="2000-01-01"
          max="2099-12-31"
          onChange={(e) => setDraft(e.target.value)}
        />
      </Field>
    </nav>
  );
}
