import { describe, expect, it } from 'vitest';
import { daySlots } from '@huolto/domain';
import {
  freeSlotCount,
  monthGrid,
  monthLabel,
  reservationOf,
  sameSlot,
  slotDuration,
} from './calendar.ts';

describe('calendar helpers', () => {
  it('writes a reservation as start|end local date-times', () => {
    expect(reservationOf('2026-11-24', { startTime: '08:00:00', endTime: '09:30' })).toBe(
      '2026-11-24T08:00:00|2026-11-24T09:30:00',
    );
    expect(sameSlot('2026-11-24', { startTime: '08:00', endTime: '09:30:00' }, { start: '2026-11-24T08:00:00', end: '2026-11-24T09:30:00' })).toBe(true);
  });

  it('offers the office\'s working day for a day-only day without slots', () => {
    const dayOnly = { date: '2026-11-24', exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] };
    const none = { date: '2026-11-24', exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] };
    expect(daySlots(dayOnly, { opening_time: '07:30', closing_time: '17:00' })).toEqual([{ startTime: '07:30:00', endTime: '17:00:00' }]);
    expect(daySlots(dayOnly, { opening_time: '08:00', closing_time: '16:00' })).toEqual([{ startTime: '08:00:00', endTime: '16:00:00' }]);
    expect(daySlots(none, { opening_time: '07:30', closing_time: '17:00' })).toEqual([]);
    expect([freeSlotCount(dayOnly), freeSlotCount(none)]).toEqual([1, 0]);
    const exact = { ...dayOnly, exactTimesAvailable: true, calendarSlots: [{ startTime: '08:00:00', endTime: '09:00:00' }] };
    expect(daySlots(exact, { opening_time: '07:30', closing_time: '17:00' })).toEqual(exact.calendarSlots);
    expect(freeSlotCount(exact)).toBe(1);
  });

  it('lays out a month in weeks starting on Monday', () => {
    const grid = monthGrid('2026-11');
    // 1.11.2026 is a Sunday: six blanks before it.
    expect(grid[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(grid.at(-1)).toEqual(['2026-11-30', null, null, null, null, null, null]);
    expect(grid.flat().filter(Boolean)).toHaveLength(30);
    expect(monthGrid('2027-02').flat().filter(Boolean)).toHaveLength(28);
    expect(monthLabel('2026-11')).toBe('marraskuu 2026');
  });

  it('tells how long the times of a day last when they are equally long (the chips show only the start)', () => {
    const day = (slots: [string, string][]) => ({
      date: '2026-11-24',
      exactTimesAvailable: slots.length > 0,
      onlyDayTimesAvailable: slots.length === 0,
      calendarSlots: slots.map(([startTime, endTime]) => ({ startTime, endTime })),
    });
    expect(slotDuration(day([['08:00:00', '10:00:00'], ['12:00:00', '14:00:00']]))).toBe('2 h');
    expect(slotDuration(day([['08:00:00', '09:30:00']]))).toBe('1 h 30 min');
    expect(slotDuration(day([['08:00:00', '09:00:00'], ['10:00:00', '12:00:00']]))).toBeNull();
    expect(slotDuration(day([]))).toBeNull();
  });
});
