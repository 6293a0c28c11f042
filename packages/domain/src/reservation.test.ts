import { describe, expect, it } from 'vitest';
import {
  BOOKING_HORIZON_MONTHS,
  HORIZON_MESSAGE,
  addMonthsToDate,
  addMonthsToMonth,
  freeTimesRangeProblem,
  isBeyondHorizon,
  isLeadDateAllowed,
  isWorkingDay,
  lastBookableDate,
  lastAllowedLeadDate,
  lastLeadDate,
  leadDateProblem,
  lockerHalfDayKey,
  lockerStartTimes,
  normalizePhoneNumber,
  shiftOfTime,
} from './reservation.ts';
import {
  freeTimesBody,
  freeTimesOnOrganizationBody,
  leadBody,
  lockerReservedTimesBody,
  reservationDetailsBody,
  reserveTimeBody,
  resourceForCustomerQuery,
  customerSelectedResourcesBody,
} from './index.ts';

describe('working days', () => {
  it('are Monday to Friday without Finnish holidays', () => {
    expect(isWorkingDay('2026-11-23')).toBe(true); // Monday
    expect(isWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-24')).toBe(false); // Jouluaatto, Thursday
    expect(isWorkingDay('2027-05-06')).toBe(false); // Helatorstai
  });
});

describe('shifts and key-locker half-days', () => {
  it('split at noon', () => {
    expect(shiftOfTime('07:00:00')).toBe('MORNING');
    expect(shiftOfTime('11:59')).toBe('MORNING');
    expect(shiftOfTime('12:00:00')).toBe('EVENING');
    expect(shiftOfTime('13:00:00')).toBe('EVENING');
    expect(lockerHalfDayKey('2026-11-26T07:00:00')).toBe('2026-11-26|MORNING');
    expect(lockerHalfDayKey('2026-11-26T11:00:00')).toBe('2026-11-26|MORNING');
    expect(lockerHalfDayKey('2026-11-26T12:00:00')).toBe('2026-11-26|AFTERNOON');
    expect(lockerHalfDayKey('2026-11-26T13:00:00')).toBe('2026-11-26|AFTERNOON');
  });

  it('ask the locker about the reserved start, or the morning and afternoon of a day-only day', () => {
    expect(lockerStartTimes({ date: '2026-11-26', dayOnly: false, reservedStart: '2026-11-26T09:00:00' })).toEqual([
      '2026-11-26T09:00:00',
    ]);
    expect(lockerStartTimes({ date: '2026-11-26', dayOnly: true, reservedStart: null })).toEqual([
      '2026-11-26T07:00:00',
      '2026-11-26T13:00:00',
    ]);
    expect(lockerStartTimes({ date: '2026-11-26', dayOnly: true, reservedStart: '2026-11-26T07:30:00' })).toEqual([
      '2026-11-26T07:00:00',
      '2026-11-26T13:00:00',
    ]);
    // The two half-days a day-only day touches.
    const [morning, afternoon] = lockerStartTimes({ date: '2026-11-26', dayOnly: true, reservedStart: null })!;
    expect([lockerHalfDayKey(morning!), lockerHalfDayKey(afternoon!)]).toEqual(['2026-11-26|MORNING', '2026-11-26|AFTERNOON']);
    // An exact time not held yet, or no day at all: nothing to ask.
    expect(lockerStartTimes({ date: '2026-11-26', dayOnly: false, reservedStart: null })).toBeNull();
    expect(lockerStartTimes({ date: null, dayOnly: true, reservedStart: null })).toBeNull();
  });
});

describe('month arithmetic', () => {
  it('pages months across the year', () => {
    expect(addMonthsToMonth('2026-12', 1)).toBe('2027-01');
    expect(addMonthsToMonth('2027-01', -1)).toBe('2026-12');
    expect(addMonthsToMonth('2026-11', 0)).toBe('2026-11');
    expect(addMonthsToMonth('2026-11', 14)).toBe('2028-01');
    expect(addMonthsToMonth('2026-02', -14)).toBe('2024-12');
  });
});

describe('lead dates', () => {
  const today = '2026-11-23';

  it('are working days after today and within three months', () => {
    expect(leadDateProblem('2026-11-24', today)).toBeNull();
    expect(leadDateProblem('2026-11-23', today)).toMatch(/jälkeen/);
    expect(leadDateProblem('2026-11-20', today)).toMatch(/jälkeen/);
    expect(leadDateProblem('2026-11-28', today)).toMatch(/arkipäivä/);
    expect(leadDateProblem('2026-12-24', today)).toMatch(/arkipäivä/);
    expect(lastLeadDate(today)).toBe('2027-02-23');
    expect(isLeadDateAllowed('2027-02-23', today)).toBe(true);
    expect(leadDateProblem('2027-02-24', today)).toMatch(/3 kuukauden/);
  });

  it('end on the last working day within three months', () => {
    expect(lastAllowedLeadDate('2026-11-23')).toBe('2027-02-23');
    // 20.2.2028 is a Sunday: the Friday before it.
    expect(lastAllowedLeadDate('2027-11-20')).toBe('2028-02-18');
    // 1.5.2027 is a Saturday and Vappu: the last lead date is in April.
    expect(lastAllowedLeadDate('2027-02-01')).toBe('2027-04-30');
    // 26.3.2027 is Good Friday, 25.3. a Thursday.
    expect(lastAllowedLeadDate('2026-12-26')).toBe('2027-03-25');
  });

  it('count months by the calendar, the month end kept', () => {
    expect(addMonthsToDate('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonthsToDate('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonthsToDate('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonthsToDate('2027-01-31', -2)).toBe('2026-11-30');
  });
});

describe('phone numbers', () => {
  it('are matched as digits with a leading 0 instead of +358', () => {
    expect(normalizePhoneNumber('040 123 4567')).toBe('0401234567');
    expect(normalizePhoneNumber('+358 40 123 4567')).toBe('0401234567');
    expect(normalizePhoneNumber('+358-40-1234567')).toBe('0401234567');
    expect(normalizePhoneNumber('00358401234567')).toBe('0401234567');
    expect(normalizePhoneNumber('09 123 456')).toBe('09123456');
    expect(normalizePhoneNumber('+46 70 123 4567')).toBe('46701234567');
  });
});

describe('request schemas of the time calls', () => {
  it('free-times-on-organization takes at most 62 days, both ends counted', () => {
    expect(freeTimesOnOrganizationBody.safeParse({ start: '2026-11-23', end: '2027-01-23' }).success).toBe(true);
    expect(freeTimesOnOrganizationBody.safeParse({ start: '2026-11-23', end: '2027-01-24' }).error?.issues[0]?.path).toEqual(['end']);
    expect(freeTimesOnOrganizationBody.safeParse({ start: '2026-11-23', end: '2026-11-22' }).success).toBe(false);
    expect(freeTimesOnOrganizationBody.safeParse({ start: '23.11.2026', end: '2026-11-24' }).error?.issues[0]?.path).toEqual(['start']);
  });

  it('locker/reserved-times takes 1 to 20 local date-times', () => {
    expect(lockerReservedTimesBody.safeParse({ startTimes: ['2026-11-26T08:00:00'] }).success).toBe(true);
    expect(lockerReservedTimesBody.safeParse({ startTimes: [] }).success).toBe(false);
    expect(lockerReservedTimesBody.safeParse({ startTimes: Array(21).fill('2026-11-26T08:00:00') }).success).toBe(false);
    expect(lockerReservedTimesBody.safeParse({ startTimes: ['2026-11-26 08:00'] }).error?.issues[0]?.path).toEqual(['startTimes', 0]);
  });

  it('lead, resource-for-customer and customer-selected-resources', () => {
    expect(leadBody.safeParse({ leadDate: '2026-11-24' }).success).toBe(true);
    expect(leadBody.safeParse({ leadDate: 'huomenna' }).error?.issues[0]?.path).toEqual(['leadDate']);
    expect(resourceForCustomerQuery.safeParse({ phoneNumber: '+358 40 123 4567' }).success).toBe(true);
    expect(resourceForCustomerQuery.safeParse({ phoneNumber: 'soita minulle' }).error?.issues[0]?.path).toEqual(['phoneNumber']);
    expect(customerSelectedResourcesBody.safeParse({ resourceIds: [] }).success).toBe(true);
    expect(customerSelectedResourcesBody.safeParse({ resourceIds: Array.from({ length: 11 }, (_, i) => i + 1) }).success).toBe(false);
    expect(customerSelectedResourcesBody.safeParse({ resourceIds: [0] }).error?.issues[0]?.path).toEqual(['resourceIds', 0]);
  });
});

describe('the booking horizon', () => {
  const today = '2026-11-24';

  it('reaches BOOKING_HORIZON_MONTHS months ahead', () => {
    expect(BOOKING_HORIZON_MONTHS).toBe(12);
    expect(lastBookableDate(today)).toBe('2027-11-24');
    expect(lastBookableDate('2028-02-29')).toBe('2029-02-28');
    expect(isBeyondHorizon('2027-11-24', today)).toBe(false);
    expect(isBeyondHorizon('2027-11-25', today)).toBe(true);
    expect(isBeyondHorizon('2099-01-05', today)).toBe(true);
    expect(isBeyondHorizon('9999-12-31', today)).toBe(true);
  });

  it('free-times ranges: not wholly past, from the current week on, not beyond the horizon, at most 62 days', () => {
    // The current week may start before today, but not an earlier one.
    expect(freeTimesRangeProblem({ start: '2026-11-23', end: '2026-11-29' }, today)).toBeNull();
    expect(freeTimesRangeProblem({ start: '2026-11-22', end: '2026-11-28' }, today)?.field).toBe('start');
    expect(freeTimesRangeProblem({ start: '2026-10-01', end: '2026-11-30' }, today)?.field).toBe('start');
    // 62 days, both ends counted, and not one more.
    expect(freeTimesRangeProblem({ start: '2026-11-24', end: '2027-01-24' }, today)).toBeNull();
    expect(freeTimesRangeProblem({ start: '2026-11-24', end: '2027-01-25' }, today)).toEqual({ field: 'end', message: 'Aikaväli on enintään 62 päivää' });
    expect(freeTimesRangeProblem({ start: '2027-11-18', end: '2027-11-24' }, today)).toBeNull();
    expect(freeTimesRangeProblem({ start: '2026-11-16', end: '2026-11-23' }, today)?.field).toBe('end');
    expect(freeTimesRangeProblem({ start: '0001-01-01', end: '0001-01-01' }, today)?.field).toBe('end');
    expect(freeTimesRangeProblem({ start: '2027-11-20', end: '2027-11-26' }, today)).toEqual({ field: 'end', message: HORIZON_MESSAGE });
    expect(freeTimesRangeProblem({ start: '9999-12-31', end: '9999-12-31' }, today)).toEqual({ field: 'start', message: HORIZON_MESSAGE });
    expect(freeTimesRangeProblem({ start: '2026-11-24', end: '2027-01-26' }, today)?.field).toBe('end');
  });
});

describe('strict dates in the time calls', () => {
  const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) =>
    (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('free-times refuses impossible dates naming the field, in Finnish', () => {
    expect(freeTimesBody.safeParse({ start: '2027-02-28', end: '2027-03-01' }).success).toBe(true);
    expect(freeTimesBody.safeParse({ start: '2028-02-29', end: '2028-02-29' }).success).toBe(true);
    expect(issues(freeTimesBody.safeParse({ start: '2027-02-30', end: '2027-03-01' }))).toEqual([['start', 'Päivämäärä ei ole kelvollinen']]);
    expect(issues(freeTimesBody.safeParse({ start: '0000-01-01', end: '0000-01-01' }))).toEqual([
      ['start', 'Päivämäärä ei ole kelvollinen'],
      ['end', 'Päivämäärä ei ole kelvollinen'],
    ]);
    expect(issues(freeTimesBody.safeParse({ start: '2026-11-24', end: '2026-13-01' }))).toEqual([['end', 'Päivämäärä ei ole kelvollinen']]);
    expect(issues(freeTimesBody.safeParse({ start: '2026-11-24', end: '2026-11-32' }))).toEqual([['end', 'Päivämäärä ei ole kelvollinen']]);
    // 62 calendar days, both ends counted, across a daylight-saving change too.
    expect(freeTimesBody.safeParse({ start: '2027-03-01', end: '2027-05-01' }).success).toBe(true);
    expect(issues(freeTimesBody.safeParse({ start: '2027-03-01', end: '2027-05-02' }))).toEqual([['end', 'Aikaväli on enintään 62 päivää']]);
  });

  it('reserve-time refuses impossible times naming reservation', () => {
    const ok = (reservation: string) => reserveTimeBody.safeParse({ reservation, timeSelectionType: 'EXACT_TIME' }).success;
    expect(ok('2027-01-05T08:00:00|2027-01-05T09:00:00')).toBe(true);
    for (const bad of [
      '2027-01-05T24:00:00|2027-01-05T25:00:00',
      '2027-01-05T08:00:00|2027-01-05T25:00:00',
      '2027-01-05T08:60:00|2027-01-05T09:00:00',
      '2027-01-05T08:00:99|2027-01-05T09:00:00',
      '2027-13-05T08:00:00|2027-13-05T09:00:00',
      '2027-01-32T08:00:00|2027-01-32T09:00:00',
      '0000-01-05T08:00:00|0000-01-05T09:00:00',
      '0001-01-05T08:00:00|0001-01-05T09:00:00',
      '2027-02-30T08:00:00|2027-02-30T09:00:00',
    ]) {
      const r = reserveTimeBody.safeParse({ reservation: bad, timeSelectionType: 'EXACT_TIME' });
      expect(issues(r), bad).toEqual([['reservation', 'Varauksen päivämäärä tai kellonaika ei ole kelvollinen']]);
    }
  });

  it('other dates of the time calls are real dates too', () => {
    expect(leadBody.safeParse({ leadDate: '2027-02-30' }).error?.issues[0]?.path).toEqual(['leadDate']);
    expect(lockerReservedTimesBody.safeParse({ startTimes: ['2026-11-26T24:00:00'] }).error?.issues[0]?.path).toEqual(['startTimes', 0]);
    expect(reservationDetailsBody.safeParse({ importDate: null, pickupDate: '2027-01-05' }).success).toBe(true);
    expect(reservationDetailsBody.safeParse({ importDate: '2027-01-05T08:00:00' }).success).toBe(true);
    expect(reservationDetailsBody.safeParse({ importDate: '2027-02-30' }).error?.issues[0]?.path).toEqual(['importDate']);
  });
});
