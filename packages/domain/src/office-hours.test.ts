import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CLOSING_TIME,
  DEFAULT_OPENING_TIME,
  formatOpeningHours,
  officeHoursOf,
  organizationSchema,
  toHoursAndMinutes,
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
});
