import { describe, expect, it } from 'vitest';
import { freeTimesForBookingBody, moveBookingBody } from './manage.ts';
import { CANCEL_LIMIT_HOURS, isMovable } from './manage-rules.ts';

describe('moving a booking', () => {
  const now = new Date('2026-03-02T10:00:00Z');
  const hours = (h: number) => new Date(now.getTime() + h * 3600_000);

  it('has the deadline of cancelling, and needs a time', () => {
    expect(isMovable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(CANCEL_LIMIT_HOURS + 0.01) }, now)).toBe(true);
    expect(isMovable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(CANCEL_LIMIT_HOURS) }, now)).toBe(false);
    expect(isMovable({ status: 'CONFIRMED', kind: 'RESERVATION', start: hours(-1) }, now)).toBe(false);
    expect(isMovable({ status: 'CANCELLED', kind: 'RESERVATION', start: hours(48) }, now)).toBe(false);
    expect(isMovable({ status: 'CONFIRMED', kind: 'LEAD', start: null }, now)).toBe(false);
  });

  it('reads the free-times range with the access and checks it', () => {
    const access = { bookingKey: 'abcdef2345', registerNumber: 'abc-123' };
    expect(freeTimesForBookingBody.parse({ ...access, start: '2026-03-02', end: '2026-03-08' })).toEqual({
      bookingKey: 'ABCDEF2345',
      registerNumber: 'ABC-123',
      installationType: 'LAAKKONEN_PUBLIC',
      start: '2026-03-02',
      end: '2026-03-08',
    });
    const paths = (body: object) => freeTimesForBookingBody.safeParse(body).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...access, start: '2026-03-08', end: '2026-03-02' })).toEqual(['end']);
    expect(paths({ ...access, start: '2026-03-02', end: '2026-06-02' })).toEqual(['end']);
    expect(paths({ ...access, start: '2026-02-30', end: '2026-03-02' })).toEqual(['start']);
  });

  it("takes the new time as reserve-time does: 'start|end', real, start before end", () => {
    const access = { bookingKey: 'ABCDEF2345', registerNumber: 'ABC-123' };
    expect(moveBookingBody.safeParse({ ...access, reservation: '2026-03-03T08:00:00|2026-03-03T09:00:00' }).success).toBe(true);
    for (const reservation of ['2026-03-03T08:00:00', '2026-03-03T24:00:00|2026-03-03T25:00:00', '2026-03-03T09:00:00|2026-03-03T08:00:00']) {
      expect(moveBookingBody.safeParse({ ...access, reservation }).error?.issues[0]?.path).toEqual(['reservation']);
    }
  });
});
