import { describe, expect, it } from 'vitest';
import { addDays, fromHelsinki } from '@huolto/domain';
import {
  calendarLapse,
  calendarStands,
  nextHelsinkiMidnight,
  noticeBoundary,
  takenFor,
  type CalendarQuery,
} from './availability-cache.ts';
import type { TakenTime } from './repository.ts';
import { computeFreeDays, groupByResource, type OfficeCalendar } from './slots.ts';

// The lapse rules of kept calendars. `npm test` runs these with TZ=UTC, so nothing here
// leans on the machine's own zone: every instant is written in UTC or made by fromHelsinki.

const office: OfficeCalendar & { id: number } = {
  id: 1,
  time_selection_type: 'EXACT_TIME',
  opening_time: '07:30:00',
  closing_time: '17:00:00',
  first_slot_time: '08:00:00',
  slot_step_minutes: 60,
};
const dayOnly: OfficeCalendar & { id: number } = { ...office, id: 2, time_selection_type: 'DAY_ONLY' };

const query = (over: Partial<CalendarQuery> = {}): CalendarQuery => ({
  office,
  start: '2026-11-23',
  end: '2026-11-29',
  minutes: 60,
  resourceIds: [1, 2],
  open: true,
  exceptToken: null,
  ...over,
});

const days = (q: CalendarQuery, taken: TakenTime[], now: Date, dbNow = now) =>
  JSON.stringify(
    computeFreeDays({ office: q.office, minutes: q.minutes, start: q.start, end: q.end, busy: groupByResource(q.resourceIds, takenFor(taken, q.exceptToken, dbNow)), now, shift: q.shift, open: q.open }),
  );

const hold = (resource: number, start: string, end: string, token: string, expiresAt: string | null): TakenTime => ({
  organizationId: 1,
  resource_id: resource,
  start: new Date(start),
  end: new Date(end),
  token,
  expiresAt: expiresAt === null ? null : Date.parse(expiresAt),
});

describe('midnight in Helsinki', () => {
  it('is 22.00 UTC in winter and 21.00 UTC in summer', () => {
    expect(nextHelsinkiMidnight(new Date('2026-11-24T13:00:00Z')).toISOString()).toBe('2026-11-24T22:00:00.000Z');
    expect(nextHelsinkiMidnight(new Date('2026-06-15T08:00:00Z')).toISOString()).toBe('2026-06-15T21:00:00.000Z');
  });

  it('comes after 23 hours on the day the clocks go forward and after 25 on the day they go back', () => {
    // 29 March 2026: 03.00 EET becomes 04.00 EEST.
    const spring = fromHelsinki('2026-03-29');
    expect(nextHelsinkiMidnight(spring).getTime() - spring.getTime()).toBe(23 * 3_600_000);
    expect(nextHelsinkiMidnight(spring).toISOString()).toBe('2026-03-29T21:00:00.000Z');
    // 25 October 2026: 04.00 EEST becomes 03.00 EET.
    const autumn = fromHelsinki('2026-10-25');
    expect(nextHelsinkiMidnight(autumn).getTime() - autumn.getTime()).toBe(25 * 3_600_000);
    expect(nextHelsinkiMidnight(autumn).toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('is the next day at the very instant of midnight', () => {
    expect(nextHelsinkiMidnight(new Date('2026-11-24T22:00:00Z')).toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(nextHelsinkiMidnight(new Date('2026-11-24T21:59:59.999Z')).toISOString()).toBe('2026-11-24T22:00:00.000Z');
  });

  it('a calendar kept on Tuesday evening lapses at midnight, when Tuesday becomes past', () => {
    const q = query();
    const now = new Date('2026-11-24T21:30:00Z'); // 23.30 on Tuesday
    const lapse = calendarLapse(q, [], now, now);
    expect(lapse.at).toBe(Date.parse('2026-11-24T22:00:00Z'));
    expect(calendarStands(lapse, new Date(lapse.at - 1), now)).toBe(true);
    expect(calendarStands(lapse, new Date(lapse.at), now)).toBe(false);
  });
});

describe('the notice boundary', () => {
  it('is when the next start comes within the hour of notice (plus one millisecond)', () => {
    const now = fromHelsinki('2026-11-24', '10:30'); // Tuesday
    const boundary = noticeBoundary(office, query(), 60, undefined, now)!;
    // 12.00 is the first start at least an hour ahead; it goes at 11.00 and a millisecond.
    expect(boundary.getTime()).toBe(fromHelsinki('2026-11-24', '11:00').getTime() + 1);
  });

  it('matches the computation: the same calendar up to the boundary, another one at it', () => {
    const q = query();
    for (const time of ['06:00', '10:30', '10:59:59', '15:15', '16:00']) {
      const now = fromHelsinki('2026-11-24', time);
      const boundary = noticeBoundary(office, q, q.minutes, undefined, now)!;
      const before = days(q, [], new Date(boundary.getTime() - 1));
      expect(before, time).toBe(days(q, [], now));
      expect(days(q, [], boundary), time).not.toBe(before);
    }
  });

  it('after the last start of the day is the first start of the next working day, over a weekend', () => {
    const friday = fromHelsinki('2026-11-27', '16:30');
    const q = query({ start: '2026-11-27', end: '2026-12-04' });
    // Saturday and Sunday have no starts; Monday 8.00 is beyond midnight anyway.
    const boundary = noticeBoundary(office, q, 60, undefined, friday);
    expect(boundary === undefined || boundary.getTime() > nextHelsinkiMidnight(friday).getTime()).toBe(true);
    expect(calendarLapse(q, [], friday, friday).at).toBe(nextHelsinkiMidnight(friday).getTime());
  });

  it('follows the shift: the morning shift has no start after 11.00', () => {
    const now = fromHelsinki('2026-11-24', '10:30');
    const boundary = noticeBoundary(office, query(), 60, 'MORNING', now)!;
    // No morning start today is still ahead of the notice: the next is 8.00 tomorrow.
    expect(boundary.getTime()).toBe(fromHelsinki('2026-11-25', '07:00').getTime() + 1);
    expect(calendarLapse(query({ shift: 'MORNING' }), [], now, now).at).toBe(nextHelsinkiMidnight(now).getTime());
  });

  it('a day-only office is only ever bounded by midnight: its days start tomorrow', () => {
    const now = fromHelsinki('2026-11-24', '06:00');
    const q = query({ office: dayOnly });
    const boundary = noticeBoundary(dayOnly, q, 60, undefined, now)!;
    expect(boundary.getTime()).toBe(fromHelsinki('2026-11-25', '06:30').getTime() + 1);
    expect(calendarLapse(q, [], now, now).at).toBe(nextHelsinkiMidnight(now).getTime());
  });

  it('on the Monday after the clocks go forward, 8.00 is 05.00 UTC and its notice ends at 04.00 UTC', () => {
    const sunday = fromHelsinki('2026-03-29', '23:30');
    const q = query({ start: '2026-03-30', end: '2026-04-03' });
    expect(noticeBoundary(office, q, 60, undefined, fromHelsinki('2026-03-30', '06:00'))!.toISOString()).toBe('2026-03-30T04:00:00.001Z');
    // On the Sunday night the boundary is past midnight: midnight lapses first.
    expect(calendarLapse(q, [], sunday, sunday).at).toBe(Date.parse('2026-03-29T21:00:00Z'));
  });

  it('is undefined when no start in the range is ahead of the notice', () => {
    const now = fromHelsinki('2026-11-24', '16:30');
    expect(noticeBoundary(office, query({ start: '2026-11-24', end: '2026-11-24' }), 60, undefined, now)).toBeUndefined();
    // A long job fits no start at all.
    expect(noticeBoundary(office, query(), 24 * 60, undefined, now)).toBeUndefined();
  });
});

describe('hold expiry', () => {
  const now = fromHelsinki('2026-11-24', '09:00');
  const taken = [
    hold(1, '2026-11-26T06:00:00Z', '2026-11-26T07:00:00Z', 'x', '2026-11-24T07:20:00Z'),
    hold(2, '2026-11-26T06:00:00Z', '2026-11-26T07:00:00Z', 'y', '2026-11-24T07:10:00Z'),
    hold(1, '2026-11-27T06:00:00Z', '2026-11-27T07:00:00Z', 'z', '2026-11-24T06:50:00Z'),
    hold(2, '2026-11-27T06:00:00Z', '2026-11-27T07:00:00Z', 'booked', null),
  ];

  it('a kept calendar lapses when its first live hold ends, by the database clock', () => {
    const dbNow = new Date('2026-11-24T07:00:00Z');
    const lapse = calendarLapse(query(), taken, now, dbNow);
    // z ended before the read; y is the first to end after it.
    expect(lapse.holdsAt).toBe(Date.parse('2026-11-24T07:10:00Z'));
    expect(calendarStands(lapse, now, new Date('2026-11-24T07:09:59.999Z'))).toBe(true);
    expect(calendarStands(lapse, now, new Date('2026-11-24T07:10:00Z'))).toBe(false);
  });

  it('the calendar after the lapse is another one: the slot is free again', () => {
    const q = query();
    const at = new Date('2026-11-24T07:00:00Z');
    const lapse = calendarLapse(q, taken, now, at);
    expect(days(q, taken, now, new Date(lapse.holdsAt - 1))).toBe(days(q, taken, now, at));
    expect(days(q, taken, now, new Date(lapse.holdsAt))).not.toBe(days(q, taken, now, at));
  });

  it('bookings never lapse, and a calendar without holds is bounded only by the server clock', () => {
    const lapse = calendarLapse(query(), [taken[3]!], now, now);
    expect(lapse.holdsAt).toBe(Number.POSITIVE_INFINITY);
  });

  it("the asking session's own hold is not taken time for it", () => {
    const dbNow = new Date('2026-11-24T07:00:00Z');
    expect(takenFor(taken, 'x', dbNow).map((t) => t.token)).toEqual(['y', 'booked']);
    expect(takenFor(taken, null, dbNow).map((t) => t.token)).toEqual(['x', 'y', 'booked']);
  });
});

describe('every day of a year, with TZ=UTC', () => {
  it('midnight is always 21.00 or 22.00 UTC and a day is 23, 24 or 25 hours', () => {
    let date = '2026-01-01';
    const lengths = new Set<number>();
    for (let i = 0; i < 365; i++, date = addDays(date, 1)) {
      const noon = fromHelsinki(date, '12:00');
      const midnight = nextHelsinkiMidnight(noon);
      expect(['21:00', '22:00']).toContain(midnight.toISOString().slice(11, 16));
      lengths.add((midnight.getTime() - fromHelsinki(date).getTime()) / 3_600_000);
    }
    expect([...lengths].sort()).toEqual([23, 24, 25]);
  });
});
