import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { addDays, startOfWeek, todayInHelsinki } from '@huolto/domain';
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
  items: [{ description: 'Määräaikaishuolto', amount: 1, price: 36300, priceDisplay: 'exact' }],
  total: 36300,
  totalDisplay: 'exact',
  symptoms: [],
  deliveryOption: null,
  customerFirstName: 'Pertti',
  cancellable: true,
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>;

/** fetch by path; each answer list is used in turn, its last answer repeated; an answer gets the request's JSON body. */
function stubRoutes(routes: Record<string, Answer[]>) {
  const used: Record<string, number> = {};
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const name = String(url).split('/').pop()!;
    const answers = routes[name] ?? [() => json({ error: 'NOT_FOUND' }, 404)];
    const i = Math.min(used[name] ?? 0, answers.length - 1);
    used[name] = (used[name] ?? 0) + 1;
    return answers[i]!(init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {});
  });
  vi.stubGlobal('fetch', fetchMock);
  const bodies = (name: string) =>
    (fetchMock.mock.calls as [string, RequestInit | undefined][])
      .filter(([u]) => String(u).endsWith(`/${name}`))
      .map(([, init]) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>);
  return { count: (name: string) => bodies(name).length, bodies };
}

/** free-times-for-booking for any week: the Tuesday has 8.00 and 9.00 (an hour each), the other days nothing. */
const weekOfTimes: Answer = (body) => {
  const monday = String(body.start);
  const days = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(monday, i);
    const calendarSlots = i === 1 ? [{ startTime: '08:00:00', endTime: '09:00:00' }, { startTime: '09:00:00', endTime: '10:00:00' }] : [];
    return { date, exactTimesAvailable: calendarSlots.length > 0, onlyDayTimesAvailable: false, calendarSlots };
  });
  return json({ responseCode: 'SUCCESS', days });
};

const tuesday = () => addDays(startOfWeek(todayInHelsinki()), 1);

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

  it('moves the booking: the week of free times, a chosen time, and the page shows the new time and says so', async () => {
    const moved = { ...BOOKING, start: `${tuesday()}T09:00:00`, end: `${tuesday()}T10:00:00` };
    const { bodies } = stubRoutes({
      'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })],
      'free-times-for-booking': [weekOfTimes],
      'move-booking': [() => json({ responseCode: 'SUCCESS', booking: moved })],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Siirrä toiseen aikaan' });
    const move = within(section).getByRole('button', { name: 'Siirrä varaus' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    const days = await within(section).findByRole('group', { name: /^Päivät, Viikko \d+/ });
    // Monday first, the days without times disabled.
    const dayButtons = within(days).getAllByRole('button') as HTMLButtonElement[];
    expect(dayButtons[0]!.textContent).toMatch(/^ma/);
    expect(dayButtons.filter((b) => !b.disabled)).toHaveLength(1);
    fireEvent.click(within(section).getByRole('button', { name: '9.00–10.00' }));
    expect(within(section).getByText(/Uusi aika:/).textContent).toContain('klo 9.00–10.00');
    fireEvent.click(move);
    await screen.findByText(/^Varaus on siirretty\. Uusi aika: .* klo 9\.00–10\.00\. Lähetimme uuden vahvistuksen sähköpostiisi\.$/);
    expect(screen.getByRole('region', { name: 'Varauksen tiedot' }).querySelector('time')!.getAttribute('datetime')).toBe(moved.start);
    expect(bodies('move-booking')).toEqual([
      { bookingKey: 'HV7K2M9Q4P', registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC', reservation: `${tuesday()}T09:00:00|${tuesday()}T10:00:00` },
    ]);
    expect(bodies('free-times-for-booking')[0]).toMatchObject({ start: startOfWeek(todayInHelsinki()), end: addDays(startOfWeek(todayInHelsinki()), 6) });
  });

  it('a time taken meanwhile: the booking keeps its time, the Finnish reason shows and the times are read again', async () => {
    const { count } = stubRoutes({
      'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })],
      'free-times-for-booking': [weekOfTimes],
      'move-booking': [() => json({ responseCode: 'NOT_AVAILABLE', message: 'Valitsemasi aika ehdittiin varata. Varauksesi on edelleen entisellä ajallaan. Valitse toinen aika.' })],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Siirrä toiseen aikaan' });
    fireEvent.click(await within(section).findByRole('button', { name: '8.00–9.00' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Siirrä varaus' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/ehdittiin varata.*entisellä ajallaan/);
    expect(screen.getByRole('region', { name: 'Varauksen tiedot' }).querySelector('time')!.getAttribute('datetime')).toBe(BOOKING.start);
    await waitFor(() => expect(count('free-times-for-booking')).toBe(2));
  });

  it("a change request over the booking's hourly cap (429): the server's Finnish words are shown and the message is kept", async () => {
    const words = 'Varauksesta on lähetetty jo 3 muutospyyntöä tunnin sisällä. Voit lähettää uuden 42 minuutin kuluttua tai soittaa toimipisteeseen.';
    stubRoutes({
      'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })],
      'free-times-for-booking': [weekOfTimes],
      'send-edit-request': [() => json({ error: 'TOO_MANY_REQUESTS', message: words }, 429)],
    });
    renderPage();
    const text = (await screen.findByLabelText('Mitä haluaisit muuttaa?')) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Voisiko ajan siirtää iltapäivään?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lähetä muutospyyntö' }));
    await waitFor(() => expect(screen.getByText(words)).toBeTruthy());
    expect(text.value).toBe('Voisiko ajan siirtää iltapäivään?');
  });

  it("too late to move: the server's 409 reason is shown", async () => {
    stubRoutes({
      'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })],
      'free-times-for-booking': [weekOfTimes],
      'move-booking': [() => json({ error: 'TOO_LATE', message: 'Varausta ei voi enää siirtää verkossa.' }, 409)],
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Siirrä toiseen aikaan' });
    fireEvent.click(await within(section).findByRole('button', { name: '8.00–9.00' }));
    fireEvent.click(within(section).getByRole('button', { name: 'Siirrä varaus' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Varausta ei voi enää siirtää verkossa.');
  });

  it('reads as the thanks page did: the symptoms, the delivery choice with its instructions, "alkaen" and the amount by the same formatter', async () => {
    const booking = {
      ...BOOKING,
      items: [
        { description: 'Tuulilasin vaihto', amount: 1, price: 39000, priceDisplay: 'from' },
        { description: 'Pyyhkijänsulat', amount: 2, price: 3000, priceDisplay: 'exact' },
      ],
      total: 42000,
      totalDisplay: 'from',
      symptoms: ['Jarrut vinkuvat'],
      deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
    };
    stubRoutes({ 'open-booking': [() => json({ responseCode: 'SUCCESS', booking })], 'free-times-for-booking': [weekOfTimes] });
    renderPage();
    const details = await screen.findByRole('region', { name: 'Varauksen tiedot' });
    expect(within(details).getByText('Tuulilasin vaihto').closest('li')!.textContent).toContain('alkaen 390\u00a0€');
    expect(within(details).getByText('Pyyhkijänsulat').closest('li')!.textContent).toContain('2 kpl');
    expect(within(details).getByText('Jarrut vinkuvat').closest('li')!.textContent).toContain('Muu korjaus/huolto:');
    expect(details.textContent).toContain('Yhteensäalkaen 420\u00a0€');
    expect(within(details).getByRole('link', { name: 'Ruosilantie 14, 00390 Helsinki' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    const dropOff = screen.getByRole('region', { name: 'Auton tuominen' });
    expect(dropOff.textContent).toContain('Valintasi: Tuon auton aukioloaikojen ulkopuolella, avain avainautomaattiin');
    expect(dropOff.textContent).toContain('Avainautomaatti on toimipisteen pääoven vieressä osoitteessa Ruosilantie 14, 00390 Helsinki.');
  });

  it('cancelling is a quiet secondary button in its own section, and asks first', async () => {
    stubRoutes({ 'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })], 'free-times-for-booking': [weekOfTimes] });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Varauksen peruminen' });
    const cancel = within(section).getByRole('button', { name: 'Peru varaus' });
    expect(cancel.className).toContain('btn--secondary');
    expect(cancel.className).not.toContain('btn--danger');
    fireEvent.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Perutaanko varaus?' });
    // The dialog's destructive button is red like the page's, not the blue of a step forward.
    const confirm = within(dialog).getByRole('button', { name: 'Peru varaus' });
    expect(confirm.className).toContain('btn--danger');
    expect(confirm.className).not.toContain('btn--primary');
  });

  it('the survey waits until after the visit day: none before, the form after', async () => {
    stubRoutes({ 'open-booking': [() => json({ responseCode: 'SUCCESS', booking: BOOKING })], 'free-times-for-booking': [weekOfTimes] });
    renderPage();
    await screen.findByRole('heading', { name: /Varauksesi/ });
    expect(screen.queryByRole('region', { name: 'Anna palautetta' })).toBeNull();
    expect(screen.getByText('Voit antaa palautetta käyntisi jälkeen tällä sivulla.')).toBeTruthy();
    cleanup();

    const yesterday = addDays(todayInHelsinki(), -1);
    const past = { ...BOOKING, start: `${yesterday}T08:00:00`, end: `${yesterday}T10:00:00`, cancellable: false };
    stubRoutes({ 'open-booking': [() => json({ responseCode: 'SUCCESS', booking: past })] });
    renderPage();
    await screen.findByRole('region', { name: 'Anna palautetta' });
    expect(screen.queryByRole('region', { name: 'Siirrä toiseen aikaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Peru varaus' })).toBeNull();
  });
});
