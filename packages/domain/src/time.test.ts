import { describe, expect, it } from 'vitest';
import {
  addDays,
  finnishHolidays,
  formatFinnishDate,
  formatFinnishTime,
  formatLocalDateTime,
  fromHelsinki,
  helsinkiOffsetMinutes,
  isFinnishHoliday,
  startOfWeek,
  toHelsinki,
  todayInHelsinki,
} from './index.ts';

describe('Finnish time, whatever the process TZ (tests run with TZ=UTC)', () => {
  it('converts Helsinki wall clock to instants in winter and summer', () => {
    expect(fromHelsinki('2026-01-15', '08:00').toISOString()).toBe('2026-01-15T06:00:00.000Z');
    expect(fromHelsinki('2026-07-15', '08:00').toISOString()).toBe('2026-07-15T05:00:00.000Z');
  });

  it('stays right across the daylight-saving changes', () => {
    // Spring: 29.3.2026 03:00 → 04:00. Autumn: 25.10.2026 04:00 → 03:00.
    expect(fromHelsinki('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(fromHelsinki('2026-03-29', '04:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(fromHelsinki('2026-10-25', '05:00').toISOString()).toBe('2026-10-25T03:00:00.000Z');
    expect(helsinkiOffsetMinutes(new Date('2026-03-28T12:00:00Z'))).toBe(120);
    expect(helsinkiOffsetMinutes(new Date('2026-03-30T12:00:00Z'))).toBe(180);
    expect(formatLocalDateTime(new Date('2026-10-26T06:00:00Z'))).toBe('2026-10-26T08:00:00');
  });

  it('knows "today" in Helsinki near midnight UTC', () => {
    expect(todayInHelsinki(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-23');
    expect(toHelsinki(new Date('2026-11-22T21:59:59Z')).date).toBe('2026-11-22');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek('2026-11-22')).toBe('2026-11-16'); // Sunday → Monday before
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('knows the Finnish public holidays', () => {
    const h = finnishHolidays(2026);
    expect(h.get('2026-04-03')).toBe('Pitkäperjantai');
    expect(h.get('2026-04-06')).toBe('2. pääsiäispäivä');
    expect(h.get('2026-05-14')).toBe('Helatorstai');
    expect(h.get('2026-06-19')).toBe('Juhannusaatto');
    expect(h.get('2026-10-31')).toBe('Pyhäinpäivä');
    expect(isFinnishHoliday('2026-12-06')).toBe(true);
    expect(isFinnishHoliday('2026-12-07')).toBe(false);
  });

  it('formats dates and times the Finnish way', () => {
    expect(formatFinnishDate('2026-11-24')).toBe('ti 24.11.');
    expect(formatFinnishTime('08:00:00')).toBe('8.00');
  });
});
