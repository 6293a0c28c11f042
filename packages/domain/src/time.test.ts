import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDuration,
  daysBetween,
  daysInMonth,
  existsInHelsinki,
  finnishHolidays,
  formatFinnishDate,
  formatFinnishTime,
  formatLocalDateTime,
  fromHelsinki,
  helsinkiOffsetMinutes,
  isFinnishHoliday,
  isLeapYear,
  isRealDate,
  isRealLocalDateTime,
  isRealTime,
  isoWeekNumber,
  weekLabel,
  parseLocalDateTime,
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

  it('"today" kept for an hour of UTC is the date of every instant in it: each second around a midnight in winter and in summer, and the clock changes', () => {
    for (const midnight of ['2026-11-22T22:00:00Z', '2026-06-30T21:00:00Z', '2026-03-28T22:00:00Z', '2026-03-29T21:00:00Z', '2026-10-24T21:00:00Z', '2026-10-25T22:00:00Z']) {
      const at = Date.parse(midnight);
      for (let s = -3600; s < 3600; s++) {
        const now = new Date(at + s * 1000);
        expect(todayInHelsinki(now), now.toISOString()).toBe(toHelsinki(now).date);
      }
    }
    // Going back and forth between hours answers each hour's own date.
    expect(todayInHelsinki(new Date('2026-11-22T21:59:59Z'))).toBe('2026-11-22');
    expect(todayInHelsinki(new Date('2026-11-22T22:00:00Z'))).toBe('2026-11-23');
    expect(todayInHelsinki(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-22');
    // Outside the hourly years, straight from the time-zone database.
    expect(todayInHelsinki(new Date('1900-01-01T22:30:00Z'))).toBe(toHelsinki(new Date('1900-01-01T22:30:00Z')).date);
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

describe('strict dates and times', () => {
  it('accepts only real calendar dates of four-digit years', () => {
    for (const d of ['2026-01-01', '2027-02-28', '2028-02-29', '2000-02-29', '2026-12-31', '1000-01-01', '9999-12-31']) {
      expect(isRealDate(d), d).toBe(true);
    }
    for (const d of ['2027-02-29', '2027-02-30', '1900-02-29', '2100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-32', '2026-01-00',
      '0000-01-01', '0001-01-01', '0999-12-31', '+010000-01-01', '2026-1-1', '2026-01-01T00:00:00', ' 2026-01-01', '2026-01-01\n', '', '２０２６-01-01']) {
      expect(isRealDate(d), d).toBe(false);
    }
    expect(isRealDate(20260101)).toBe(false);
    expect(isRealDate(null)).toBe(false);
  });

  it('knows leap years and month lengths', () => {
    expect([2024, 2028, 2000, 2400].map(isLeapYear)).toEqual([true, true, true, true]);
    expect([2026, 2027, 1900, 2100].map(isLeapYear)).toEqual([false, false, false, false]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(daysInMonth(2028, 2)).toBe(29);
  });

  it('accepts only real wall-clock times and local date-times', () => {
    for (const t of ['00:00:00', '23:59:59', '08:30:00']) expect(isRealTime(t), t).toBe(true);
    for (const t of ['24:00:00', '25:00:00', '12:60:00', '12:00:60', '12:00:99', '8:00:00', '08:00', '08:00:00.000']) expect(isRealTime(t), t).toBe(false);
    expect(isRealLocalDateTime('2026-11-24T08:00:00')).toBe(true);
    expect(isRealLocalDateTime('2028-02-29T23:59:59')).toBe(true);
    for (const v of ['2026-11-24T24:00:00', '2026-11-24T25:00:00', '2026-11-24T08:60:00', '2026-11-24T08:00:99', '2026-13-24T08:00:00',
      '2026-11-32T08:00:00', '0000-11-24T08:00:00', '0001-11-24T08:00:00', '2027-02-30T08:00:00', '2026-11-24 08:00:00', '2026-11-24T08:00:00Z']) {
      expect(isRealLocalDateTime(v), v).toBe(false);
    }
  });

  it('never rolls an impossible date over to another day', () => {
    expect(() => fromHelsinki('2027-02-30', '08:00:00')).toThrow(RangeError);
    expect(() => fromHelsinki('2026-11-24', '24:00:00')).toThrow(RangeError);
    expect(() => parseLocalDateTime('2027-02-30T08:00:00')).toThrow(RangeError);
    expect(() => parseLocalDateTime('0000-01-01T08:00:00')).toThrow(RangeError);
    expect(parseLocalDateTime('2028-02-29T08:00:00').toISOString()).toBe('2028-02-29T06:00:00.000Z');
  });

  it('knows the hour Helsinki skips in spring; the repeated autumn hour exists', () => {
    expect(existsInHelsinki('2027-03-28T02:59:00')).toBe(true);
    expect(existsInHelsinki('2027-03-28T03:00:00')).toBe(false);
    expect(existsInHelsinki('2027-03-28T03:30:00')).toBe(false);
    expect(existsInHelsinki('2027-03-28T04:00:00')).toBe(true);
    expect(existsInHelsinki('2027-10-31T03:30:00')).toBe(true);
    expect(existsInHelsinki('2027-02-30T08:00:00')).toBe(false);
    expect(existsInHelsinki('2027-03-29T03:30:00')).toBe(true);
  });

  it('adds days within years 1000–9999 and refuses to leave them', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('9999-12-30', 1)).toBe('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('1000-01-01', -1)).toThrow(RangeError);
    expect(() => addDays('2027-02-30', 0)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', Number.NaN)).toThrow(RangeError);
    expect(daysBetween('2026-11-24', '2027-01-25')).toBe(62);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2); // across the spring change
  });
});

describe('ISO week numbers', () => {
  it('number weeks from the week of the year\'s first Thursday', () => {
    expect(isoWeekNumber('2026-11-23')).toBe(48);
    expect(isoWeekNumber('2026-11-29')).toBe(48); // the Sunday of the same week
    expect(isoWeekNumber('2026-01-01')).toBe(1); // a Thursday
    expect(isoWeekNumber('2027-01-01')).toBe(53); // a Friday: the last week of 2026
    expect(isoWeekNumber('2027-01-04')).toBe(1);
    expect(isoWeekNumber('2024-12-30')).toBe(1); // a Monday: the first week of 2025
    expect(isoWeekNumber('2020-12-31')).toBe(53);
  });

  it('label a week short from its Monday, across a month and a year boundary too', () => {
    expect(weekLabel('2026-11-23')).toBe('Viikko 48: 23.–29.11.');
    expect(weekLabel('2026-11-30')).toBe('Viikko 49: 30.11.–6.12.');
    expect(weekLabel('2026-12-28')).toBe('Viikko 53: 28.12.–3.1.');
  });

  it('agree with a day-by-day count over several years', () => {
    let week = isoWeekNumber('2025-12-29'); // a Monday
    for (let d = '2025-12-29'; d < '2031-01-01'; d = addDays(d, 7)) {
      const n = isoWeekNumber(d);
      if (n !== 1) expect(n).toBe(week + 1);
      for (let i = 1; i < 7; i++) expect(isoWeekNumber(addDays(d, i))).toBe(n);
      week = n;
    }
  });
});

describe('durations', () => {
  it('in whole hours and minutes, never as a decimal', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(105)).toBe('1 h 45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(90.4)).toBe('1 h 30 min');
  });
});

describe('toHelsinki against the time-zone database', () => {
  const zone = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Helsinki',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  });
  const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
  const fromZone = (instant: Date) => {
    const p = Object.fromEntries(zone.formatToParts(instant).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}`, isoWeekday: weekdays[p.weekday!] };
  };

  it('gives the same wall clock around every change of the clocks from 1989 to 2201, and at random instants', () => {
    const instants: Date[] = [];
    for (let year = 1989; year <= 2201; year++) {
      // The last Sundays of March and October, and the hours around 01:00 UTC on them.
      for (const month of [2, 9]) {
        const last = new Date(Date.UTC(year, month + 1, 0));
        const sunday = last.getUTCDate() - last.getUTCDay();
        for (const minutes of [-61, -60, -1, 0, 1, 59, 60, 61]) instants.push(new Date(Date.UTC(year, month, sunday, 1, minutes, 30, 999)));
      }
    }
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 20_000; i++) instants.push(new Date(Date.UTC(1900, 0, 1) + random() * (Date.UTC(2300, 0, 1) - Date.UTC(1900, 0, 1))));
    // Before 1921 Helsinki kept its local mean time (+1:39:49): the database answers there.
    instants.push(new Date(Date.UTC(1920, 5, 1, 12, 0, 0)), new Date(Date.UTC(1000, 0, 1)), new Date(Date.UTC(9999, 11, 31, 21, 59, 59)));
    for (const instant of instants) expect(toHelsinki(instant), instant.toISOString()).toEqual(fromZone(instant));
  });
});
