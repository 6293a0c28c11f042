import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StaffBookingSummary, StaffDay, StaffMe, StaffWeek } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { WeekPage } from './week.tsx';
import { PrintPage } from './print.tsx';
import { summaryAt } from '@/features/staff/test-bookings.ts';

const BASE = '/ServiceBooking/rest/staff';
const ME: StaffMe = { id: 2, email: 'toimipiste1@laakkonen.example', name: 'Teppo', role: 'OFFICE', offices: [{ id: 1, name: 'Konala' }] };
const OFFICE = { id: 1, name: 'Laakkonen Helsinki Konala' };
const RESOURCES = [
  { id: 11, name: 'Nosturi 1' },
  { id: 12, name: 'Mekaanikko Matti' },
];

function booking(id: number, registerNumber: string, start: string | null, over: Partial<StaffBookingSummary> = {}): StaffBookingSummary {
  return summaryAt(id, start, { registerNumber, customerName: `Asiakas ${registerNumber}`, customerPhone: `040 000 00${id}`, ...over });
}

function renderAt(path: string, routes: Record<string, (body: unknown) => Response>) {
  const stub = stubFetch(routes);
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={ME}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hallinta/viikko/:officeId/:date" element={<WeekPage />} />
          <Route path="/hallinta/tulosta/:officeId/:date" element={<PrintPage />} />
        </Routes>
      </MemoryRouter>
    </StaffProvider>,
  );
  return stub;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('week view', () => {
  const days = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'];
  const WEEK: StaffWeek = {
    weekStart: days[0]!,
    office: OFFICE,
    resources: RESOURCES,
    days: days.map((date, i) => ({
      date,
      // Thursday a short day, Friday closed by the office; Sunday 6.12. is Independence Day.
      opening: i === 3 ? { openingTime: '09:00', closingTime: '14:00' } : i < 4 ? { openingTime: '08:00', closingTime: '17:00' } : null,
      exception:
        i === 3
          ? { date, openingTime: '09:00', closingTime: '14:00', reason: 'Koulutuspäivä' }
          : i === 4
            ? { date, openingTime: null, closingTime: null, reason: 'Inventaario' }
            : null,
      bookings:
        date === '2026-12-02'
          ? [
              booking(2, 'BBB-2', `${date}T13:00:00`),
              booking(1, 'AAA-1', `${date}T08:00:00`, { status: 'CANCELLED' }),
              booking(3, 'CCC-3', null),
            ]
          : [],
      absences: [],
      // Monday 9 of 18 resource-hours booked, Thursday almost full, closed days none.
      load: i === 0 ? { bookedMinutes: 540, openMinutes: 1080 } : i === 3 ? { bookedMinutes: 570, openMinutes: 600 } : i < 4 ? { bookedMinutes: 0, openMinutes: 1080 } : null,
    })),
  };

  it('shows Monday to Sunday, closed days marked, each day\'s bookings by time linked to the booking and the day', async () => {
    const stub = renderAt('/hallinta/viikko/1/2026-12-02', { [`${BASE}/offices/1/week`]: () => json(WEEK) });
    const wednesday = await screen.findByRole('region', { name: /ke 2\.12\.2026/ });
    expect(stub.calls(`${BASE}/offices/1/week`)[0]![0]).toBe(`${BASE}/offices/1/week?date=2026-12-02`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Viikko 49: 30.11.–6.12.');
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Viikkonäkymä – Hallinta'));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.map((t) => t!.slice(0, 2))).toEqual(['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']);
    expect(within(wednesday).getByRole('link', { name: 'ke 2.12.2026' }).getAttribute('href')).toBe('/hallinta/paiva/1/2026-12-02');
    const links = within(wednesday)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href')!.startsWith('/hallinta/varaus/'));
    expect(links.map((a) => a.textContent)).toEqual(['8.00 AAA-1 Asiakas AAA-1', '13.00 BBB-2 Asiakas BBB-2', 'Ei aikaa CCC-3 Asiakas CCC-3']);
    expect(links[0]!.closest('li')!.textContent).toContain('Peruttu');
    expect(within(wednesday).getByText(/2 varausta/)).toBeTruthy();
    const hoursOf = (name: RegExp) => screen.getByRole('region', { name }).querySelector('.week-day__hours')!.textContent;
    expect(hoursOf(/ti 1\.12\.2026/)).toBe('Auki 8.00–17.00 · 0 varausta');
    expect(hoursOf(/to 3\.12\.2026/)).toBe('Poikkeava aukiolo 9.00–14.00: Koulutuspäivä · 0 varausta');
    expect(hoursOf(/pe 4\.12\.2026/)).toBe('Suljettu: Inventaario · 0 varausta');
    expect(hoursOf(/la 5\.12\.2026/)).toBe('Suljettu · 0 varausta');
    expect(hoursOf(/su 6\.12\.2026/)).toBe('Suljettu: Itsenäisyyspäivä · 0 varausta');
    expect(within(screen.getByRole('region', { name: /ti 1\.12\.2026/ })).queryByText('Suljettu')).toBeNull();
    expect(screen.getByRole('link', { name: 'Seuraava viikko' }).getAttribute('href')).toBe('/hallinta/viikko/1/2026-12-09');
  });

  it("gives each open day its booked share of the open resource time in words beside its bar; a closed day has none", async () => {
    renderAt('/hallinta/viikko/1/2026-12-02', { [`${BASE}/offices/1/week`]: () => json(WEEK) });
    await screen.findByRole('region', { name: /ke 2\.12\.2026/ });
    const loadOf = (name: RegExp) => screen.getByRole('region', { name }).querySelector('.week-load');
    expect(loadOf(/ma 30\.11\.2026/)!.textContent).toBe('Varattu 50 % (9 h / 18 h)');
    expect(loadOf(/ti 1\.12\.2026/)!.textContent).toBe('Varattu 0 % (0 min / 18 h)');
    expect(loadOf(/to 3\.12\.2026/)!.textContent).toBe('Varattu 95 % (9 h 30 min / 10 h)');
    expect(loadOf(/to 3\.12\.2026/)!.className).toContain('week-load--full');
    expect(loadOf(/pe 4\.12\.2026/)).toBeNull();
    expect(loadOf(/su 6\.12\.2026/)).toBeNull();
    // The bar is drawn for the eye only: the words are what is read.
    const bar = loadOf(/ma 30\.11\.2026/)!.querySelector('.week-load__bar')!;
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('50%');
  });
});

describe('print list', () => {
  const DATE = '2026-12-02';
  const DAY: StaffDay = {
    date: DATE,
    office: OFFICE,
    resources: RESOURCES,
    opening: { openingTime: '08:00', closingTime: '17:00' },
    exception: null,
    bookings: [
      booking(5, 'LAT-5', `${DATE}T14:00:00`, {
        // Typed by the customer in the international form: listed in the back-office's one form.
        customerPhone: '+358400000005',
        resourceIds: [12],
        usingKeyLocker: true,
        car: 'Volkswagen Golf',
        deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS',
        customerNotes: 'Avain lokerossa 3',
      }),
      booking(4, 'CAN-4', `${DATE}T08:00:00`, { status: 'CANCELLED' }),
      booking(6, 'LED-6', null, { car: '', deliveryOption: null }),
      booking(7, 'AAM-7', `${DATE}T09:00:00`, { inAbsence: true, symptoms: ['Jarrut vinkuvat'] }),
    ],
    holds: [],
    absences: [],
    nextBookingDate: null,
  };
  it('lists the day\'s bookings but the cancelled by time, with the resource, car, phone, delivery and a notes column', async () => {
    const stub = renderAt(`/hallinta/tulosta/1/${DATE}`, { [`${BASE}/offices/1/day`]: () => json(DAY) });
    const table = await screen.findByRole('table');
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Tulostettava lista – Hallinta'));
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'Aika',
      'Resurssi',
      'Rekisteri',
      'Auto',
      'Asiakas',
      'Puhelin',
      'Palvelut',
      'Tuonti',
      'Muistiinpanot',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[2]!.textContent)).toEqual(['AAM-7', 'LAT-5', 'LED-6']);
    const cells = (i: number) => within(rows[i]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells(1)).toEqual([
      '14.00–15.00',
      'Mekaanikko Matti',
      'LAT-5',
      'Volkswagen Golf',
      'Asiakas LAT-5',
      '040 000 0005',
      'MääräaikaishuoltoAsiakkaan viesti: Avain lokerossa 3',
      'Tuodaan aukioloajan ulkopuolella, avainautomaatti',
      '',
    ]);
    expect(cells(0)[3]).toBe('Skoda Octavia');
    expect(cells(0)[6]).toBe('MääräaikaishuoltoOireet: Jarrut vinkuvatPoissaolon aikana');
    expect(cells(0)[7]).toBe('Asiakas odottaa');
    expect(cells(2)[0]).toBe('Ei aikaa');
    expect(cells(2)[3]).toBe('–');
    // The day's answer has all of it: one request, no booking's detail asked for.
    expect(stub.calls(`${BASE}/offices/1/day`)).toHaveLength(1);
    const asked = (stub.fetchMock.mock.calls as unknown as [string][]).map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/bookings/'))).toEqual([]);
    expect(screen.getByRole('button', { name: 'Tulosta' })).toBeTruthy();
  });

  it('the Tulosta button prints the page', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt(`/hallinta/tulosta/1/${DATE}`, { [`${BASE}/offices/1/day`]: () => json({ ...DAY, bookings: [] }) });
    await screen.findByText('Ei varauksia tälle päivälle.');
    screen.getByRole('button', { name: 'Tulosta' }).click();
    expect(print).toHaveBeenCalledTimes(1);
  });
});
