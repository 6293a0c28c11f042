import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { API_BASE, type OrganizationFreeTimes } from '@huolto/domain';
import { clearProcessSession, setProcessToken } from '@/lib/process-session.ts';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { OtherOrganizations, orderOtherOffices } from './other-organizations.tsx';

const office = (id: number, name: string, date: string, startTime: string | null, freeDays = 1): OrganizationFreeTimes => ({
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
  freeDays,
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

describe('<OtherOrganizations>', () => {
  const PATH = `${API_BASE}/free-times-on-organization`;

  beforeEach(() => {
    window.sessionStorage.clear();
    clearProcessSession();
    setProcessToken('token-1');
    document.cookie = 'XSRF-TOKEN=x; path=/';
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks a page of the nearest offices with only their first free times, and shows each one’s first time and number of free days', async () => {
    // The light answer: one day with one time each, freeDays counting all the office's free days.
    const { bodies } = stubFetch({ [PATH]: () => json([office(2, 'Espoo', '2026-11-24', '08:00:00', 17), office(4, 'Pori', '2026-11-27', null, 3)]) });
    render(
      <QueryClientProvider client={newQueryClient()}>
        <OtherOrganizations organizationId={1} onSwitch={() => Promise.resolve()} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Näytä muiden toimipisteiden vapaat ajat' }));
    const espoo = (await screen.findByText('Espoo')).closest('li')!;
    expect(espoo.textContent).toContain('Ensimmäinen vapaa aika: ti 24.11. klo 8.00');
    expect(espoo.textContent).toContain('17 päivänä vapaita aikoja');
    const pori = screen.getByText('Pori').closest('li')!;
    expect(pori.textContent).toContain('Ensimmäinen vapaa aika: pe 27.11.');
    expect(pori.textContent).not.toContain('klo');
    expect(pori.textContent).toContain('3 päivänä vapaita aikoja');
    expect(bodies(PATH)).toHaveLength(1);
    expect(bodies(PATH)[0]).toMatchObject({ limit: 20, firstOnly: true });
  });
});
