import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { FreeTimeDay } from '@huolto/domain';
import { SlotList } from './slot-list.tsx';

afterEach(cleanup);

const DAY = '2026-12-01';
const HOURS = { opening_time: '07:30', closing_time: '17:00' };
const day: FreeTimeDay = {
  date: DAY,
  exactTimesAvailable: true,
  onlyDayTimesAvailable: false,
  calendarSlots: [
    { startTime: '08:00:00', endTime: '09:30:00' },
    { startTime: '09:30:00', endTime: '11:00:00' },
    { startTime: '12:00:00', endTime: '13:30:00' },
  ],
};

describe('<SlotList>', () => {
  it('shows each time as a chip with its start, named with its whole range', () => {
    render(<SlotList day={day} officeHours={HOURS} reserved={null} onReserve={() => {}} />);
    const chips = screen.getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['8.00', '9.30', '12.00']);
    expect(chips.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Varaa aika 8.00–9.30',
      'Varaa aika 9.30–11.00',
      'Varaa aika 12.00–13.30',
    ]);
    expect(chips.every((c) => c.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(screen.getByRole('region', { name: 'Vapaat ajat tiistai 1.12.2026' })).toBeTruthy();
  });

  it('a chip asks for its time; the held one is pressed and asks for nothing', () => {
    const onReserve = vi.fn();
    render(
      <SlotList
        day={day}
        officeHours={HOURS}
        reserved={{ start: `${DAY}T09:30:00`, end: `${DAY}T11:00:00` }}
        onReserve={onReserve}
      />,
    );
    const held = screen.getByRole('button', { name: 'Aika valittu 9.30–11.00' });
    expect(held.getAttribute('aria-pressed')).toBe('true');
    expect(held.classList.contains('slot--selected')).toBe(true);
    fireEvent.click(held);
    expect(onReserve).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Varaa aika 12.00–13.30' }));
    expect(onReserve).toHaveBeenCalledWith(day, day.calendarSlots[2]);
  });

  it('while a reservation is under way the chips wait but keep the focus; a time taken meanwhile cannot be chosen', () => {
    const onReserve = vi.fn();
    render(
      <SlotList day={day} officeHours={HOURS} reserved={null} onReserve={onReserve} disabled taken={new Set([`${DAY}T08:00:00`])} />,
    );
    const gone = screen.getByRole('button', { name: '8.00–9.30 ei enää vapaana' }) as HTMLButtonElement;
    expect(gone.disabled).toBe(true);
    const waiting = screen.getByRole('button', { name: 'Varaa aika 9.30–11.00' }) as HTMLButtonElement;
    expect(waiting.disabled).toBe(false);
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(waiting);
    expect(onReserve).not.toHaveBeenCalled();
  });

  it('a day-only day is one chip showing the working day', () => {
    const dayOnly: FreeTimeDay = { date: DAY, exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] };
    render(<SlotList day={dayOnly} officeHours={HOURS} reserved={null} onReserve={() => {}} />);
    const chip = screen.getByRole('button');
    expect(chip.textContent).toBe('7.30–17.00');
    expect(chip.getAttribute('aria-label')).toBe('Varaa aika 7.30–17.00');
  });
});
