import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLOSING_TIME,
  DEFAULT_OPENING_TIME,
  daySlots,
  formatOpeningHours,
  hoursOnDate,
  officeHoursOf,
  organizationSchema,
  toHoursAndMinutes,
  workingDayHours,
  workingDaySlot,
} from './index.ts';

describe('office hours', () => {
  it('are shown in Finnish style', () => {
    expect(formatOpeningHours({ opening_time: '07:30', closing_time: '17:00' })).toBe('7.30–17.00');
    expect(formatOpeningHours({ opening_time: '08:00', closing_time: '16:15' })).toBe('8.00–16.15');
    expect(formatOpeningHours({ opening_time: '10:05:00', closing_time: '20:00:00' })).toBe('10.05–20.00');
  });

  it('come from the organization, or are the common hours when it carries none', () => {
    expect(officeHoursOf({ opening_time: '08:00', closing_time: '16:00' })).toEqual({ opening_time: '08:00', closing_time: '16:00' });
    expect(officeHoursOf(null)).toEqual({ opening_time: DEFAULT_OPENING_TIME, closing_time: DEFAULT_CLOSING_TIME });
    expect(officeHoursOf({})).toEqual({ opening_time: '07:30', closing_time: '17:00' });
  });

  it('make the one time of a day-only day, opening to closing', () => {
    expect(workingDaySlot({ opening_time: '07:30', closing_time: '17:00' })).toEqual({ startTime: '07:30:00', endTime: '17:00:00' });
    expect(workingDaySlot({ opening_time: '08:00:00', closing_time: '16:30:00' })).toEqual({ startTime: '08:00:00', endTime: '16:30:00' });
    expect(toHoursAndMinutes('07:30:00')).toBe('07:30');
  });

  it('travel in the organization answer as HH:mm', () => {
    const office = { id: 1, name: 'A', address: 'B', post_code: '00100', post_office: 'Helsinki', brand_dealer: false };
    expect(organizationSchema.parse({ ...office, opening_time: '07:30', closing_time: '17:00' })).toMatchObject({ opening_time: '07:30' });
    expect(organizationSchema.safeParse({ ...office, opening_time: '07:30:00', closing_time: '17:00' }).success).toBe(false);
  });

  // 2026-11-24 is a Tuesday, 2026-11-28 a Saturday, 2026-12-24 Christmas Eve (a holiday), 2027-01-06 Epiphany (a Wednesday).
  const usual = { opening_time: '07:30:00', closing_time: '17:00:00' };

  it('on a working day without an exception are the usual hours, as HH:mm', () => {
    expect(hoursOnDate(usual, '2026-11-24')).toEqual({ opening_time: '07:30', closing_time: '17:00' });
    expect(hoursOnDate(usual, '2026-11-24', null)).toEqual({ opening_time: '07:30', closing_time: '17:00' });
    expect(workingDayHours(usual)).toEqual({ opening_time: '07:30', closing_time: '17:00' });
  });

  it("on a working day with an exception are the exception's hours, or closed when it closes the day", () => {
    expect(hoursOnDate(usual, '2026-11-24', { opening_time: '10:00:00', closing_time: '14:00:00' })).toEqual({ opening_time: '10:00', closing_time: '14:00' });
    expect(hoursOnDate(usual, '2026-11-24', { opening_time: null, closing_time: null })).toBeNull();
    expect(workingDayHours(usual, { opening_time: null, closing_time: null })).toBeNull();
  });

  it('are closed on weekends and holidays, whatever an exception says', () => {
    expect(hoursOnDate(usual, '2026-11-28')).toBeNull();
    expect(hoursOnDate(usual, '2026-11-29')).toBeNull();
    expect(hoursOnDate(usual, '2026-12-24')).toBeNull();
    expect(hoursOnDate(usual, '2027-01-06')).toBeNull();
    expect(hoursOnDate(usual, '2026-11-28', { opening_time: '09:00', closing_time: '13:00' })).toBeNull();
  });
});

describe("a day's slots", () => {
  const hours = { opening_time: '07:30', closing_time: '17:00' };
  const day = { date: '2026-11-24', exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] };

  it('are its exact slots when it has them', () => {
    const calendarSlots = [
      { startTime: '08:00:00', endTime: '09:00:00' },
      { startTime: '09:00:00', endTime: '10:00:00' },
    ];
    expect(daySlots({ ...day, exactTimesAvailable: true, calendarSlots }, hours)).toEqual(calendarSlots);
  });

  it("are the office's working day as one on a day-only day, and none on a day without free time", () => {
    expect(daySlots({ ...day, onlyDayTimesAvailable: true }, hours)).toEqual([{ startTime: '07:30:00', endTime: '17:00:00' }]);
    expect(daySlots({ ...day, onlyDayTimesAvailable: true }, { opening_time: '08:00', closing_time: '16:00' })).toEqual([
      { startTime: '08:00:00', endTime: '16:00:00' },
    ]);
    expect(daySlots(day, hours)).toEqual([]);
  });
});
