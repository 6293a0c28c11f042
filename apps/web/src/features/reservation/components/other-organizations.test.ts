import { describe, expect, it } from 'vitest';
import type { OrganizationFreeTimes } from '@huolto/domain';
import { orderOtherOffices } from './other-organizations.tsx';

const office = (id: number, name: string, date: string, startTime: string | null): OrganizationFreeTimes => ({
  organization: {
    id,
    name,
    address: 'Katu 1',
    post_code: '00100',
    post_office: 'Helsinki',
    brand_dealer: false,
    opening_time: '07:30',
    closing_time: '17:00',
  },
  calendar: [
    {
      date,
      exactTimesAvailable: startTime !== null,
      onlyDayTimesAvailable: startTime === null,
      calendarSlots: startTime ? [{ startTime, endTime: '18:00:00' }] : [],
    },
  ],
});

const LATE = office(1, 'Espoo', '2026-11-26', '08:00:00');
const EARLY_AFTERNOON = office(2, 'Tampere', '2026-11-25', '13:00:00');
const EARLY_MORNING = office(3, 'Turku', '2026-11-25', '08:00:00');
const DAY_ONLY = office(4, 'Pori', '2026-11-27', null);

describe('orderOtherOffices', () => {
  it('without a location: the earliest first free time first, the start time deciding within a day', () => {
    expect(orderOtherOffices([LATE, DAY_ONLY, EARLY_AFTERNOON, EARLY_MORNING], undefined).map((o) => o.organization.id)).toEqual([
      3, 2, 1, 4,
    ]);
  });

  it('with the distances: nearest first, offices without a distance last', () => {
    const km = new Map([
      [1, 12.5],
      [2, 1.2],
      [4, 300],
    ]);
    expect(orderOtherOffices([LATE, DAY_ONLY, EARLY_AFTERNOON, EARLY_MORNING], km).map((o) => o.organization.id)).toEqual([2, 1, 4, 3]);
  });
});
