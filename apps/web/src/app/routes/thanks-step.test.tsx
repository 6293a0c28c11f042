import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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
    const dropOff = screen.getByRole('region', { name: 'Auton tuominen' });
    expect(dropOff.textContent).toContain('Valintasi: Tuon auton aukioloaikojen ulkopuolella, avain avainautomaattiin');
    expect(dropOff.textContent).toContain('jätä avain avainautomaattiin viimeistään varauspäivän aamuna klo 7.30');
    // Where the locker is, how to leave the key and when.
    const steps = within(dropOff).getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toBe('Avainautomaatti on toimipisteen pääoven vieressä osoitteessa Ruosilantie 14, 00390 Helsinki.');
    expect(steps.join(' ')).toMatch(/avainkuori.*rekisterinumero/);
    expect(steps.join(' ')).toMatch(/edeltävänä iltana/);
    expect(within(dropOff).getByRole('link', { name: 'Laakkonen Helsinki Konala kartalla' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Laakkonen%20Helsinki%20Konala%2C%20Ruosilantie%2014%2C%2000390%20Helsinki',
    );
    expect(screen.getByRole('note').textContent).toBe('Toimipisteen tiedote: Sisäänkäynti on takapihalla.');
  });

  it('a lead: no time and no calendar file; the office calls, whatever delivery option was chosen', () => {
    renderThanks({ ...SAVED, start: null, end: null, leadDate: '2030-01-15', deliveryOption: 'VEHICLE_LEFT_FOR_DAY', officeNotice: null });
    // A request, as the e-mail's subject says it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Palvelupyyntösi on vastaanotettu');
    expect(screen.queryByRole('link', { name: 'Lisää kalenteriin' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Katso tai peru varauksesi' })).toBeTruthy();
    const dropOff = screen.getByRole('region', { name: 'Auton tuominen' }).textContent!;
    expect(dropOff).toMatch(/Otamme sinuun yhteyttä ja sovimme tarkan ajan/);
    expect(dropOff).not.toMatch(/7\.30|20 minuuttia/);
    expect(screen.getByText(/Vahvistus on lähetetty osoitteeseen/)).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('a waiting customer is told the clock time: 20 minutes before the agreed time', () => {
    renderThanks({ ...SAVED, deliveryOption: 'CUSTOMER_WAITING' });
    const dropOff = screen.getByRole('region', { name: 'Auton tuominen' }).textContent!;
    expect(dropOff).toContain('Tuo auto noin 20 minuuttia ennen sovittua aikaa.');
    expect(dropOff).toContain('Tule toimipisteeseen klo 7.40');
  });

  it('tire sales: the amount of each line ("4 kpl")', () => {
    renderThanks({ ...SAVED, processType: 'TIRE_SALES', items: [{ description: 'Nokian Hakkapeliitta R5 205/55R16', price: 64000, amount: 4 }], total: 64000 });
    const line = screen.getByText('Nokian Hakkapeliitta R5 205/55R16').closest('li')!;
    expect(line.textContent).toContain('4 kpl');
  });

  it('a windshield replacement reads "alkaen 390 €"; a quote request is a request with no price', () => {
    renderThanks({ ...SAVED, processType: 'WINDSHIELD', items: [{ description: 'Tuulilasin vaihto', price: 39000, priceDisplay: 'from' }], total: 39000, totalDisplay: 'from' });
    expect(screen.getByText('Tuulilasin vaihto').closest('li')!.textContent).toContain('alkaen 390\u00a0€');
    cleanup();
    renderThanks({ ...SAVED, processType: 'WINDSHIELD', start: null, end: null, leadDate: '2030-01-15', items: [{ description: 'Tuulilasin vaihto', price: 39000, priceDisplay: 'quote' }], total: 39000, totalDisplay: 'quote' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Palvelupyyntösi on vastaanotettu');
    expect(screen.getByText('Tuulilasin vaihto').closest('li')!.textContent).toContain('Hinta tarjouksen mukaan');
  });
});

describe('the thanks page and the company’s links', () => {
  const settingsWith = (frontPage: string) =>
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ links: { frontPage }, companyName: 'Yritys Oy' }), { headers: { 'Content-Type': 'application/json' } })));

  it('links back to the company’s own site when the settings give its address', async () => {
    settingsWith('https://yritys.example/');
    renderThanks(SAVED);
    expect((await screen.findByRole('link', { name: 'Takaisin verkkosivuillemme' })).getAttribute('href')).toBe('https://yritys.example/');
  });

  it('leaves the link out when the address is empty', async () => {
    settingsWith('');
    renderThanks(SAVED);
    await screen.findByRole('link', { name: 'Tee uusi varaus' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link', { name: 'Takaisin verkkosivuillemme' })).toBeNull();
  });
});
