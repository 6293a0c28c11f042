import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SiteSettings } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { siteSettings } from '@/test/fixtures.ts';
import { AppProvider } from './provider.tsx';
import { routes } from './router.tsx';

/*
 * The booking app named and opened by GET /settings: the header, the footer and the document
 * titles carry the company's name (or just 'Ajanvaraus' without one), and while the site takes
 * no bookings the landing page and every process page say so instead of the booking.
 */

const API = '/ServiceBooking/rest';

function renderApp(path: string, settings: SiteSettings) {
  const fetches = stubFetch({
    [`${API}/settings`]: () => json(settings),
    [`${API}/init-session`]: () => json({ processToken: 'tok' }),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider queryClient={newQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return fetches;
}

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
  window.sessionStorage.clear();
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the company in the header, footer and titles', () => {
  it("names the company from the settings", async () => {
    renderApp('/etusivu', siteSettings({ companyName: 'Autokorjaamo Esimerkki' }));
    const header = await screen.findByRole('banner', {}, { timeout: 5000 });
    await waitFor(() => expect(within(header).getByRole('link').textContent).toBe('AAutokorjaamo Esimerkki'));
    expect(within(header).getByText('Ajanvaraus')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText(/Huolto, renkaat/).textContent).toBe('© Autokorjaamo Esimerkki · Huolto, renkaat ja tuulilasit');
    await waitFor(() => expect(document.title).toBe('Etusivu – Ajanvaraus – Autokorjaamo Esimerkki'));
  });

  it("says just 'Ajanvaraus' when the company has no name yet", async () => {
    const { calls } = renderApp('/etusivu', siteSettings({ companyName: '' }));
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(calls(`${API}/settings`).length).toBeGreaterThan(0));
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link').textContent).toBe('AAjanvaraus');
    expect(header.textContent).not.toMatch(/Laakkonen|Ajanvaraus.*Ajanvaraus/);
    expect(within(screen.getByRole('contentinfo')).getByText(/Huolto, renkaat/).textContent).toBe('Ajanvaraus · Huolto, renkaat ja tuulilasit');
    await waitFor(() => expect(document.title).toBe('Etusivu – Ajanvaraus'));
  });
});

describe('while the site takes no bookings', () => {
  it('the landing page says so, with the booking line, instead of the process tiles', async () => {
    renderApp('/etusivu', siteSettings({ bookingOpen: false, bookingPhone: '010 123 4567' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajanvaraus ei ole vielä avoinna' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText(/Verkkoajanvaraus avataan pian/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /010 123 4567/ }).getAttribute('href')).toBe('tel:0101234567');
    expect(screen.queryByRole('list', { name: 'Varattavat palvelut' })).toBeNull();
    // A booking already made can still be opened.
    expect(screen.getByRole('region', { name: 'Varauksesi' })).toBeTruthy();
  });

  it.each(['/huolto/ajoneuvo', '/renkaat/ajoneuvo', '/rengasmyynti/ajoneuvo', '/proautolasi/ajoneuvo', '/huolto'])(
    '%s says so instead of the booking, without an error',
    async (path) => {
      renderApp(path, siteSettings({ bookingOpen: false, bookingPhone: '' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Ajanvaraus ei ole vielä avoinna' }, { timeout: 5000 })).toBeTruthy();
      expect(screen.getByText('Verkkoajanvaraus avataan pian. Tervetuloa uudelleen myöhemmin.')).toBeTruthy();
      expect(screen.queryByLabelText(/Rekisterinumero/)).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('an open site shows the booking as before', async () => {
    renderApp('/huolto/ajoneuvo', siteSettings({ bookingOpen: true }));
    // The process's frame, with its progress bar, once the settings have answered.
    expect(await screen.findByRole('button', { name: 'Aloita alusta' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/Autokorjaamo Esimerkki$/));
    expect(screen.queryByRole('heading', { name: 'Ajanvaraus ei ole vielä avoinna' })).toBeNull();
  });
});

describe('the loyalty programme', () => {
  it.each([
    [true, 'shows'],
    [false, 'leaves out'],
  ])("settings.loyalty %s: the vehicle step %s the loyalty block headed by the programme's name", async (loyalty) => {
    stubFetch({
      [`${API}/settings`]: () => json(siteSettings({ loyalty, loyaltyName: 'Esimerkki Plus' })),
      [`${API}/init-session`]: () =>
        new Response(JSON.stringify({ responseCode: 'SUCCESS' }), { headers: { 'content-type': 'application/json', 'x-process-token': 't'.repeat(43) } }),
    });
    render(
      <AppProvider queryClient={newQueryClient()}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/huolto/ajoneuvo'] })} />
      </AppProvider>,
    );
    await screen.findByLabelText(/Rekisterinumero/, {}, { timeout: 8000 });
    await waitFor(() => expect(document.title).toMatch(/Autokorjaamo Esimerkki$/));
    expect(screen.queryByRole('region', { name: 'Esimerkki Plus' }) !== null).toBe(loyalty);
    expect(screen.queryByRole('button', { name: 'Kirjaudu kanta-asiakkaana' }) !== null).toBe(loyalty);
  }, 15_000);
});
