import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { addDays, formatFinnishDateLong, lastAllowedLeadDate, lastLeadDate, leadDateProblem } from '@huolto/domain';
import { monthLabel, monthOf } from '@/features/reservation/calendar.ts';
import { MonthCalendar } from './month-calendar.tsx';

afterEach(cleanup);

/** 'maanantai 6.12.2027' (a day button's label) → '2027-12-06'. */
function dateOfLabel(label: string): string {
  const m = /(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(label);
  if (!m) throw new Error(`Not a date label: ${label}`);
  return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

interface Walk {
  months: string[];
  /** Every day shown in every month, and whether its button can be pressed. */
  days: Map<string, boolean>;
}

/** Shows the calendar for `today` and pages forward with "Seuraava kuukausi" until it stops. */
function walkCalendar(today: string): Walk {
  render(<MonthCalendar value={null} onChange={() => {}} today={today} />);
  const months: string[] = [];
  const days = new Map<string, boolean>();
  const next = screen.getByRole('button', { name: 'Seuraava kuukausi' }) as HTMLButtonElement;
  for (let guard = 0; guard < 24; guard++) {
    const grid = screen.getByRole('table');
    const title = screen.getByRole('heading', { level: 3 }).textContent ?? '';
    const buttons = within(grid).getAllByRole('button') as HTMLButtonElement[];
    const shown = buttons.map((b) => dateOfLabel(b.getAttribute('aria-label') ?? ''));
    const month = monthOf(shown[0]!);
    expect(title).toBe(monthLabel(month));
    expect(shown.every((d) => monthOf(d) === month)).toBe(true);
    months.push(month);
    buttons.forEach((b, i) => days.set(shown[i]!, !b.disabled));
    if (next.disabled) return { months, days };
    fireEvent.click(next);
  }
  throw new Error('The month navigation never ends');
}

describe('MonthCalendar (lead mode)', () => {
  // 6.12.2027 is a Monday, 24.12.2027 a Friday; 20.2.2028, three months on, a Sunday.
  // 1.2.2027: three months on is 1.5.2027, a Saturday and Vappu, so the last date is in April.
  // 1.12.2026: 6.12. is a Sunday; 24.–26.12. Thursday to Saturday, 1.1. and 6.1. weekdays.
  it.each(['2027-11-20', '2027-02-01', '2026-12-01', '2026-11-30'])(
    'for today %s enables exactly the dates the server accepts as a lead date',
    (today) => {
      const { months, days } = walkCalendar(today);

      for (const [date, enabled] of days) {
        expect({ date, enabled }).toEqual({ date, enabled: leadDateProblem(date, today) === null });
      }

      // From this month to the month of the last date the server accepts, nothing further.
      const last = lastAllowedLeadDate(today)!;
      expect(months[0]).toBe(monthOf(today));
      expect(months.at(-1)).toBe(monthOf(last));
      expect(days.get(last)).toBe(true);

      // Every date the server accepts can be reached and pressed.
      for (let d = addDays(today, 1); d <= lastLeadDate(today); d = addDays(d, 1)) {
        if (leadDateProblem(d, today) === null) expect({ d, enabled: days.get(d) }).toEqual({ d, enabled: true });
      }
    },
  );

  it('disables the holidays, weekends, today and the days past three months', () => {
    const today = '2027-11-20';
    const { months, days } = walkCalendar(today);
    expect(months).toEqual(['2027-11', '2027-12', '2028-01', '2028-02']);
    expect(days.get('2027-11-20')).toBe(false); // today
    expect(days.get('2027-11-19')).toBe(false); // before today
    expect(days.get('2027-11-22')).toBe(true); // Monday
    expect(days.get('2027-11-27')).toBe(false); // Saturday
    expect(days.get('2027-11-28')).toBe(false); // Sunday
    expect(days.get('2027-12-03')).toBe(true); // Friday
    expect(days.get('2027-12-06')).toBe(false); // Itsenäisyyspäivä, a Monday
    expect(days.get('2027-12-07')).toBe(true);
    expect(days.get('2027-12-23')).toBe(true);
    expect(days.get('2027-12-24')).toBe(false); // Jouluaatto, a Friday
    expect(days.get('2027-12-27')).toBe(true);
    expect(days.get('2028-01-06')).toBe(false); // Loppiainen, a Thursday
    expect(days.get('2028-02-18')).toBe(true); // the last Friday within three months
    expect(days.get('2028-02-21')).toBe(false); // a Monday past the limit
    expect(days.get('2028-02-29')).toBe(false);
    expect(screen.getByRole('button', { name: 'Seuraava kuukausi' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: formatFinnishDateLong('2028-02-18') })).toHaveProperty('disabled', false);
  });

  it('opens at the month of the chosen date, kept within the months that can be shown', () => {
    render(<MonthCalendar value="2027-12-07" onChange={() => {}} today="2027-11-20" />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(monthLabel('2027-12'));
    expect(screen.getByRole('button', { name: formatFinnishDateLong('2027-12-07') }).getAttribute('aria-pressed')).toBe('true');
    cleanup();
    // A date chosen on an earlier day, now in the past.
    render(<MonthCalendar value="2027-10-15" onChange={() => {}} today="2027-11-20" />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(monthLabel('2027-11'));
  });

  it('cannot go back before the current month', () => {
    render(<MonthCalendar value={null} onChange={() => {}} today="2027-11-20" />);
    const previous = screen.getByRole('button', { name: 'Edellinen kuukausi' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Seuraava kuukausi' }));
    expect(previous.disabled).toBe(false);
    fireEvent.click(previous);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(monthLabel('2027-11'));
    expect(previous.disabled).toBe(true);
  });
});
