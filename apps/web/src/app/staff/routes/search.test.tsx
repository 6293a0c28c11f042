import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { StaffMe, StaffSearch, StaffSearchResult } from '@huolto/domain';
import { json, newQueryClient, stubFetch, type Route as StubRoute } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { StaffLayout } from '@/app/staff/staff-layout.tsx';
import { SearchPage } from './search.tsx';
import { summaryAt } from '@/features/staff/test-bookings.ts';

const BASE = '/ServiceBooking/rest/staff';
const SEARCH = `${BASE}/bookings`;
const ME: StaffMe = {
  id: 2,
  email: 'toimipiste1@laakkonen.example',
  name: 'Teppo',
  role: 'OFFICE',
  offices: [
    { id: 1, name: 'Laakkonen Helsinki Konala' },
    { id: 3, name: 'Laakkonen Espoo Kauklahti' },
  ],
};
const KONALA = { id: 1, name: 'Laakkonen Helsinki Konala' };
const KAUKLAHTI = { id: 3, name: 'Laakkonen Espoo Kauklahti' };

function result(id: number, start: string | null, over: Partial<StaffSearchResult> = {}): StaffSearchResult {
  return { ...summaryAt(id, start, {}, '2026-12-09'), office: KONALA, ...over };
}

/** Where the app is: the search page's address as the router has it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, search: StubRoute) {
  const stub = stubFetch({ [SEARCH]: search, [`${BASE}/offices`]: () => json([]) });
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={ME}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hallinta" element={<StaffLayout />}>
            <Route path="haku" element={<SearchPage />} />
            <Route path="*" element={<p>Muu sivu</p>} />
          </Route>
        </Routes>
        <Address />
      </MemoryRouter>
    </StaffProvider>,
  );
  return stub;
}

/** The q of each search the page asked the server for, decoded. */
function askedFor(stub: ReturnType<typeof stubFetch>): (string | null)[] {
  return stub.calls(SEARCH).map(([url]) => new URL(String(url), 'http://localhost').searchParams.get('q'));
}

const main = () => screen.getByRole('main');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('booking search page', () => {
  it('lists the bookings found, each linked to the booking, with time, plate, customer, office and state', async () => {
    const answer: StaffSearch = {
      results: [
        result(7, '2026-12-02T08:00:00', { inAbsence: true }),
        result(9, null, { office: KAUKLAHTI, summary: 'Rengastyö' }),
        result(4, '2026-03-10T13:00:00', { status: 'CANCELLED', office: KAUKLAHTI }),
      ],
      more: false,
    };
    const stub = renderAt('/hallinta/haku?q=abc-1', () => json(answer));
    expect(screen.getByRole('heading', { level: 1, name: 'Varausten haku' })).toBeTruthy();
    expect(within(main()).getByRole('status').textContent).toBe('Haetaan…');
    const list = await screen.findByRole('list', { name: 'Hakutulokset' });
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Varausten haku – Hallinta'));
    expect(askedFor(stub)).toEqual(['abc-1']);
    expect(within(main()).getByRole('status').textContent).toBe('Löytyi 3 varausta.');

    const items = within(list).getAllByRole('listitem');
    const links = items.map((li) => within(li).getByRole('link'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/hallinta/varaus/7', '/hallinta/varaus/9', '/hallinta/varaus/4']);
    expect(links.map((a) => a.textContent)).toEqual([
      'ke 2.12.2026 8.00–9.00 ABC-123 Matti Meikäläinen',
      'Toivepäivä ke 9.12.2026 ABC-123 Matti Meikäläinen',
      'ti 10.3.2026 13.00–14.00 ABC-123 Matti Meikäläinen',
    ]);
    expect(items[0]!.textContent).toContain('Laakkonen Helsinki Konala · Määräaikaishuolto');
    expect(items[0]!.textContent).toContain('Poissaolon aikana');
    expect(items[1]!.textContent).toContain('Laakkonen Espoo Kauklahti · Rengastyö');
    expect(items[2]!.textContent).toContain('Peruttu');
    // The page's field holds the text searched for.
    expect((within(main()).getByLabelText('Hae varausta') as HTMLInputElement).value).toBe('abc-1');
  });

  it('one booking found is said in the singular', async () => {
    renderAt('/hallinta/haku?q=KEY7', () => json({ results: [result(7, '2026-12-02T08:00:00')], more: false }));
    await screen.findByRole('list', { name: 'Hakutulokset' });
    expect(within(main()).getByRole('status').textContent).toBe('Löytyi 1 varaus.');
  });

  it('when the server left some out, asks for a narrower text', async () => {
    const results = Array.from({ length: 20 }, (_, i) => result(i + 1, `2026-12-${String(i + 1).padStart(2, '0')}T08:00:00`));
    renderAt('/hallinta/haku?q=Matti', () => json({ results, more: true }));
    const list = await screen.findByRole('list', { name: 'Hakutulokset' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const status = within(main()).getByRole('status').textContent!;
    expect(status).toContain('Näytetään 20 ensimmäistä – tarkenna hakua.');
    expect(status).toContain('Löytyi yli 20 varausta.');
  });

  it('nothing found says so, with no list', async () => {
    renderAt('/hallinta/haku?q=ZZZ-999', () => json({ results: [], more: false }));
    await waitFor(() => expect(within(main()).getByRole('status').textContent).toBe('Hakuehdolla ei löytynyt varauksia.'));
    expect(screen.queryByRole('list', { name: 'Hakutulokset' })).toBeNull();
  });

  it('a text of one character (after trimming) asks for more and never calls the server', async () => {
    const search = vi.fn(() => json({ results: [], more: false }));
    const stub = renderAt('/hallinta/haku?q=%20A%20', search);
    expect(within(main()).getByRole('status').textContent).toBe('Anna vähintään 2 merkkiä.');
    // Submitting it again from the page changes nothing: still no call.
    fireEvent.submit(within(main()).getByRole('button', { name: 'Hae' }).closest('form')!);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/haku?q=A'));
    expect(within(main()).getByRole('status').textContent).toBe('Anna vähintään 2 merkkiä.');
    expect(search).not.toHaveBeenCalled();
    expect(askedFor(stub)).toEqual([]);
  });

  it('the page opened without a text says nothing and asks nothing', () => {
    const search = vi.fn(() => json({ results: [], more: false }));
    renderAt('/hallinta/haku', search);
    expect(within(main()).getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(search).not.toHaveBeenCalled();
  });

  it('a 400 shows the message of the field q, tied to the field', async () => {
    renderAt('/hallinta/haku?q=ab', () =>
      json(
        {
          error: 'VALIDATION',
          message: 'Tarkista tiedot.',
          fields: [{ path: 'q', message: 'Hakuehdossa on merkkejä, joita ei voi tallentaa' }],
        },
        400,
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Hakuehdossa on merkkejä, joita ei voi tallentaa');
    const input = within(main()).getByLabelText('Hae varausta');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')!.split(' ')).toContain(alert.id);
    expect(screen.queryByRole('list', { name: 'Hakutulokset' })).toBeNull();
  });

  it('another error shows the server\'s message and a retry', async () => {
    renderAt('/hallinta/haku?q=ab', () => json({ error: 'INTERNAL', message: 'x' }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Palvelussa tapahtui virhe.');
    expect(within(alert).getByRole('button', { name: 'Yritä uudelleen' })).toBeTruthy();
  });

  it('the page\'s form searches for the text typed, in the address', async () => {
    const stub = renderAt('/hallinta/haku', () => json({ results: [result(7, '2026-12-02T08:00:00')], more: false }));
    fireEvent.change(within(main()).getByLabelText('Hae varausta'), { target: { value: ' abc 12 ' } });
    fireEvent.click(within(main()).getByRole('button', { name: 'Hae' }));
    await screen.findByRole('list', { name: 'Hakutulokset' });
    expect(new URL(screen.getByTestId('address').textContent!, 'http://localhost').searchParams.get('q')).toBe('abc 12');
    expect(askedFor(stub)).toEqual(['abc 12']);
  });
});

describe('header search', () => {
  it('is on every signed-in page, and goes to the search page with the text, which the server gets encoded', async () => {
    const stub = renderAt('/hallinta/paiva/1/2026-12-02', () => json({ results: [result(7, '2026-12-02T08:00:00')], more: false }));
    expect(screen.getByText('Muu sivu')).toBeTruthy();
    const form = screen.getByRole('search', { name: 'Varausten pikahaku' });
    const input = within(form).getByLabelText('Hae varausta') as HTMLInputElement;
    expect(input.placeholder).toBe('Rekisterinumero, nimi, puhelin…');
    expect(screen.getByRole('navigation', { name: 'Hallinnan näkymät' }).querySelector('a[href="/hallinta/haku"]')!.textContent).toBe('Haku');

    fireEvent.change(input, { target: { value: 'ABC 123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Hae' }));

    await screen.findByRole('list', { name: 'Hakutulokset' });
    const address = screen.getByTestId('address').textContent!;
    expect(address.startsWith('/hallinta/haku?q=')).toBe(true);
    expect(new URL(address, 'http://localhost').searchParams.get('q')).toBe('ABC 123');
    // The server is asked with the text encoded in the query, nothing else.
    const [url] = stub.calls(SEARCH)[0]!;
    expect(String(url)).toMatch(/^\/ServiceBooking\/rest\/staff\/bookings\?q=ABC(%20|\+)123$/);
    expect(askedFor(stub)).toEqual(['ABC 123']);
    // The page's field has the text; the header's is empty for the next call.
    expect((within(main()).getByLabelText('Hae varausta') as HTMLInputElement).value).toBe('ABC 123');
    expect(input.value).toBe('');
  });
});
