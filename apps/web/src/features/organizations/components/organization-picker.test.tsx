import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { FirstFreeTimesBody, Organization } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { PROCESS_TYPE_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@/lib/process-session.ts';
import { OFFICE_PAGE, OrganizationPicker } from './organization-picker.tsx';

/** A chain: office N in town N, none a brand dealer. */
const chain = (n: number): Organization[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Laakkonen Kaupunki ${i + 1}`,
    address: `Katu ${i + 1}`,
    post_code: String(10000 + i).padStart(5, '0'),
    post_office: `Kaupunki ${i + 1}`,
    brand_dealer: false,
    opening_time: '08:00',
    closing_time: '17:00',
  }));

/** A server that answers every asked office a first free time on 1 December at 8.00. */
function fakeServer() {
  return stubFetch({
    '/ServiceBooking/rest/first-free-times': (body) =>
      json({
        weeks: 8,
        until: '2026-01-25',
        minutes: 60,
        organizations: (body as FirstFreeTimesBody).organizationIds.map((organizationId) => ({
          organizationId,
          date: '2026-12-01',
          startTime: '08:00:00',
          leadOnly: false,
        })),
      }),
  });
}

function renderPicker(offices: Organization[]) {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <OrganizationPicker offices={offices} isLoading={false} selectedId={null} onSelect={() => {}} splitBrandDealers={false} />
    </QueryClientProvider>,
  );
}

const cards = () => screen.getAllByRole('button', { pressed: false });
const asked = (stub: ReturnType<typeof fakeServer>) => stub.bodies('/ServiceBooking/rest/first-free-times').map((b) => (b as FirstFreeTimesBody).organizationIds);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
  window.sessionStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  window.sessionStorage.setItem(PROCESS_TYPE_STORAGE_KEY, 'MAINTENANCE');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('<OrganizationPicker> with a chain of offices', () => {
  it('shows a page of offices and asks the first free times of those only; "Näytä lisää" shows and asks the next page', async () => {
    const stub = fakeServer();
    const offices = chain(45);
    renderPicker(offices);
    expect(cards().filter((c) => c.classList.contains('office-card'))).toHaveLength(OFFICE_PAGE);
    await waitFor(() => expect(screen.getAllByText(/Ensimmäinen vapaa aika/)).toHaveLength(OFFICE_PAGE));
    expect(asked(stub)).toEqual([offices.slice(0, OFFICE_PAGE).map((o) => o.id)]);

    fireEvent.click(screen.getByRole('button', { name: 'Näytä lisää toimipisteitä (25)' }));
    await waitFor(() => expect(screen.getAllByText(/Ensimmäinen vapaa aika/)).toHaveLength(2 * OFFICE_PAGE));
    expect(asked(stub).at(-1)).toEqual(offices.slice(0, 2 * OFFICE_PAGE).map((o) => o.id));

    fireEvent.click(screen.getByRole('button', { name: 'Näytä lisää toimipisteitä (5)' }));
    await waitFor(() => expect(screen.getAllByText(/Ensimmäinen vapaa aika/)).toHaveLength(45));
    expect(screen.queryByRole('button', { name: /Näytä lisää/ })).toBeNull();
    // The status still counts every office, not the page.
    expect(screen.getByRole('status').textContent).toBe('45 toimipistettä');
  }, 30_000);

  it('a search pages the matching offices from the first page again', async () => {
    fakeServer();
    renderPicker(chain(45));
    fireEvent.click(screen.getByRole('button', { name: 'Näytä lisää toimipisteitä (25)' }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'kaupunki' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Näytä lisää toimipisteitä (25)' })).toBeTruthy());
  });

  it('a list of a page or less looks as before: no "Näytä lisää"', () => {
    fakeServer();
    renderPicker(chain(OFFICE_PAGE));
    expect(screen.getAllByText(/Laakkonen Kaupunki/)).toHaveLength(OFFICE_PAGE);
    expect(screen.queryByRole('button', { name: /Näytä lisää/ })).toBeNull();
  });
});
