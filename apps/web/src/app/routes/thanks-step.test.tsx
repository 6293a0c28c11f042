import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { PROCESSES } from '@huolto/domain';
import { ProcessContext } from '@/app/process-context.tsx';
import { WIZARD_STORAGE_KEY, WizardStateProvider, type SavedBookingSummary } from '@/stores/wizard-state.tsx';
import { ThanksStepRoute } from './thanks-step.tsx';

const SAVED: SavedBookingSummary = {
  bookingKey: 'HV7K2M9Q4PXX',
  processType: 'MAINTENANCE',
  registerNumber: 'ABC-123',
  vehicle: 'Volkswagen Golf',
  office: { name: 'Laakkonen Helsinki Konala', address: 'Ruosilantie 14', post_code: '00390', post_office: 'Helsinki' },
  start: '2030-01-15T08:00:00',
  end: '2030-01-15T10:00:00',
  leadDate: null,
  items: [{ description: 'Määräaikaishuolto', price: 36300 }],
  symptoms: [],
  total: 36300,
  email: 'maija@example.com',
  deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  officeNotice: 'Sisäänkäynti on takapihalla.',
};

function renderThanks(lastBooking: SavedBookingSummary) {
  window.sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ lastBooking }));
  const process = PROCESSES.MAINTENANCE;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/huolto/kiitos']}>
        <WizardStateProvider>
          <ProcessContext.Provider value={{ process, step: 'kiitos', stepHref: (s) => s, goTo: () => {}, goNext: () => {}, goBack: () => {} }}>
            <ThanksStepRoute />
          </ProcessContext.Provider>
        </WizardStateProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ links: {} }), { headers: { 'Content-Type': 'application/json' } })));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
});

describe('the thanks page', () => {
  it('a booked time: the calendar file and the booking page by key and plate, the key-locker instructions and the notice', () => {
    renderThanks(SAVED);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Aikasi on varattu');
    expect(screen.getAllByText(/Kiitos/)).toHaveLength(1);
    const calendar = screen.getByRole('link', { name: 'Lisää kalenteriin' });
    expect(calendar.getAttribute('href')).toBe('/ServiceBooking/rest/booking-calendar?bookingKey=HV7K2M9Q4PXX&registerNumber=ABC-123');
    expect(calendar.getAttribute('download')).toBe('varaus-HV7K2M9Q4PXX.ics');
    expect(screen.getByRole('link', { name: 'Katso tai peru varauksesi' }).getAttribute('href')).toBe('/oma-varaus?varaus=HV7K2M9Q4PXX&rekisteri=ABC-123');
    expect(screen.getByRole('region', { name: 'Auton tuominen' }).textContent).toMatch(/jätä avain toimipisteen avainautomaattiin/);
    expect(screen.getByRole('note').textContent).toBe('Toimipisteen tiedote: Sisäänkäynti on takapihalla.');
  });

  it('a lead: no time and no calendar file; the office calls, whatever delivery option was chosen', () => {
    renderThanks({ ...SAVED, start: null, end: null, leadDate: '2030-01-15', deliveryOption: 'VEHICLE_LEFT_FOR_DAY', officeNotice: null });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sovimme ajan kanssasi');
    expect(screen.queryByRole('link', { name: 'Lisää kalenteriin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Katso tai peru varauksesi' })).toBeTruthy();
    const dropOff = screen.getByRole('region', { name: 'Auton tuominen' }).textContent!;
    expect(dropOff).toMatch(/Otamme sinuun yhteyttä ja sovimme tarkan ajan/);
    expect(dropOff).not.toMatch(/7\.30|20 minuuttia/);
    expect(screen.getByText(/Vahvistus on lähetetty osoitteeseen/)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
