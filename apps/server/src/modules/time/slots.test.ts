import { describe, expect, it } from 'vitest';
import { addDays, fromHelsinki } from '@huolto/domain';
import {
  computeFreeDays,
  dayGap,
  dayWindow,
  exactCandidates,
  groupByResource,
  helsinkiInstant,
  hoursOn,
  officeTypeRequested,
  type Interval,
  type OfficeCalendar,
} from './slots.ts';
import { usableResources } from './service.ts';

const EXACT: OfficeCalendar = {
  time_selection_type: 'EXACT_TIME',
  opening_time: '07:30:00',
  closing_time: '17:00:00',
  first_slot_time: '08:00:00',
  slot_step_minutes: 60,
};
const DAY_ONLY: OfficeCalendar = { ...EXACT, time_selection_type: 'DAY_ONLY' };

/** A Monday well before every date used below. */
const LONG_AGO = fromHelsinki('2026-01-05', '06:00');

const busyAt = (date: string, from: string, to: string): Interval => ({ start: fromHelsinki(date, from), end: fromHelsinki(date, to) });

function freeDays(opts: {
  office?: OfficeCalendar;
  minutes: number;
  start: string;
  end?: string;
  busy?: Interval[][];
  now?: Date;
  shift?: 'MORNING' | 'EVENING';
  open?: boolean;
}) {
  const lists = opts.busy ?? [[]];
  return computeFreeDays({
    office: opts.office ?? EXACT,
    minutes: opts.minutes,
    start: opts.start,
    end: opts.end ?? opts.start,
    busy: new Map(lists.map((l, i) => [i + 1, l])),
    now: opts.now ?? LONG_AGO,
    shift: opts.shift,
    ...(opts.open === undefined ? {} : { open: opts.open }),
  });
}

const starts = (day: { calendarSlots: { startTime: string }[] }) => day.calendarSlots.map((s) => s.startTime);

describe('exact slots on the office grid', () => {
  it('offers hourly starts from 8.00 whose work ends by 17.00', () => {
    const [day] = freeDays({ minutes: 60, start: '2026-11-24' });
    expect(starts(day!)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00']);
    expect(day!.calendarSlots[0]).toEqual({ startTime: '08:00:00', endTime: '09:00:00' });
    expect(day!.exactTimesAvailable).toBe(true);
    expect(day!.onlyDayTimesAvailable).toBe(false);
  });

  it('makes each slot as long as the work: 90 minutes end at x.30 and the last start is 15.00', () => {
    const [day] = freeDays({ minutes: 90, start: '2026-11-24' });
    expect(starts(day!)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00', '14:00:00', '15:00:00']);
    expect(day!.calendarSlots.at(-1)).toEqual({ startTime: '15:00:00', endTime: '16:30:00' });
    // A full day's work fits only at 8.00.
    expect(starts(freeDays({ minutes: 540, start: '2026-11-24' })[0]!)).toEqual(['08:00:00']);
    expect(freeDays({ minutes: 600, start: '2026-11-24' })[0]!.exactTimesAvailable).toBe(false);
  });

  it('follows the office grid: a 30-minute step from 7.30', () => {
    const office = { ...EXACT, first_slot_time: '07:30', slot_step_minutes: 30 };
    const slots = exactCandidates(office, '2026-11-24', 60);
    expect(slots[0]!.startTime).toBe('07:30:00');
    expect(slots[1]!.startTime).toBe('08:00:00');
    expect(slots.at(-1)).toMatchObject({ startTime: '16:00:00', endTime: '17:00:00' });
    expect(slots).toHaveLength(18);
  });

  it('drops a start only when no resource is free for the whole work', () => {
    const date = '2026-11-24';
    const oneBusy = [[busyAt(date, '09:00', '10:00')]];
    expect(starts(freeDays({ minutes: 60, start: date, busy: oneBusy })[0]!)).not.toContain('09:00:00');
    // 8.00 with 90 minutes would run into the busy hour too.
    expect(starts(freeDays({ minutes: 90, start: date, busy: oneBusy })[0]!)).not.toContain('08:00:00');
    // A second, free resource still takes both.
    const twoResources = [[busyAt(date, '09:00', '10:00')], []];
    expect(starts(freeDays({ minutes: 90, start: date, busy: twoResources })[0]!)).toEqual(
      expect.arrayContaining(['08:00:00', '09:00:00']),
    );
    // Touching ends are not an overlap.
    expect(starts(freeDays({ minutes: 60, start: date, busy: oneBusy })[0]!)).toEqual(expect.arrayContaining(['08:00:00', '10:00:00']));
  });

  it('has nothing on a fully booked day or without resources', () => {
    const date = '2026-11-24';
    expect(freeDays({ minutes: 60, start: date, busy: [[busyAt(date, '07:30', '17:00')]] })[0]!.exactTimesAvailable).toBe(false);
    expect(freeDays({ minutes: 60, start: date, busy: [] })[0]!.exactTimesAvailable).toBe(false);
  });

  it('has nothing on weekends and Finnish holidays', () => {
    const days = freeDays({ minutes: 60, start: '2026-12-21', end: '2026-12-27' });
    const free = Object.fromEntries(days.map((d) => [d.date, d.exactTimesAvailable]));
    expect(free).toEqual({
      '2026-12-21': true,
      '2026-12-22': true,
      '2026-12-23': true,
      '2026-12-24': false, // Jouluaatto
      '2026-12-25': false, // Joulupäivä
      '2026-12-26': false,
      '2026-12-27': false,
    });
    expect(freeDays({ minutes: 60, start: '2027-01-06' })[0]!.exactTimesAvailable).toBe(false); // Loppiainen, a Wednesday
    expect(freeDays({ minutes: 60, start: '2026-06-19' })[0]!.exactTimesAvailable).toBe(false); // Juhannusaatto
    expect(freeDays({ minutes: 60, start: '2027-03-26' })[0]!.exactTimesAvailable).toBe(false); // Pitkäperjantai
  });

  it('answers every day of the range, in order, with the date', () => {
    const days = freeDays({ minutes: 60, start: '2026-11-23', end: '2026-12-06' });
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29',
      '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06',
    ]);
  });

  it('offers nothing in the past and today nothing sooner than an hour from now', () => {
    const now = fromHelsinki('2026-11-24', '10:30');
    const days = freeDays({ minutes: 60, start: '2026-11-23', end: '2026-11-25', now });
    expect(days[0]!.exactTimesAvailable).toBe(false);
    expect(starts(days[1]!)[0]).toBe('12:00:00');
    expect(starts(days[2]!)[0]).toBe('08:00:00');
    // After the last start of the day, today has nothing.
    expect(freeDays({ minutes: 60, start: '2026-11-24', now: fromHelsinki('2026-11-24', '16:30') })[0]!.exactTimesAvailable).toBe(false);
  });
});

describe('daylight saving: slots keep their Helsinki wall-clock times', () => {
  it('in the March week the clocks go forward (Sunday 28.3.2027, Easter: 26.3. and 29.3. are holidays)', () => {
    const days = freeDays({ minutes: 60, start: '2027-03-22', end: '2027-04-02' });
    for (const d of days.filter((x) => x.exactTimesAvailable)) expect(starts(d)[0]).toBe('08:00:00');
    const before = exactCandidates(EXACT, '2027-03-25', 60)[0]!;
    const after = exactCandidates(EXACT, '2027-03-30', 60)[0]!;
    expect(before.start.toISOString()).toBe('2027-03-25T06:00:00.000Z'); // UTC+2
    expect(after.start.toISOString()).toBe('2027-03-30T05:00:00.000Z'); // UTC+3
    // Busy time in UTC blocks the right wall-clock slot after the change.
    const busy = [[{ start: new Date('2027-03-30T05:00:00Z'), end: new Date('2027-03-30T06:00:00Z') }]];
    expect(starts(freeDays({ minutes: 60, start: '2027-03-30', busy })[0]!)[0]).toBe('09:00:00');
  });

  it('in the October week the clocks go back (Sunday 25.10.2026)', () => {
    const days = freeDays({ minutes: 60, start: '2026-10-19', end: '2026-10-30' });
    expect(days.filter((d) => d.exactTimesAvailable)).toHaveLength(10);
    for (const d of days.filter((x) => x.exactTimesAvailable)) {
      expect(starts(d)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00']);
    }
    expect(exactCandidates(EXACT, '2026-10-23', 60)[0]!.start.toISOString()).toBe('2026-10-23T05:00:00.000Z'); // UTC+3
    expect(exactCandidates(EXACT, '2026-10-26', 60)[0]!.start.toISOString()).toBe('2026-10-26T06:00:00.000Z'); // UTC+2
    const busy = [[{ start: new Date('2026-10-26T06:00:00Z'), end: new Date('2026-10-26T07:00:00Z') }]];
    expect(starts(freeDays({ minutes: 60, start: '2026-10-26', busy })[0]!)[0]).toBe('09:00:00');
  });
});

describe('day-only offices', () => {
  it('say whether some resource has room for the work, never for today', () => {
    const now = fromHelsinki('2026-11-24', '06:00');
    const days = freeDays({ office: DAY_ONLY, minutes: 120, start: '2026-11-24', end: '2026-11-25', now });
    expect(days[0]).toEqual({ date: '2026-11-24', exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] });
    expect(days[1]).toEqual({ date: '2026-11-25', exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] });
  });

  it('count capacity as one unbroken stretch on one resource', () => {
    const date = '2026-11-25';
    const busy = [[busyAt(date, '10:00', '11:00')]];
    // 7.30–10.00 and 11.00–17.00: six hours fit, seven and a half do not.
    expect(freeDays({ office: DAY_ONLY, minutes: 360, start: date, busy })[0]!.onlyDayTimesAvailable).toBe(true);
    expect(freeDays({ office: DAY_ONLY, minutes: 450, start: date, busy })[0]!.onlyDayTimesAvailable).toBe(false);
    // A free second resource has the whole day.
    expect(freeDays({ office: DAY_ONLY, minutes: 450, start: date, busy: [...busy, []] })[0]!.onlyDayTimesAvailable).toBe(true);
    // The whole opening day is 9.5 hours.
    expect(freeDays({ office: DAY_ONLY, minutes: 570, start: date })[0]!.onlyDayTimesAvailable).toBe(true);
    expect(freeDays({ office: DAY_ONLY, minutes: 600, start: date })[0]!.onlyDayTimesAvailable).toBe(false);
  });

  it('pick the first stretch for the morning and the last for the evening', () => {
    const date = '2026-11-25';
    const busy = [busyAt(date, '09:00', '10:00'), busyAt(date, '13:00', '14:00')];
    const { start, end } = dayWindow(DAY_ONLY, date)!;
    expect(dayGap(busy, start, end, 60, 'MORNING')).toEqual(busyAt(date, '07:30', '08:30'));
    expect(dayGap(busy, start, end, 60, 'EVENING')).toEqual(busyAt(date, '16:00', '17:00'));
    // Stretches: 7.30–9.00, 10.00–13.00, 14.00–17.00.
    expect(dayGap(busy, start, end, 180, 'MORNING')).toEqual(busyAt(date, '10:00', '13:00'));
    expect(dayGap(busy, start, end, 180, 'EVENING')).toEqual(busyAt(date, '14:00', '17:00'));
    expect(dayGap(busy, start, end, 240, 'MORNING')).toBeUndefined();
  });
});

describe('the morning and evening shifts', () => {
  it('split exact slots at 12.00: morning starts before it, evening at or after it', () => {
    const date = '2026-11-24';
    const morning = freeDays({ minutes: 60, start: date, shift: 'MORNING' })[0]!;
    const evening = freeDays({ minutes: 60, start: date, shift: 'EVENING' })[0]!;
    expect(starts(morning)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00']);
    expect(starts(evening)).toEqual(['12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00']);
    // A morning slot may run past noon: it is the start that counts.
    expect(freeDays({ minutes: 120, start: date, shift: 'MORNING' })[0]!.calendarSlots.at(-1)).toEqual({ startTime: '11:00:00', endTime: '13:00:00' });
    // A shift with everything taken is empty while the other still has times.
    const busy = [[busyAt(date, '07:30', '12:00')]];
    expect(freeDays({ minutes: 60, start: date, busy, shift: 'MORNING' })[0]!.exactTimesAvailable).toBe(false);
    expect(freeDays({ minutes: 60, start: date, busy, shift: 'EVENING' })[0]!.exactTimesAvailable).toBe(true);
  });

  it('split a day-only day into opening–12.00 and 12.00–closing', () => {
    const date = '2026-11-25';
    expect(dayWindow(DAY_ONLY, date, 'MORNING')).toEqual(busyAt(date, '07:30', '12:00'));
    expect(dayWindow(DAY_ONLY, date, 'EVENING')).toEqual(busyAt(date, '12:00', '17:00'));
    const day = (minutes: number, shift: 'MORNING' | 'EVENING', busy: Interval[][] = [[]]) =>
      freeDays({ office: DAY_ONLY, minutes, start: date, shift, busy })[0]!.onlyDayTimesAvailable;
    // 4.5 hours before noon, 5 after.
    expect(day(270, 'MORNING')).toBe(true);
    expect(day(300, 'MORNING')).toBe(false);
    expect(day(300, 'EVENING')).toBe(true);
    expect(day(330, 'EVENING')).toBe(false);
    // Room that straddles noon belongs to neither shift.
    const busy = [[busyAt(date, '07:30', '10:00'), busyAt(date, '14:00', '17:00')]];
    expect(freeDays({ office: DAY_ONLY, minutes: 240, start: date, busy })[0]!.onlyDayTimesAvailable).toBe(true);
    expect(day(240, 'MORNING', busy)).toBe(false);
    expect(day(240, 'EVENING', busy)).toBe(false);
    expect(day(120, 'MORNING', busy)).toBe(true);
    expect(day(120, 'EVENING', busy)).toBe(true);
  });
});

describe('selection types and resources', () => {
  it('USE_ORGANIZATION_SETTING stands for the office type; a list without it shows nothing', () => {
    expect(officeTypeRequested('EXACT_TIME', undefined)).toBe(true);
    expect(officeTypeRequested('EXACT_TIME', ['USE_ORGANIZATION_SETTING'])).toBe(true);
    expect(officeTypeRequested('DAY_ONLY', ['USE_ORGANIZATION_SETTING'])).toBe(true);
    expect(officeTypeRequested('EXACT_TIME', ['EXACT_TIME', 'DAY_ONLY'])).toBe(true);
    expect(officeTypeRequested('EXACT_TIME', ['DAY_ONLY'])).toBe(false);
    expect(officeTypeRequested('DAY_ONLY', ['EXACT_TIME', 'HOUR_SERVICE'])).toBe(false);
    expect(officeTypeRequested('EXACT_TIME', [])).toBe(false);
    const closed = freeDays({ minutes: 60, start: '2026-11-24', open: false })[0]!;
    expect(closed).toEqual({ date: '2026-11-24', exactTimesAvailable: false, onlyDayTimesAvailable: false, calendarSlots: [] });
  });

  it('groups busy time by resource and ignores other resources', () => {
    const map = groupByResource([1, 2], [
      { resource_id: 1, ...busyAt('2026-11-24', '08:00', '09:00') },
      { resource_id: 3, ...busyAt('2026-11-24', '08:00', '09:00') },
    ]);
    expect([...map.keys()]).toEqual([1, 2]);
    expect(map.get(1)).toHaveLength(1);
    expect(map.get(2)).toEqual([]);
  });

  it('uses only the chosen mechanics when the office lets customers choose', () => {
    const org = { id: 1, customer_selects_resource: true } as Parameters<typeof usableResources>[0];
    const resources = [1, 2, 3].map((id) => ({
      id,
      organization_id: 1,
      name: `Nosturi ${id}`,
      selectable: id !== 3,
      display_name: null,
      active: true,
      work_kinds: ['MAINTENANCE'],
    }));
    expect(usableResources(org, resources, [], [])).toEqual([1, 2, 3]);
    expect(usableResources(org, resources, [2], [])).toEqual([2]);
    // Not selectable, or another office's: the choice does not apply.
    expect(usableResources(org, resources, [3], [])).toEqual([1, 2, 3]);
    expect(usableResources(org, resources, [99], [])).toEqual([1, 2, 3]);
    expect(usableResources({ ...org, customer_selects_resource: false }, resources, [2], [])).toEqual([1, 2, 3]);
  });

  it('uses only active resources that can do every kind of work of the cart', () => {
    const org = { id: 1, customer_selects_resource: true } as Parameters<typeof usableResources>[0];
    const resource = (id: number, work_kinds: string[], active = true) => ({
      id,
      organization_id: 1,
      name: `Nosturi ${id}`,
      selectable: true,
      display_name: null,
      active,
      work_kinds,
    });
    const resources = [resource(1, ['MAINTENANCE']), resource(2, ['MAINTENANCE', 'TIRE_CHANGE']), resource(3, ['TIRE_CHANGE'], false)];
    expect(usableResources(org, resources, [], [])).toEqual([1, 2]);
    expect(usableResources(org, resources, [], ['MAINTENANCE'])).toEqual([1, 2]);
    expect(usableResources(org, resources, [], ['MAINTENANCE', 'TIRE_CHANGE'])).toEqual([2]);
    expect(usableResources(org, resources, [], ['TIRE_CHANGE'])).toEqual([2]);
    expect(usableResources(org, resources, [], ['WINDSHIELD'])).toEqual([]);
    // A chosen mechanic who cannot do the work is no choice: the others who can take it.
    expect(usableResources(org, resources, [1], ['TIRE_CHANGE'])).toEqual([2]);
  });
});

describe('helsinkiInstant', () => {
  it('is fromHelsinki for every quarter hour of two years, the clock-change days included', () => {
    const differ: string[] = [];
    for (let d = 0; d < 731; d++) {
      const date = addDays('2026-01-01', d);
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
        if (helsinkiInstant(date, time).getTime() !== fromHelsinki(date, time).getTime()) differ.push(`${date}T${time}`);
      }
    }
    expect(differ).toEqual([]);
    // Spring: 03:30 does not exist and moves forward; autumn: the repeated hour is the earlier one.
    expect(helsinkiInstant('2027-03-28', '03:30:00').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(helsinkiInstant('2027-10-31', '03:30:00').toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(helsinkiInstant('2027-06-01', '08:00').toISOString()).toBe('2027-06-01T05:00:00.000Z');
  });

  it('refuses impossible times as fromHelsinki does', () => {
    expect(() => helsinkiInstant('2027-06-02', '24:00:00')).toThrow(RangeError);
    expect(() => helsinkiInstant('2027-02-30', '08:00:00')).toThrow(RangeError);
  });
});

describe('opening exceptions', () => {
  // 2026-11-24 is a Tuesday, 2026-11-28 a Saturday, 2026-12-24 Christmas Eve (a holiday).
  const closed = { opening_time: null, closing_time: null };
  const withExceptions = (office: OfficeCalendar, entries: [string, { opening_time: string | null; closing_time: string | null }][]) => ({
    ...office,
    exceptions: new Map(entries),
  });

  it('a day an exception closes has no exact slots and no day-only room; the days around it keep theirs', () => {
    const office = withExceptions(EXACT, [['2026-11-25', closed]]);
    const days = freeDays({ office, minutes: 60, start: '2026-11-24', end: '2026-11-26' });
    expect(days.map((d) => d.calendarSlots.length)).toEqual([9, 0, 9]);
    expect(days[1]!.exactTimesAvailable).toBe(false);
    expect(hoursOn(office, '2026-11-25')).toBeUndefined();
    const dayOnly = withExceptions(DAY_ONLY, [['2026-11-25', closed]]);
    expect(dayWindow(dayOnly, '2026-11-25')).toBeUndefined();
    expect(freeDays({ office: dayOnly, minutes: 60, start: '2026-11-24', end: '2026-11-26' }).map((d) => d.onlyDayTimesAvailable)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('a short day offers only the grid times inside its own hours', () => {
    const office = withExceptions(EXACT, [['2026-11-25', { opening_time: '07:30:00', closing_time: '13:00:00' }]]);
    expect(starts(freeDays({ office, minutes: 60, start: '2026-11-25' })[0]!)).toEqual(['08:00:00', '09:00:00', '10:00:00', '11:00:00', '12:00:00']);
    // A later opening starts at the first grid time from it; a two-hour job must end by closing.
    const late = withExceptions(EXACT, [['2026-11-25', { opening_time: '11:30', closing_time: '15:00' }]]);
    expect(starts(freeDays({ office: late, minutes: 60, start: '2026-11-25' })[0]!)).toEqual(['12:00:00', '13:00:00', '14:00:00']);
    expect(starts(freeDays({ office: late, minutes: 120, start: '2026-11-25' })[0]!)).toEqual(['12:00:00', '13:00:00']);
    // An earlier opening keeps the grid's step backwards from the first slot time.
    const early = withExceptions(EXACT, [['2026-11-25', { opening_time: '06:00', closing_time: '09:00' }]]);
    expect(starts(freeDays({ office: early, minutes: 60, start: '2026-11-25' })[0]!)).toEqual(['06:00:00', '07:00:00', '08:00:00']);
  });

  it("a day-only office's day and its shifts follow the exception's hours", () => {
    const office = withExceptions(DAY_ONLY, [['2026-11-25', { opening_time: '10:00', closing_time: '14:00' }]]);
    expect(dayWindow(office, '2026-11-25')).toEqual(busyAt('2026-11-25', '10:00', '14:00'));
    expect(dayWindow(office, '2026-11-25', 'EVENING')).toEqual(busyAt('2026-11-25', '12:00', '14:00'));
    // Four hours of room: a five-hour job does not fit that day, but does the next.
    expect(freeDays({ office, minutes: 300, start: '2026-11-25', end: '2026-11-26' }).map((d) => d.onlyDayTimesAvailable)).toEqual([false, true]);
  });

  it('never opens a weekend or a holiday', () => {
    const hours = { opening_time: '09:00', closing_time: '15:00' };
    const office = withExceptions(EXACT, [
      ['2026-11-28', hours],
      ['2026-12-24', hours],
    ]);
    expect(freeDays({ office, minutes: 60, start: '2026-11-28' })[0]!.calendarSlots).toEqual([]);
    expect(freeDays({ office, minutes: 60, start: '2026-12-24' })[0]!.calendarSlots).toEqual([]);
  });
});

describe('absences are busy time of their resource', () => {
  it('a slot overlapping an absence of every resource is gone; one free resource keeps it', () => {
    const absence = busyAt('2026-11-24', '10:30', '12:00');
    const both = freeDays({ minutes: 60, start: '2026-11-24', busy: [[absence], [absence]] })[0]!;
    expect(starts(both)).toEqual(['08:00:00', '09:00:00', '12:00:00', '13:00:00', '14:00:00', '15:00:00', '16:00:00']);
    const one = freeDays({ minutes: 60, start: '2026-11-24', busy: [[absence], []] })[0]!;
    expect(starts(one)).toHaveLength(9);
    // An absence of several days covers every day it spans.
    const week = { start: fromHelsinki('2026-11-23'), end: fromHelsinki('2026-11-28') };
    expect(freeDays({ minutes: 60, start: '2026-11-23', end: '2026-11-30', busy: [[week]] }).map((d) => d.calendarSlots.length)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 9,
    ]);
  });
});
