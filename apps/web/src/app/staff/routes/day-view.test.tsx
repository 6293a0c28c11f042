import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { StaffBookingSummary, StaffDay, StaffMe } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { DayPage } from './day.tsx';
import { layoutDay } from '@/features/staff/day-layout.ts';
import { summaryAt } from '@/features/staff/test-bookings.ts';

const BASE = '/ServiceBooking/rest/staff';
const DATE = '2026-12-02';
const ME: StaffMe = { id: 2, email: 'toimipiste1@laakkonen.example', name: 'Teppo', role: 'OFFICE', offices: [{ id: 1, name: 'Konala' }] };

function booking(over: Partial<StaffBookingSummary> & Pick<StaffBookingSummary, 'id' | 'registerNumber'>): StaffBookingSummary {
  return summaryAt(over.id, `${DATE}T09:00:00`, {
    end: `${DATE}T10:30:00`,
    customerName: 'Maija Meikäläinen',
    totalCents: 36_300,
    car: 'Volkswagen Golf',
    ...over,
  });
}

const DAY: StaffDay = {
  date: DATE,
  office: { id: 1, name: 'Laakkonen Helsinki Konala' },
  resources: [
    { id: 11, name: 'Nosturi 1' },
    { id: 12, name: 'Mekaanikko Matti' },
  ],
  opening: { openingTime: '08:00', closingTime: '17:00' },
  exception: null,
  bookings: [
    booking({ id: 41, registerNumber: 'ABC-123', visitStatus: 'ARRIVED', inAbsence: true }),
    booking({ id: 42, registerNumber: 'CAN-100', status: 'CANCELLED', start: `${DATE}T09:30:00`, end: `${DATE}T10:00:00`, customerName: 'Pekka Peruja' }),
    booking({ id: 43, registerNumber: 'LED-200', start: null, end: null, leadDate: DATE, resourceIds: [], customerName: 'Liisa Liidi', summary: 'Jarruhuolto' }),
    booking({ id: 44, registerNumber: 'XYZ-999', start: `${DATE}T14:00:00`, end: `${DATE}T15:00:00`, resourceIds: [12], visitStatus: 'DONE' }),
  ],
  holds: [{ resourceId: 12, start: `${DATE}T12:00:00`, end: `${DATE}T13:00:00`, expiresAt: `${DATE}T08:45:00` }],
  absences: [{ id: 7, resourceId: 11, start: `${DATE}T10:00:00`, end: `${DATE}T12:00:00`, reason: 'Koulutus', bookingsInside: 1, bookingIdsInside: [41] }],
  nextBookingDate: '2026-12-03',
};

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{pathname + search}</p>;
}

function renderDay(day: StaffDay, path = `/hallinta/paiva/1/${DATE}`) {
  const stub = stubFetch({ [`${BASE}/offices/1/day`]: () => json(day) });
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={ME}>
      <MemoryRouter initialEntries={[path]}>
        <Address />
        <Routes>
          <Route path="/hallinta/paiva/:officeId/:date" element={<DayPage />} />
        </Routes>
      </MemoryRouter>
    </StaffProvider>,
  );
  return stub;
}

/** The grid's column of a resource (a section named by its heading). */
function column(name: string) {
  return screen.getByRole('region', { name });
}

/** The positioned list item holding an element. */
function slotOf(el: HTMLElement): HTMLElement {
  return el.closest('li')!;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('day view', () => {
  it('asks for the office\'s day of the address and shows the Finnish date and the hours', async () => {
    const stub = renderDay(DAY);
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(stub.calls(`${BASE}/offices/1/day`)[0]![0]).toBe(`${BASE}/offices/1/day?date=${DATE}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Päivänäkymä: ke 2.12.2026');
    expect(screen.getByText('Auki 8.00–17.00')).toBeTruthy();
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Päivänäkymä – Hallinta'));
    expect(screen.getByRole('link', { name: 'Edellinen päivä' }).getAttribute('href')).toBe('/hallinta/paiva/1/2026-12-01');
    expect(screen.getByRole('link', { name: 'Seuraava päivä' }).getAttribute('href')).toBe('/hallinta/paiva/1/2026-12-03');
    expect((screen.getByLabelText('Siirry päivään') as HTMLInputElement).value).toBe(DATE);
  });

  it("puts the day's schedule first: the hours and counts on one line above it, the leads and the absences after it; phones in the one form", async () => {
    renderDay({ ...DAY, bookings: DAY.bookings.map((b) => (b.id === 43 ? { ...b, customerPhone: '+358401234567' } : b)) });
    const schedule = (await screen.findByRole('region', { name: 'Aikataulu, vieritettävä' })) as HTMLElement;
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    const summary = document.querySelector('.staff-day__summary')!;
    expect(summary.textContent).toBe('Auki 8.00–17.00 3 varausta, 1 peruttu, 1 varaus kesken');
    expect(follows(summary, schedule)).toBe(true);
    const leads = screen.getByRole('heading', { name: 'Ilman kellonaikaa (toivottu päivä)' });
    const absences = screen.getByRole('heading', { name: 'Poissaolot' });
    expect(follows(schedule, leads)).toBe(true);
    expect(follows(schedule, absences)).toBe(true);
    expect(leads.closest('section')!.textContent).toContain('Liisa Liidi, 040 123 4567 – Jarruhuolto');
  });

  it('shows one resource\'s column when chosen, keeps the choice in the address and on the next day, and all again', async () => {
    renderDay(DAY);
    await screen.findByRole('region', { name: 'Nosturi 1' });
    const picker = screen.getByLabelText('Näytä') as HTMLSelectElement;
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Kaikki resurssit (2)', 'Nosturi 1', 'Mekaanikko Matti']);
    fireEvent.change(picker, { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Nosturi 1' })).toBeNull());
    expect(within(column('Mekaanikko Matti')).getByRole('link', { name: /XYZ-999/ })).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe(`/hallinta/paiva/1/${DATE}?resurssi=12`);
    expect(screen.getByRole('link', { name: 'Seuraava päivä' }).getAttribute('href')).toBe('/hallinta/paiva/1/2026-12-03?resurssi=12');
    fireEvent.change(screen.getByLabelText('Näytä'), { target: { value: '' } });
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.getByTestId('address').textContent).toBe(`/hallinta/paiva/1/${DATE}`);
  });

  it('an address naming a resource of no column shows them all', async () => {
    renderDay(DAY, `/hallinta/paiva/1/${DATE}?resurssi=999`);
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(column('Mekaanikko Matti')).toBeTruthy();
    expect((screen.getByLabelText('Näytä') as HTMLSelectElement).value).toBe('');
  });

  it('places each booking in its resource\'s column at its time, linked to its detail, with its state', async () => {
    renderDay(DAY);
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    const abc = within(lift).getByRole('link', { name: /ABC-123/ });
    expect(abc.getAttribute('href')).toBe('/hallinta/varaus/41');
    expect(abc.textContent).toContain('9.00–10.30');
    expect(abc.textContent).toContain('Maija Meikäläinen');
    expect(abc.textContent).toContain('Määräaikaishuolto');
    expect(abc.textContent).toContain('Saapunut');
    // 9.00 is an hour after opening: 60 min × 1.6 px; 90 minutes tall.
    expect(slotOf(abc).style.top).toBe('96px');
    expect(slotOf(abc).style.height).toBe('144px');
    // The other resource's booking is not in this column.
    expect(within(lift).queryByText('XYZ-999')).toBeNull();
    const mechanic = column('Mekaanikko Matti');
    const xyz = within(mechanic).getByRole('link', { name: /XYZ-999/ });
    expect(xyz.textContent).toContain('Valmis');
    expect(slotOf(xyz).style.top).toBe(`${6 * 60 * 1.6}px`);
  });

  it('shows a cancelled booking muted and marked Peruttu, beside the booking it overlaps', async () => {
    renderDay(DAY);
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    const cancelled = within(lift).getByRole('link', { name: /CAN-100/ });
    expect(cancelled.textContent).toContain('Peruttu');
    expect(cancelled.className).toContain('day-booking--cancelled');
    const abc = within(lift).getByRole('link', { name: /ABC-123/ });
    // Overlapping: each takes half of the column (less a strip where the absence shows).
    expect(slotOf(abc).style.width).toBe('calc(50% - 14px)');
    expect(slotOf(cancelled).style.width).toBe('calc(50% - 4px)');
    expect(slotOf(abc).style.left).not.toBe(slotOf(cancelled).style.left);
  });

  it('flags a booking in an absence with words, and draws the absence with its reason', async () => {
    renderDay(DAY);
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(within(lift).getByRole('link', { name: /ABC-123/ }).textContent).toContain('Poissaolon aikana');
    const xyz = within(column('Mekaanikko Matti')).getByRole('link', { name: /XYZ-999/ });
    expect(xyz.textContent).not.toContain('Poissaolon aikana');
    expect(slotOf(xyz).style.width).toBe('calc(100% - 4px)');
    const absence = within(lift).getByText('Poissa 10.00–12.00: Koulutus');
    expect(absence.parentElement!.className).toBe('day-absence');
    expect(absence.parentElement!.style.top).toBe(`${2 * 60 * 1.6}px`);
    expect(absence.parentElement!.style.height).toBe(`${2 * 60 * 1.6}px`);
    expect(screen.getByRole('heading', { name: 'Poissaolot' }).nextElementSibling!.textContent).toContain('Nosturi 1: klo 10.00–12.00 – Koulutus');
  });

  it('shows a live hold as "Varaus kesken" at its time, not as a link', async () => {
    renderDay(DAY);
    const mechanic = await screen.findByRole('region', { name: 'Mekaanikko Matti' });
    const hold = within(mechanic).getByText('Varaus kesken');
    expect(hold.closest('a')).toBeNull();
    expect(slotOf(hold).textContent).toContain('12.00–13.00');
    expect(slotOf(hold).textContent).toContain('vanhenee klo 8.45');
    expect(slotOf(hold).style.top).toBe(`${4 * 60 * 1.6}px`);
    expect(within(column('Nosturi 1')).queryByText('Varaus kesken')).toBeNull();
  });

  it('lists a booking without a time above the grid, not in a column', async () => {
    renderDay(DAY);
    const leads = await screen.findByRole('region', { name: 'Ilman kellonaikaa (toivottu päivä)' });
    const lead = within(leads).getByRole('link', { name: /LED-200/ });
    expect(lead.getAttribute('href')).toBe('/hallinta/varaus/43');
    expect(lead.textContent).toContain('Liisa Liidi');
    expect(within(column('Nosturi 1')).queryByText('LED-200')).toBeNull();
    expect(screen.getByText(/^3 varausta, 1 peruttu, 1 varaus kesken$/)).toBeTruthy();
  });

  it('a closed day says Suljettu with the exception\'s reason and draws 7–18', async () => {
    renderDay({
      ...DAY,
      opening: null,
      exception: { date: DATE, openingTime: null, closingTime: null, reason: 'Henkilöstön koulutuspäivä' },
      bookings: [],
      holds: [],
      absences: [],
    });
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.getByText('Suljettu').parentElement!.textContent).toBe('Suljettu: Henkilöstön koulutuspäivä');
    const grid = document.querySelector<HTMLElement>('.day-grid')!;
    expect(grid.style.getPropertyValue('--day-height')).toBe(`${11 * 60 * 1.6}px`);
    expect(screen.getByText('0 varausta')).toBeTruthy();
  });

  it('a day without bookings links to the next booked day, the one resource shown kept; after the last it says so', async () => {
    renderDay({ ...DAY, bookings: [booking({ ...DAY.bookings[1]!, id: 42, registerNumber: 'CAN-100' })], nextBookingDate: '2026-12-09' }, `/hallinta/paiva/1/${DATE}?resurssi=11`);
    const next = await screen.findByRole('link', { name: 'ke 9.12.2026' });
    expect(next.parentElement!.textContent).toBe('Seuraava varaus: ke 9.12.2026');
    expect(next.getAttribute('href')).toBe('/hallinta/paiva/1/2026-12-09?resurssi=11');
    fireEvent.click(next);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/paiva/1/2026-12-09?resurssi=11'));
    cleanup();

    renderDay({ ...DAY, bookings: [], holds: [], nextBookingDate: null });
    expect(await screen.findByText('Tämän päivän jälkeen ei ole varauksia.')).toBeTruthy();
    cleanup();

    // A day with bookings needs no pointer onward.
    renderDay(DAY);
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.queryByText(/Seuraava varaus/)).toBeNull();
  });

  it('the date field goes to the chosen day once typing rests, not to the dates typed on the way', async () => {
    const stub = renderDay(DAY);
    await screen.findByRole('region', { name: 'Nosturi 1' });
    const field = screen.getByLabelText('Siirry päivään');
    fireEvent.change(field, { target: { value: '2026-12-01' } });
    fireEvent.change(field, { target: { value: '2026-12-15' } });
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/paiva/1/2026-12-15'));
    await waitFor(() => expect(stub.calls(`${BASE}/offices/1/day`).map(([url]) => url.split('=')[1])).toEqual([DATE, '2026-12-15']));
  });

  it('an address with an impossible date asks nothing and says so', async () => {
    const stub = renderDay(DAY, '/hallinta/paiva/1/2026-02-30');
    await screen.findByText('Osoitteen toimipiste tai päivämäärä ei kelpaa.');
    expect(stub.fetchMock).not.toHaveBeenCalled();
  });
});

describe('layoutDay', () => {
  it('widens the grid to whole hours around a booking outside the opening hours', () => {
    const grid = layoutDay({
      ...DAY,
      bookings: [booking({ id: 1, registerNumber: 'AAA-1', start: `${DATE}T17:15:00`, end: `${DATE}T18:10:00` })],
      holds: [{ resourceId: 12, start: `${DATE}T07:30:00`, end: `${DATE}T08:00:00`, expiresAt: `${DATE}T07:20:00` }],
      absences: [],
    });
    expect([grid.from, grid.to]).toEqual([7 * 60, 19 * 60]);
    // The opening hours stay as they are: the rest of the grid is shaded as closed.
    expect(grid.open).toEqual({ from: 8 * 60, to: 17 * 60 });
  });

  it('clips an absence of several days to the day\'s grid', () => {
    const grid = layoutDay({
      ...DAY,
      bookings: [],
      holds: [],
      absences: [{ id: 1, resourceId: 12, start: '2026-12-01T00:00:00', end: '2026-12-04T00:00:00', reason: 'Loma', bookingsInside: 0, bookingIdsInside: [] }],
    });
    const mechanic = grid.columns.find((c) => c.resource.id === 12)!;
    expect(mechanic.absences.map((a) => [a.from, a.to])).toEqual([[8 * 60, 17 * 60]]);
  });

  it('gives three overlapping blocks three lanes and a later one the whole width again', () => {
    const grid = layoutDay({
      ...DAY,
      bookings: [
        booking({ id: 1, registerNumber: 'A', start: `${DATE}T09:00:00`, end: `${DATE}T11:00:00`, status: 'CANCELLED' }),
        booking({ id: 2, registerNumber: 'B', start: `${DATE}T09:00:00`, end: `${DATE}T10:00:00` }),
        booking({ id: 3, registerNumber: 'C', start: `${DATE}T10:00:00`, end: `${DATE}T11:00:00`, status: 'CANCELLED' }),
        booking({ id: 4, registerNumber: 'D', start: `${DATE}T10:30:00`, end: `${DATE}T11:30:00` }),
        booking({ id: 5, registerNumber: 'E', start: `${DATE}T13:00:00`, end: `${DATE}T14:00:00` }),
      ],
      holds: [],
      absences: [],
    });
    const lanes = Object.fromEntries(
      grid.columns[0]!.blocks.map((b) => [b.kind === 'booking' ? b.booking.registerNumber : 'hold', [b.lane, b.lanes]]),
    );
    expect(lanes).toEqual({ A: [0, 3], B: [1, 3], C: [1, 3], D: [2, 3], E: [0, 1] });
  });
});

describe('day view: new bookings at the desk', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** 2.12.2026 at 8.30 in Helsinki (UTC+2): 8.00–8.30 have passed. */
  function atHalfPastEight() {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T06:30:00Z'));
  }

  const slotNames = (name: string) =>
    within(column(name))
      .queryAllByRole('link', { name: /^Uusi varaus: .* klo / })
      .map((l) => l.getAttribute('aria-label')!.replace(/^Uusi varaus: .* klo /, ''));

  it("offers each free quarter hour still to come on a resource's column as a new phone booking there, none past or taken", async () => {
    atHalfPastEight();
    renderDay(DAY);
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    const at845 = within(lift).getByRole('link', { name: 'Uusi varaus: Nosturi 1 klo 8.45' });
    expect(at845.getAttribute('href')).toBe('/hallinta/uusi-varaus/1?paiva=2026-12-02&klo=08%3A45%3A00&resurssi=11&kanava=PHONE');
    // At the quarter hour's place on the grid: 45 minutes after the opening.
    expect(at845.style.top).toBe(`${45 * 1.6}px`);
    // 8.00–8.30 past, 9.00–10.30 the booking (the cancelled one under it takes nothing), 10–12 the absence.
    const lifts = slotNames('Nosturi 1');
    expect(lifts.slice(0, 3)).toEqual(['8.45', '12.00', '12.15']);
    expect(lifts).not.toContain('8.30');
    expect(lifts).not.toContain('11.45');
    expect(lifts).toContain('12.00');
    expect(lifts.at(-1)).toBe('16.45');
    // The mechanic: the customer's hold 12–13 and the booking 14–15 take their times.
    const mechanic = slotNames('Mekaanikko Matti');
    expect(mechanic).toContain('11.45');
    expect(mechanic).not.toContain('12.00');
    expect(mechanic).not.toContain('12.45');
    expect(mechanic).toContain('13.00');
    expect(mechanic).not.toContain('14.00');
    expect(mechanic).toContain('15.00');
    expect(within(column('Mekaanikko Matti')).getByRole('link', { name: 'Uusi varaus: Mekaanikko Matti klo 13.00' }).getAttribute('href')).toBe(
      '/hallinta/uusi-varaus/1?paiva=2026-12-02&klo=13%3A00%3A00&resurssi=12&kanava=PHONE',
    );
  });

  it('gives each resource one "Uusi varaus" (the phone\'s) for its day, and a past day none at all', async () => {
    atHalfPastEight();
    renderDay(DAY);
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(within(lift).getByRole('link', { name: 'Uusi varaus: Nosturi 1' }).getAttribute('href')).toBe(
      '/hallinta/uusi-varaus/1?paiva=2026-12-02&resurssi=11&kanava=PHONE',
    );
    cleanup();
    renderDay({ ...DAY, date: '2026-12-01' }, '/hallinta/paiva/1/2026-12-01');
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.queryAllByRole('link', { name: /^Uusi varaus/ })).toEqual([]);
  });

  it('a closed day offers no new bookings', async () => {
    atHalfPastEight();
    renderDay({ ...DAY, date: '2026-12-03', opening: null, bookings: [], holds: [], absences: [] }, '/hallinta/paiva/1/2026-12-03');
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.queryAllByRole('link', { name: /^Uusi varaus/ })).toEqual([]);
  });

  it('"Asiakas tiskillä" starts a walk-in today, also from another day', async () => {
    atHalfPastEight();
    renderDay(DAY, '/hallinta/paiva/1/2026-12-09');
    await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(screen.getByRole('link', { name: 'Asiakas tiskillä' }).getAttribute('href')).toBe('/hallinta/uusi-varaus/1?paiva=2026-12-02&kanava=COUNTER');
  });

  it("marks the desk's bookings with their channel, an online one with none", async () => {
    renderDay({
      ...DAY,
      bookings: DAY.bookings.map((b) =>
        b.id === 41 ? { ...b, channel: 'PHONE' as const } : b.id === 43 ? { ...b, channel: 'COUNTER' as const } : b,
      ),
    });
    const lift = await screen.findByRole('region', { name: 'Nosturi 1' });
    expect(within(lift).getByRole('link', { name: /ABC-123/ }).textContent).toContain('Puhelimitse');
    expect(within(column('Mekaanikko Matti')).getByRole('link', { name: /XYZ-999/ }).textContent).not.toMatch(/Puhelimitse|Tiskillä|Verkossa/);
    const leads = screen.getByRole('region', { name: 'Ilman kellonaikaa (toivottu päivä)' });
    expect(within(leads).getByRole('link', { name: /LED-200/ }).textContent).toContain('Tiskillä');
  });
});
