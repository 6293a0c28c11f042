import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { addDays, todayInHelsinki, type Absence, type StaffOffice } from '@huolto/domain';
import { json, newQueryClient } from '@/test/fetch-stub.ts';
import { absenceSpan } from '@/features/staff/components/capacity/absence-span.ts';
import { CapacityPage } from './capacity.tsx';

const BASE = '/ServiceBooking/rest/staff';
const TODAY = todayInHelsinki();
const D1 = addDays(TODAY, 3);
const D2 = addDays(TODAY, 10);

const OFFICE: StaffOffice = {
  id: 1,
  name: 'Laakkonen Helsinki Konala',
  email: 'konala@laakkonen.example',
  openingTime: '08:00',
  closingTime: '16:00',
  resources: [
    { id: 11, name: 'Nosturi 1' },
    { id: 12, name: 'Nosturi 2' },
  ],
};

const ABSENCES: Absence[] = [
  { id: 7, resourceId: 12, start: `${D2}T00:00:00`, end: `${addDays(D2, 2)}T00:00:00`, reason: 'Huolto', bookingsInside: 0, bookingIdsInside: [] },
  { id: 5, resourceId: 11, start: `${D1}T12:00:00`, end: `${D1}T16:00:00`, reason: 'Koulutus', bookingsInside: 2, bookingIdsInside: [31, 32] },
];

type Answer = (body: unknown, url: string) => Response | Promise<Response>;

/** fetch answered by 'METHOD /path' under the staff API; each list's answers in turn, the last one repeated. */
function stub(routes: Record<string, Answer[]>) {
  const used: Record<string, number> = {};
  const keyOf = (url: string, init?: RequestInit) => `${(init?.method ?? 'GET').toUpperCase()} ${String(url).split('?')[0]!.replace(BASE, '')}`;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = keyOf(url, init);
    const answers = routes[key];
    if (!answers) return json({ error: 'NOT_FOUND', message: key }, 404);
    const i = Math.min(used[key] ?? 0, answers.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    return answers[i]!(init?.body ? JSON.parse(String(init.body)) : undefined, String(url));
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (key: string) => (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(([url, init]) => keyOf(url, init) === key);
  const bodies = (key: string) => calls(key).map(([, init]) => (init?.body ? JSON.parse(String(init.body)) : undefined));
  return { bodies, urls: (key: string) => calls(key).map(([url]) => String(url)) };
}

function renderPage(officeId = 1) {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={[`/hallinta/kapasiteetti/${officeId}`]}>
        <Routes>
          <Route path="/hallinta/kapasiteetti/:officeId" element={<CapacityPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const OPENING = { openingTime: '08:00', closingTime: '16:00', exceptions: [{ date: D2, openingTime: null, closingTime: null, reason: 'Inventaario' }] };

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('absenceSpan', () => {
  it('reads whole days as days and hours as times', () => {
    expect(absenceSpan({ start: '2030-01-14T00:00:00', end: '2030-01-15T00:00:00' })).toBe('ma 14.1.2030');
    expect(absenceSpan({ start: '2030-01-14T00:00:00', end: '2030-01-17T00:00:00' })).toBe('ma 14.1.2030 – ke 16.1.2030');
    expect(absenceSpan({ start: '2030-01-14T12:00:00', end: '2030-01-14T16:30:00' })).toBe('ma 14.1.2030 12.00–16.30');
    expect(absenceSpan({ start: '2030-01-14T12:00:00', end: '2030-01-15T10:00:00' })).toBe('ma 14.1.2030 12.00 – ti 15.1.2030 10.00');
  });
});

describe('<CapacityPage>', () => {
  it("links the one booking left inside an absence to that booking's page", async () => {
    const one: Absence = { ...ABSENCES[1]!, bookingsInside: 1, bookingIdsInside: [31] };
    stub({ 'GET /offices': [() => json([OFFICE])], 'GET /offices/1/absences': [() => json([one])], 'GET /offices/1/opening': [() => json(OPENING)] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tulevat poissaolot' });
    expect(within(list).getByRole('link', { name: '1 varaus poissaolon aikana' }).getAttribute('href')).toBe('/hallinta/varaus/31');
  });

  it('lists the upcoming absences in time order with the bookings inside them, and deletes one', async () => {
    const { urls } = stub({
      'GET /offices': [() => json([OFFICE])],
      'GET /offices/1/absences': [() => json(ABSENCES), () => json(ABSENCES.slice(0, 1))],
      'DELETE /offices/1/absences/5': [() => new Response(null, { status: 204 })],
      'GET /offices/1/opening': [() => json(OPENING)],
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Kapasiteetti: Laakkonen Helsinki Konala' });
    const list = await screen.findByRole('list', { name: 'Tulevat poissaolot' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `Nosturi 1: ${absenceSpan(ABSENCES[1]!)}Koulutus2 varausta poissaolon aikanaPoista`,
      `Nosturi 2: ${absenceSpan(ABSENCES[0]!)}HuoltoPoista`,
    ]);
    expect(urls('GET /offices/1/absences')[0]).toContain(`from=${TODAY}`);
    // The bookings left inside an absence are a link: several to the day with the resource, one to its booking.
    expect(within(items[0]!).getByRole('link', { name: '2 varausta poissaolon aikana' }).getAttribute('href')).toBe(`/hallinta/paiva/1/${D1}?resurssi=11`);

    fireEvent.click(within(items[0]!).getByRole('button', { name: /^Poista poissaolo: Nosturi 1, / }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Poissaolo poistettu: Nosturi 1, ${absenceSpan(ABSENCES[1]!)}`));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tulevat poissaolot' })).getAllByRole('listitem')).toHaveLength(1));

    // The exceptions of the office's hours are listed too.
    const exceptions = screen.getByRole('list', { name: 'Tulevat poikkeukset' });
    expect(within(exceptions).getByText(/Suljettu/)).toBeTruthy();
    expect(within(exceptions).getByText('Inventaario')).toBeTruthy();
  });

  it('adds a whole-day absence as midnight to the midnight after the last day, and shows the refusal of a field next to that field', async () => {
    const { bodies } = stub({
      'GET /offices': [() => json([OFFICE])],
      'GET /offices/1/absences': [() => json([])],
      'GET /offices/1/opening': [() => json(OPENING)],
      'POST /offices/1/absences': [
        () =>
          json(
            { error: 'VALIDATION', message: 'Virheellinen syöte: end', fields: [{ path: 'end', message: 'Loppu ennen alkua' }] },
            400,
          ),
        () => json({ ...ABSENCES[0], id: 9 }),
      ],
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Lisää poissaolo' });
    fireEvent.change(within(form).getByLabelText('Resurssi'), { target: { value: '12' } });
    fireEvent.change(within(form).getByLabelText('Ensimmäinen päivä'), { target: { value: D1 } });
    fireEvent.change(within(form).getByLabelText('Viimeinen päivä'), { target: { value: D2 } });
    fireEvent.change(within(form).getByLabelText('Syy (vapaaehtoinen)'), { target: { value: 'Loma' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää poissaolo' }));

    const end = within(form).getByLabelText('Viimeinen päivä');
    await waitFor(() => expect(end.getAttribute('aria-invalid')).toBe('true'));
    const errorId = end.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe('Loppu ennen alkua');
    expect(within(form).getByLabelText('Ensimmäinen päivä').getAttribute('aria-invalid')).toBeNull();
    expect(bodies('POST /offices/1/absences')[0]).toEqual({ resourceId: 12, start: `${D1}T00:00:00`, end: `${addDays(D2, 1)}T00:00:00`, reason: 'Loma' });

    // Hours instead of whole days: the times go with the dates.
    fireEvent.click(within(form).getByLabelText('Koko päivän'));
    fireEvent.change(within(form).getByLabelText('Päättyy (päivä)'), { target: { value: D1 } });
    fireEvent.change(within(form).getByLabelText('Alkaa (kello)'), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText('Päättyy (kello)'), { target: { value: '14:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää poissaolo' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(`Poissaolo lisätty: Nosturi 2, ${absenceSpan({ start: `${D1}T10:00:00`, end: `${D1}T14:30:00` })}`));
    expect(bodies('POST /offices/1/absences')[1]).toEqual({ resourceId: 12, start: `${D1}T10:00:00`, end: `${D1}T14:30:00`, reason: 'Loma' });
    expect(within(form).queryByText('Loppu ennen alkua')).toBeNull();
  });

  it('saves the usual hours and an exception with hours; a refused closing time is shown at that field', async () => {
    const { bodies } = stub({
      'GET /offices': [() => json([OFFICE])],
      'GET /offices/1/absences': [() => json([])],
      'GET /offices/1/opening': [() => json(OPENING)],
      'PUT /offices/1/opening-hours': [
        () => json({ error: 'VALIDATION', message: 'x', fields: [{ path: 'closingTime', message: 'Sulkemisaika ennen avaamisaikaa' }] }, 400),
      ],
      [`PUT /offices/1/exceptions/${D1}`]: [() => json({ date: D1, openingTime: '10:00', closingTime: '14:00', reason: 'Lyhyt päivä' })],
    });
    renderPage();
    const hours = await screen.findByRole('form', { name: 'Tavalliset aukioloajat' });
    fireEvent.change(within(hours).getByLabelText('Avautuu'), { target: { value: '17:00' } });
    fireEvent.click(within(hours).getByRole('button', { name: 'Tallenna aukioloajat' }));
    expect(await within(hours).findByText('Sulkemisaika ennen avaamisaikaa')).toBeTruthy();
    expect(within(hours).getByLabelText('Sulkeutuu').getAttribute('aria-invalid')).toBe('true');
    expect(bodies('PUT /offices/1/opening-hours')).toEqual([{ openingTime: '17:00', closingTime: '16:00' }]);

    const exception = screen.getByRole('form', { name: 'Lisää poikkeus' });
    fireEvent.click(within(exception).getByRole('button', { name: 'Tallenna poikkeus' }));
    expect(await within(exception).findByText('Valitse päivä')).toBeTruthy();
    fireEvent.change(within(exception).getByLabelText('Päivä'), { target: { value: D1 } });
    fireEvent.click(within(exception).getByLabelText('Poikkeavat aukioloajat'));
    fireEvent.change(within(exception).getByLabelText('Avautuu'), { target: { value: '10:00' } });
    fireEvent.change(within(exception).getByLabelText('Sulkeutuu'), { target: { value: '14:00' } });
    fireEvent.change(within(exception).getByLabelText('Syy (vapaaehtoinen)'), { target: { value: 'Lyhyt päivä' } });
    fireEvent.click(within(exception).getByRole('button', { name: 'Tallenna poikkeus' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Poikkeus tallennettu'));
    expect(bodies(`PUT /offices/1/exceptions/${D1}`)).toEqual([{ closed: false, openingTime: '10:00', closingTime: '14:00', reason: 'Lyhyt päivä' }]);
  });

  it('saved usual hours are announced, also as the form starts again from the hours read back', async () => {
    let saved = OPENING;
    const { bodies } = stub({
      // The offices read again after the hours: slower than the hours themselves, as a real server may be.
      'GET /offices': [() => json([OFFICE]), () => new Promise((resolve) => setTimeout(() => resolve(json([OFFICE])), 200))],
      'GET /offices/1/absences': [() => json([])],
      'GET /offices/1/opening': [() => json(saved)],
      'PUT /offices/1/opening-hours': [
        (body) => {
          saved = { ...OPENING, ...(body as typeof OPENING) };
          return json(body);
        },
      ],
    });
    renderPage();
    const hours = await screen.findByRole('form', { name: 'Tavalliset aukioloajat' });
    fireEvent.change(within(hours).getByLabelText('Avautuu'), { target: { value: '07:00' } });
    fireEvent.change(within(hours).getByLabelText('Sulkeutuu'), { target: { value: '15:30' } });
    fireEvent.click(within(hours).getByRole('button', { name: 'Tallenna aukioloajat' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Aukioloajat tallennettu'));
    expect(bodies('PUT /offices/1/opening-hours')).toEqual([{ openingTime: '07:00', closingTime: '15:30' }]);
    const again = screen.getByRole('form', { name: 'Tavalliset aukioloajat' });
    expect((within(again).getByLabelText('Avautuu') as HTMLInputElement).value).toBe('07:00');
  });

  it("another office's address says it was not found", async () => {
    stub({ 'GET /offices': [() => json([OFFICE])] });
    renderPage(2);
    expect(await screen.findByRole('heading', { name: 'Toimipistettä ei löytynyt' })).toBeTruthy();
  });
});
