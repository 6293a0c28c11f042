import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { addDays, staffMoveStarts, todayInHelsinki, type StaffBookingDetail, type StaffDay } from '@huolto/domain';
import { json, newQueryClient } from '@/test/fetch-stub.ts';
import { stubApi } from '@/features/staff/test-setup-data.tsx';
import { BookingDetailPage } from './booking-detail.tsx';

const DATE = addDays(todayInHelsinki(), 14);

const BOOKING: StaffBookingDetail = {
  id: 41,
  bookingKey: 'HV7K2M9Q4P',
  processType: 'MAINTENANCE',
  status: 'CONFIRMED',
  visitStatus: null,
  start: `${DATE}T09:00:00`,
  end: `${DATE}T10:30:00`,
  leadDate: null,
  resourceIds: [11],
  registerNumber: 'ABC-123',
  customerName: 'Maija Meikäläinen',
  customerPhone: '040 123 4567',
  summary: 'Määräaikaishuolto, Tuulilasinpesuneste',
  totalCents: 37_290,
  usingKeyLocker: true,
  inAbsence: false,
  car: 'Volkswagen Golf',
  office: { id: 1, name: 'Laakkonen Helsinki Konala' },
  createdAt: `${addDays(DATE, -20)}T12:15:00`,
  customer: {
    firstname: 'Maija',
    lastname: 'Meikäläinen',
    email: 'maija@example.com',
    phone: '040 123 4567',
    address: 'Testikatu 1',
    postCode: '00100',
    city: 'Helsinki',
  },
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', kilometers: 60_000 },
  items: [
    { productId: 'HUOLTO', name: 'Määräaikaishuolto', quantity: 1, priceCents: 36_300 },
    { productId: null, name: 'Tuulilasinpesuneste', quantity: 2, priceCents: 990 },
  ],
  symptoms: ['Jarrut vinkuvat'],
  customerNotes: 'Soittakaa ennen lisätöitä.',
  deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
  channel: 'ONLINE',
  createdBy: null,
  campaignCode: 'SYKSY26',
  events: [
    { id: 1, at: `${addDays(DATE, -20)}T12:15:00`, actor: 'CUSTOMER', staffName: null, action: 'CREATED', before: null, after: null, note: null },
    {
      id: 2,
      at: `${addDays(DATE, -3)}T08:05:00`,
      actor: 'STAFF',
      staffName: 'Teppo Työnjohtaja',
      action: 'NOTE',
      before: null,
      after: null,
      note: 'Varaosat tilattu',
    },
  ],
  messages: [
    { id: 5, kind: 'CONFIRMATION', channel: 'EMAIL', recipient: 'maija@example.com', status: 'SENT', createdAt: `${addDays(DATE, -20)}T12:15:00`, sentAt: `${addDays(DATE, -20)}T12:15:02` },
    { id: 6, kind: 'OFFICE_NOTICE', channel: 'EMAIL', recipient: 'konala@laakkonen.example', status: 'FAILED', createdAt: `${addDays(DATE, -20)}T12:15:00`, sentAt: null },
    { id: 9, kind: 'REMINDER', channel: 'SMS', recipient: '0401234567', status: 'PENDING', createdAt: `${addDays(DATE, -1)}T09:00:00`, sentAt: null },
  ],
};

/** The day the move form reads: 8–16, lift 11 taken 12.00–13.00 by another booking, lift 12 held 8.00–9.00. */
const DAY: StaffDay = {
  date: DATE,
  office: BOOKING.office,
  resources: [
    { id: 11, name: 'Nosturi 1' },
    { id: 12, name: 'Nosturi 2' },
  ],
  opening: { openingTime: '08:00', closingTime: '16:00' },
  exception: null,
  bookings: [
    { ...BOOKING, id: 41 },
    { ...BOOKING, id: 42, bookingKey: 'K2', start: `${DATE}T12:00:00`, end: `${DATE}T13:00:00`, resourceIds: [11] },
  ],
  holds: [{ resourceId: 12, start: `${DATE}T08:00:00`, end: `${DATE}T09:00:00`, expiresAt: `${DATE}T07:00:00Z` }],
  absences: [],
  nextBookingDate: null,
};

function renderPage(id = 41) {
  render(
    <QueryClientProvider client={newQueryClient()}>
      <MemoryRouter initialEntries={[`/hallinta/varaus/${id}`]}>
        <Routes>
          <Route path="/hallinta/varaus/:bookingId" element={<BookingDetailPage />} />
        </Routes>
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

describe('staffMoveStarts', () => {
  it("offers the day's quarter hours where the length fits; another booking, a hold or an absence takes a start, and a start that has passed is past", () => {
    const day: StaffDay = {
      ...DAY,
      opening: { openingTime: '08:00', closingTime: '10:00' },
      bookings: [],
      holds: [],
      absences: [{ id: 1, resourceId: 11, start: `${DATE}T09:30:00`, end: `${addDays(DATE, 1)}T00:00:00`, reason: '', bookingsInside: 0, bookingIdsInside: [] }],
    };
    const starts = staffMoveStarts(day, 11, 60, 41, `${DATE}T08:10:00`);
    expect(starts).toEqual([
      { time: '08:00:00', taken: false, past: true },
      { time: '08:15:00', taken: false, past: false },
      { time: '08:30:00', taken: false, past: false },
      { time: '08:45:00', taken: true, past: false },
      { time: '09:00:00', taken: true, past: false },
    ]);
    expect(staffMoveStarts({ ...day, opening: null }, 11, 60, 41)).toEqual([]);
  });
});

describe('<BookingDetailPage>', () => {
  it('shows the customer, the car, the lines with their prices and total, the visit details and the history', async () => {
    stubApi({ 'GET /staff/bookings/41': [() => json(BOOKING)], 'GET /staff/offices/1/day': [() => json(DAY)] });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Varaus ABC-123/ });

    const customer = screen.getByRole('region', { name: 'Asiakas ja auto' });
    expect(within(customer).getByText('Maija Meikäläinen')).toBeTruthy();
    expect(within(customer).getByRole('link', { name: 'maija@example.com' }).getAttribute('href')).toBe('mailto:maija@example.com');
    expect(within(customer).getByText('Volkswagen Golf', { exact: false })).toBeTruthy();
    expect(within(customer).getByText(/^60\s000 km$/)).toBeTruthy();
    // The car's other bookings: the search for its register number.
    expect(within(customer).getByRole('link', { name: 'Auton kaikki varaukset' }).getAttribute('href')).toBe('/hallinta/haku?q=ABC-123');

    const lines = screen.getByRole('region', { name: 'Palvelut ja tuotteet' });
    const rows = within(lines).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['Palvelu tai tuoteMääräHinta', 'Määräaikaishuolto1363\u00a0€', 'Tuulilasinpesuneste210\u00a0€', 'Yhteensä373\u00a0€']);

    const visit = screen.getByRole('region', { name: 'Asiakkaan tiedot käynnistä' });
    expect(within(visit).getByText('Jarrut vinkuvat')).toBeTruthy();
    expect(within(visit).getByText('Soittakaa ennen lisätöitä.')).toBeTruthy();
    expect(within(visit).getByText(/aukioloaikojen ulkopuolella, avain avainautomaattiin/)).toBeTruthy();
    expect(within(visit).getByText('Kyllä')).toBeTruthy();
    expect(within(visit).getByText('SYKSY26')).toBeTruthy();

    const history = within(screen.getByRole('region', { name: 'Historia' })).getAllByRole('listitem');
    expect(history).toHaveLength(2);
    expect(history[0]!.textContent).toMatch(/^Varaus tehty .* · Asiakas$/);
    expect(history[1]!.textContent).toMatch(/^Sisäinen muistiinpano .* · Teppo TyönjohtajaVaraosat tilattu$/);

    const messages = within(screen.getByRole('region', { name: 'Viestit' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatch(/^Varausvahvistus · sähköposti maija@example\.comLähetetty .*klo 12\.15$/);
    expect(messages[1]).toBe('Ilmoitus toimipisteelle · sähköposti konala@laakkonen.exampleLähetys epäonnistui');
    expect(messages[2]).toMatch(/^Muistutus · tekstiviesti 0401234567Odottaa lähetystä \(jonossa .* alkaen\)$/);

    // The way back leads to the booking's day at its office; the resource is named once the day is read.
    const back = screen.getByRole('link', { name: /Laakkonen Helsinki Konala/ });
    expect(back.getAttribute('href')).toContain('1');
    expect(back.getAttribute('href')).toContain(DATE);
    await waitFor(() => expect(document.querySelector('.booking-detail__when')!.textContent).toMatch(/, Nosturi 1/));
  });

  it('the move form offers the free quarter hours of the chosen resource and sends the chosen start; the page shows the moved booking and says so', async () => {
    const moved: StaffBookingDetail = {
      ...BOOKING,
      start: `${DATE}T13:00:00`,
      end: `${DATE}T14:30:00`,
      resourceIds: [12],
      events: [
        ...BOOKING.events,
        {
          id: 3,
          at: `${todayInHelsinki()}T10:00:00`,
          actor: 'STAFF',
          staffName: 'Toimipiste Demo',
          action: 'MOVED',
          before: { start: BOOKING.start, end: BOOKING.end, resourceIds: [11] },
          after: { start: `${DATE}T13:00:00`, end: `${DATE}T14:30:00`, resourceIds: [12] },
          note: null,
        },
      ],
    };
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json(BOOKING)],
      'GET /staff/offices/1/day': [() => json(DAY)],
      'POST /staff/bookings/41/move': [() => json(moved)],
    });
    renderPage();
    const move = await screen.findByRole('region', { name: 'Siirrä' });
    const time = within(move).getByLabelText('Alkamisaika') as HTMLSelectElement;
    await waitFor(() => expect(time.options.length).toBeGreaterThan(1));

    // Lift 1: 8.00–14.30 starts of a 90-minute booking; those overlapping 12–13 (another booking) are taken, its own time is not.
    const options = () => Array.from(time.options).slice(1);
    expect(options()[0]!.textContent).toBe('8.00');
    expect(options().at(-1)!.textContent).toBe('14.30');
    expect(options().filter((o) => o.disabled).map((o) => o.value)).toEqual(['10:45:00', '11:00:00', '11:15:00', '11:30:00', '11:45:00', '12:00:00', '12:15:00', '12:30:00', '12:45:00']);
    expect(options().find((o) => o.value === '11:00:00')!.textContent).toBe('11.00 – varattu');
    expect(options().find((o) => o.value === '09:00:00')!.disabled).toBe(false);

    // Lift 2: the hold of 8–9 takes the starts before 9.00.
    fireEvent.change(within(move).getByLabelText('Resurssi'), { target: { value: '12' } });
    expect(options().filter((o) => o.disabled).map((o) => o.value)).toEqual(['08:00:00', '08:15:00', '08:30:00', '08:45:00']);

    fireEvent.change(time, { target: { value: '13:00:00' } });
    fireEvent.click(within(move).getByRole('button', { name: 'Siirrä varaus' }));
    // Nothing moves before the confirmation, which tells the new time and what the customer gets.
    let dialog = screen.getByRole('dialog', { name: 'Siirretäänkö varaus?' });
    expect(dialog.textContent).toMatch(/Nyt.*9\.00–10\.30, Nosturi 1/);
    expect(dialog.textContent).toMatch(/Uusi aika.*klo 13\.00–14\.30, Nosturi 2/);
    expect(dialog.textContent).toContain('Asiakkaalle lähetetään sähköposti uudesta ajasta ja kalenterikutsu osoitteeseen maija@example.com.');
    expect(bodies('POST /staff/bookings/41/move')).toEqual([]);
    // Not now: the dialog closes and nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Älä siirrä' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies('POST /staff/bookings/41/move')).toEqual([]);

    fireEvent.click(within(move).getByRole('button', { name: 'Siirrä varaus' }));
    dialog = screen.getByRole('dialog', { name: 'Siirretäänkö varaus?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siirrä varaus' }));
    await waitFor(() => expect(bodies('POST /staff/bookings/41/move')).toEqual([{ start: `${DATE}T13:00:00`, resourceId: 12 }]));

    // The result is in sight, not only read out.
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Varaus siirretty: .* klo 13\.00–14\.30, Nosturi 2\. Asiakkaalle lähti sähköposti uudesta ajasta\.$/));
    expect(screen.getByRole('status').className).toContain('notice');
    expect(screen.getByRole('status').className).not.toContain('visually-hidden');
    expect(screen.queryByRole('dialog')).toBeNull();
    const history = within(screen.getByRole('region', { name: 'Historia' })).getAllByRole('listitem');
    expect(history).toHaveLength(3);
    expect(history[2]!.textContent).toMatch(/^Varaus siirretty .* · Toimipiste Demo/);
    expect(history[2]!.textContent).toMatch(/9\.00–10\.30, Nosturi 1 → .*13\.00–14\.30, Nosturi 2$/);
    // The move's answer is the booking as it now is: not read again.
    expect(bodies('GET /staff/bookings/41')).toHaveLength(1);
    expect(document.querySelector('.booking-detail__when')!.textContent).toMatch(/13\.00–14\.30, Nosturi 2/);
  });

  it("a refused move (409) shows the server's message and keeps the booking", async () => {
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json(BOOKING)],
      'GET /staff/offices/1/day': [() => json(DAY)],
      'POST /staff/bookings/41/move': [() => json({ error: 'NOT_AVAILABLE', message: 'Aika on jo varattu tällä resurssilla' }, 409)],
    });
    renderPage();
    const move = await screen.findByRole('region', { name: 'Siirrä' });
    const time = within(move).getByLabelText('Alkamisaika') as HTMLSelectElement;
    await waitFor(() => expect(time.options.length).toBeGreaterThan(1));
    // Nothing sent without a time.
    fireEvent.click(within(move).getByRole('button', { name: 'Siirrä varaus' }));
    expect(await within(move).findByText('Valitse alkamisaika')).toBeTruthy();
    fireEvent.change(time, { target: { value: '14:00:00' } });
    fireEvent.click(within(move).getByRole('button', { name: 'Siirrä varaus' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Siirretäänkö varaus?' })).getByRole('button', { name: 'Siirrä varaus' }));
    expect((await within(move).findByRole('alert')).textContent).toBe('Aika on jo varattu tällä resurssilla');
    expect(bodies('POST /staff/bookings/41/move')).toEqual([{ start: `${DATE}T14:00:00`, resourceId: 11 }]);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('a booking of a coming day offers no visit status but says from which day it can be marked', async () => {
    stubApi({ 'GET /staff/bookings/41': [() => json(BOOKING)], 'GET /staff/offices/1/day': [() => json(DAY)] });
    renderPage();
    const visit = await screen.findByRole('region', { name: 'Käynnin tila' });
    expect(within(visit).queryByRole('button')).toBeNull();
    expect(visit.textContent).toContain('Käynnin tilan voi merkitä vasta käynnin päivänä');
    expect(visit.textContent).toMatch(/Nyt: ei merkintää/);
  });

  it("shows the customer's phone in the one form of the back-office, dialled with the country code", async () => {
    const typed = { ...BOOKING, customer: { ...BOOKING.customer, phone: '+358401234567' } };
    stubApi({ 'GET /staff/bookings/41': [() => json(typed)], 'GET /staff/offices/1/day': [() => json(DAY)] });
    renderPage();
    const link = await screen.findByRole('link', { name: '040 123 4567' });
    expect(link.getAttribute('href')).toBe('tel:+358401234567');
  });

  it("cancels after the confirmation with the reason given, marks today's visit and shows the status as a status, and adds a note", async () => {
    const today = todayInHelsinki();
    const todays = { ...BOOKING, start: `${today}T09:00:00`, end: `${today}T10:30:00` };
    const arrived = { ...todays, visitStatus: 'ARRIVED' as const };
    const cancelled = { ...arrived, status: 'CANCELLED' as const };
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json(todays)],
      'GET /staff/offices/1/day': [() => json(DAY)],
      'POST /staff/bookings/41/status': [() => json(arrived)],
      'POST /staff/bookings/41/notes': [
        () => json({ error: 'VALIDATION', message: 'Virheellinen syöte: text', fields: [{ path: 'text', message: 'Liian pitkä' }] }, 400),
        () => json(arrived),
      ],
      'POST /staff/bookings/41/cancel': [() => json(cancelled)],
    });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: /Varaus ABC-123/ });

    const visit = screen.getByRole('region', { name: 'Käynnin tila' });
    expect(within(visit).getAllByRole('button').map((b) => b.textContent)).toEqual(['Merkitse saapuneeksi', 'Merkitse valmiiksi', 'Merkitse ei saapuneeksi']);
    fireEvent.click(screen.getByRole('button', { name: 'Merkitse saapuneeksi' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Merkitty: Saapunut'));
    // The status is shown as a status, not as a pressed button; what can follow it stays offered.
    expect(within(visit).getByText('Saapunut').className).toContain('staff-badge');
    expect(within(visit).getAllByRole('button').map((b) => b.textContent)).toEqual(['Merkitse valmiiksi', 'Merkitse ei saapuneeksi', 'Poista merkintä']);
    expect(bodies('POST /staff/bookings/41/status')).toEqual([{ visitStatus: 'ARRIVED' }]);

    const note = screen.getByRole('region', { name: 'Lisää muistiinpano' });
    fireEvent.change(within(note).getByLabelText('Sisäinen muistiinpano'), { target: { value: 'Renkaat hotellissa' } });
    fireEvent.click(within(note).getByRole('button', { name: 'Lisää muistiinpano' }));
    expect(await within(note).findByText('Liian pitkä')).toBeTruthy();
    expect(within(note).getByLabelText('Sisäinen muistiinpano').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(note).getByRole('button', { name: 'Lisää muistiinpano' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Muistiinpano lisätty'));
    expect(bodies('POST /staff/bookings/41/notes')).toEqual([{ text: 'Renkaat hotellissa' }, { text: 'Renkaat hotellissa' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Peru varaus' }));
    const dialog = screen.getByRole('dialog', { name: 'Perutaanko varaus?' });
    expect(dialog.textContent).toContain('Asiakkaalle lähetetään peruutuksesta sähköposti osoitteeseen maija@example.com');
    expect(bodies('POST /staff/bookings/41/cancel')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Syy (vapaaehtoinen)'), { target: { value: ' Asiakas soitti ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Peru varaus' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Varaus peruttu. Asiakkaalle lähti peruutuksesta sähköposti.'));
    expect(screen.getByRole('status').className).toContain('notice');
    expect(bodies('POST /staff/bookings/41/cancel')).toEqual([{ reason: 'Asiakas soitti' }]);
    // A cancelled booking offers no move, status or cancel any more.
    expect(screen.getAllByText('Peruttu').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Siirrä' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Merkitse saapuneeksi' })).toBeNull();
  });

  it('an unknown booking says it was not found', async () => {
    stubApi({});
    renderPage(999);
    expect(await screen.findByRole('heading', { name: 'Varausta ei löytynyt' })).toBeTruthy();
  });
});
