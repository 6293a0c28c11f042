import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { ManageBookingRoute } from './manage-booking.tsx';

const BOOKING = {
  bookingKey: 'HV7K2M9Q4P',
  status: 'CONFIRMED',
  kind: 'RESERVATION',
  registerNumber: 'ABC-123',
  vehicle: 'Volkswagen Golf',
  office: { id: 1, name: 'Laakkonen Helsinki Konala', address: 'Ruosilantie 14', post_code: '00390', post_office: 'Helsinki', phone: null, email: null },
  start: '2030-01-15T08:00:00',
  end: '2030-01-15T10:00:00',
  leadDate: null,
  items: [{ description: 'Määräaikaishuolto', amount: 1, price: 36300 }],
  total: 36300,
  customerFirstName: 'Pertti',
  cancellable: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** fetch by path; each answer list is used in turn, its last answer repeated. */
function stubRoutes(routes: Record<string, (() => Response | Promise<Response>)[]>) {
  const used: Record<string, number> = {};
  const fetchMock = vi.fn(async (url: string) => {
    const name = String(url).split('/').pop()!;
    const answers = routes[name] ?? [() => json({ error: 'NOT_FOUND' }, 404)];
    const i = Math.min(used[name] ?? 0, answers.length - 1);
    used[name] = (used[name] ?? 0) + 1;
    return answers[i]!();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { count: (name: string) => fetchMock.mock.calls.filter(([u]) => String(u).endsWith(`/${name}`)).length };
}

function renderPage(search = '?varaus=HV7K2M9Q4P&rekisteri=abc-123') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/oma-varaus${search}`]}>
        <ManageBookingRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<ManageBookingRoute>', () => {
  it("opens the link's booking; a cancellation keeps its note and shows the booking read again", async () => {
    const { count } = stubRoutes({
      'open-booking': [
        () => json({ responseCode: 'SUCCESS', booking: BOOKING }),
        () => json({ responseCode: 'SUCCESS', booking: { ...BOOKING, status: 'CANCELLED', cancellable: false } }),
      ],
      'cancel-booking': [() => json({ responseCode: 'SUCCESS' })],
    });
    renderPage();
    expect(screen.getByText('Haetaan varausta…')).toBeTruthy();
    await screen.findByRole('heading', { name: /Varauksesi/ });
    fireEvent.click(screen.getByRole('button', { name: 'Peru varaus' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Peru varaus' }).at(-1)!);
    await screen.findByRole('heading', { name: /Peruttu varaus/ });
    expect(screen.getByText(/Varaus on peruttu\./)).toBeTruthy();
    expect(count('open-booking')).toBe(2);
    expect(count('cancel-booking')).toBe(1);
  });

  it('a failed read offers a retry that shows the loading state and reads again', async () => {
    let answer: (r: Response) => void = () => undefined;
    stubRoutes({
      'open-booking': [
        () => json({ error: 'INTERNAL' }, 500),
        () => new Promise<Response>((resolve) => (answer = resolve)),
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Yritä uudelleen' }));
    await screen.findByText('Haetaan varausta…');
    answer(json({ responseCode: 'SUCCESS', booking: BOOKING }));
    await screen.findByRole('heading', { name: /Varauksesi/ });
  });

  it('without the link asks for the key and plate; an unknown booking warns and keeps the form, a new search reads again', async () => {
    const { count } = stubRoutes({ 'open-booking': [() => json({ responseCode: 'NOT_FOUND' })] });
    renderPage('');
    fireEvent.change(screen.getByLabelText('Varaustunnus'), { target: { value: ' HV7K2M9Q4P ' } });
    fireEvent.change(screen.getByLabelText('Rekisterinumero'), { target: { value: 'abc-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hae varaus' }));
    await screen.findByText(/Varausta ei löytynyt/);
    expect((screen.getByLabelText('Varaustunnus') as HTMLInputElement).value).toBe('HV7K2M9Q4P');
    fireEvent.click(screen.getByRole('button', { name: 'Hae varaus' }));
    await waitFor(() => expect(count('open-booking')).toBe(2));
    await screen.findByText(/Varausta ei löytynyt/);
  });
});
