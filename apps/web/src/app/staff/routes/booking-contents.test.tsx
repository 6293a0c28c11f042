import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { addDays, todayInHelsinki, type CataloguePreview, type DeskCatalogue, type DeskExtraRow, type StaffBookingDetail, type StaffMe } from '@huolto/domain';
import { json, newQueryClient, stubFetch, type Route as StubRoute } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { BookingContentsPage } from './booking-contents.tsx';

const BASE = '/ServiceBooking/rest/staff';
const ME: StaffMe = { id: 2, email: 'toimipiste1@laakkonen.example', name: 'Teppo', role: 'OFFICE', offices: [{ id: 1, name: 'Konala' }] };
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
  summary: 'Määräaikaishuolto, Jarruhuolto',
  totalCents: 56_200,
  usingKeyLocker: false,
  inAbsence: false,
  car: 'Volkswagen Golf',
  office: { id: 1, name: 'Laakkonen Helsinki Konala' },
  createdAt: `${addDays(DATE, -20)}T12:15:00`,
  customer: { firstname: 'Maija', lastname: 'Meikäläinen', email: 'maija@example.com', phone: '040 123 4567', address: 'Testikatu 1', postCode: '00100', city: 'Helsinki' },
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', kilometers: 60_000 },
  items: [
    { productId: 'HUOLTO', name: 'Määräaikaishuolto', quantity: 1, priceCents: 36_300 },
    { productId: 'JARRU', name: 'Jarruhuolto', quantity: 1, priceCents: 19_900 },
  ],
  symptoms: ['Jarrut vinkuvat'],
  customerNotes: '',
  deliveryOption: 'CUSTOMER_WAITING',
  channel: 'ONLINE',
  createdBy: null,
  campaignCode: null,
  events: [],
  messages: [{ id: 5, kind: 'CONFIRMATION', channel: 'EMAIL', recipient: 'maija@example.com', status: 'SENT', createdAt: `${addDays(DATE, -20)}T12:15:00`, sentAt: null }],
};

const CATALOGUE: CataloguePreview = {
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', found: true },
  groups: [
    {
      title: 'Huollot',
      stage: 'DEFAULT',
      kind: 'PRIMARY',
      services: [
        { code: 'HUOLTO', name: 'Määräaikaishuolto', priceCents: 36_300, normalPriceCents: null, durationMinutes: 90 },
        { code: 'JARRU', name: 'Jarruhuolto', priceCents: 19_900, normalPriceCents: null, durationMinutes: 60 },
        { code: 'ILMASTOINTI', name: 'Ilmastointihuolto', priceCents: 9_900, normalPriceCents: null, durationMinutes: 45 },
      ],
    },
  ],
};

/** The extra items: none on the booking. */
const EXTRA_ROWS: DeskExtraRow[] = [
  { productId: 'PESU', description: 'Lasinpesuneste', priceCents: 990, amount: 0, bookedCents: 0, active: true },
  { productId: 'SULAKE', description: 'Sulakesarja', priceCents: 1_450, amount: 0, bookedCents: 0, active: true },
];

/** The booking's page after saving: only the message it was given. */
function SavedPage() {
  const state = useLocation().state as { saved?: string } | null;
  return <p data-testid="saved">{state?.saved}</p>;
}

function renderContents(contents: StubRoute, booking: StaffBookingDetail = BOOKING, extraRows: DeskExtraRow[] = EXTRA_ROWS, catalogue: DeskCatalogue = CATALOGUE) {
  const stub = stubFetch({
    [`${BASE}/bookings/41`]: () => json(booking),
    [`${BASE}/bookings/41/extra-rows`]: () => json(extraRows),
    [`${BASE}/offices/1/desk/catalogue`]: () => json(catalogue),
    [`${BASE}/bookings/41/contents`]: contents,
  });
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={ME}>
      <MemoryRouter initialEntries={['/hallinta/varaus/41/sisalto']}>
        <Routes>
          <Route path="/hallinta/varaus/:bookingId/sisalto" element={<BookingContentsPage />} />
          <Route path="/hallinta/varaus/:bookingId" element={<SavedPage />} />
        </Routes>
      </MemoryRouter>
    </StaffProvider>,
  );
  return stub;
}

const total = () => document.querySelector('.contents__total')!.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('booking contents page', () => {
  it("asks the desk's catalogue for the booking's car, ticks its services and updates the total as they are ticked", async () => {
    const stub = renderContents(() => json(BOOKING));
    const brakes = (await screen.findByRole('checkbox', { name: /Jarruhuolto/ })) as HTMLInputElement;
    expect(stub.bodies(`${BASE}/offices/1/desk/catalogue`)[0]).toEqual({
      processType: 'MAINTENANCE',
      vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', kilometers: 60_000 },
    });
    expect(brakes.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Ilmastointihuolto/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('checkbox', { name: /Ilmastointihuolto/ }).closest('li')!.textContent).toContain('99');
    expect(total()).toMatch(/Yhteensä\s*562\s€/);
    fireEvent.click(brakes);
    expect(total()).toMatch(/Yhteensä\s*363\s€/);
    fireEvent.click(screen.getByRole('checkbox', { name: /Ilmastointihuolto/ }));
    expect(total()).toMatch(/Yhteensä\s*462\s€/);
  });

  it('saves the ticked services, kilometres, symptoms and customer, and tells on the booking page that a new confirmation went', async () => {
    const stub = renderContents(() =>
      json({
        ...BOOKING,
        messages: [...BOOKING.messages, { id: 8, kind: 'CONFIRMATION', channel: 'EMAIL', recipient: 'maija@example.com', status: 'PENDING', createdAt: `${DATE}T08:00:00`, sentAt: null }],
      }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: /Jarruhuolto/ }));
    fireEvent.change(screen.getByLabelText('Mittarilukema (km)'), { target: { value: '61500' } });
    fireEvent.change(screen.getByLabelText('Vian kuvaus'), { target: { value: 'Jarrut vinkuvat, ilmastointi haisee' } });
    fireEvent.change(screen.getByLabelText(/Puhelin/), { target: { value: '040 765 4321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    expect(await screen.findByTestId('saved')).toHaveProperty('textContent', 'Muutokset tallennettu. Asiakkaalle lähetettiin päivitetty vahvistus.');
    expect(stub.bodies(`${BASE}/bookings/41/contents`)).toEqual([
      {
        items: [{ productId: 'HUOLTO', amount: 1 }],
        kilometers: 61_500,
        symptoms: ['Jarrut vinkuvat, ilmastointi haisee'],
        customer: {
          first_name: 'Maija',
          last_name: 'Meikäläinen',
          phone_number: '040 765 4321',
          email: 'maija@example.com',
          address: 'Testikatu 1',
          post_code: '00100',
          post_office: 'Helsinki',
        },
      },
    ]);
    expect(stub.calls(`${BASE}/bookings/41/contents`)[0]![1]!.method).toBe('PUT');
  });

  it('leaves the services and symptoms out when unchanged, and says only "Muutokset tallennettu." without a new message', async () => {
    const stub = renderContents(() => json(BOOKING));
    await screen.findByRole('checkbox', { name: /Jarruhuolto/ });
    fireEvent.change(screen.getByLabelText('Osoite'), { target: { value: 'Uusikatu 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    expect(await screen.findByTestId('saved')).toHaveProperty('textContent', 'Muutokset tallennettu.');
    const body = stub.bodies(`${BASE}/bookings/41/contents`)[0] as Record<string, unknown>;
    expect(body).not.toHaveProperty('items');
    expect(body).not.toHaveProperty('symptoms');
    expect(body.customer).toMatchObject({ address: 'Uusikatu 2' });
  });

  it('requires the phone number, in Finnish, and sends nothing', async () => {
    const stub = renderContents(() => json(BOOKING));
    await screen.findByRole('checkbox', { name: /Jarruhuolto/ });
    const phone = screen.getByLabelText(/Puhelin/);
    fireEvent.change(phone, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(phone.closest('.field')!.textContent).toContain('Pakollinen tieto');
    fireEvent.change(phone, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    await waitFor(() => expect(phone.closest('.field')!.textContent).toContain('Tarkista puhelinnumero'));
    expect(stub.calls(`${BASE}/bookings/41/contents`)).toEqual([]);
  });

  it('a booking without any service ticked is not sent', async () => {
    const stub = renderContents(() => json(BOOKING));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Jarruhuolto/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    expect(await screen.findByText('Valitse vähintään yksi palvelu')).toBeTruthy();
    expect(stub.calls(`${BASE}/bookings/41/contents`)).toEqual([]);
  });

  it('when the new work does not fit its time, shows the message and the nearest times; choosing one sends the change again with its start and resource', async () => {
    let answers = 0;
    const stub = renderContents(() =>
      ++answers === 1
        ? json(
            {
              error: 'DOES_NOT_FIT',
              code: 'DOES_NOT_FIT',
              message: 'Muutettu työ ei mahdu varauksen aikaan.',
              nearest: [
                { start: `${DATE}T10:00:00`, end: `${DATE}T12:00:00`, resourceId: 12, resourceName: 'Nosturi 2' },
                { start: `${DATE}T13:00:00`, end: `${DATE}T15:00:00`, resourceId: 11, resourceName: 'Nosturi 1' },
              ],
            },
            409,
          )
        : json({ ...BOOKING, start: `${DATE}T10:00:00`, end: `${DATE}T12:00:00`, resourceIds: [12] }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: /Ilmastointihuolto/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Muutettu työ ei mahdu varauksen aikaan.');
    const weekday = new Intl.DateTimeFormat('fi-FI', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${DATE}T12:00:00Z`)).slice(0, 2);
    const [, m, d] = DATE.split('-');
    const label = `${weekday} ${Number(d)}.${Number(m)}. klo 10.00–12.00, Nosturi 2`;
    const choice = within(alert).getByRole('button', { name: label });
    expect(within(alert).getByRole('button', { name: /klo 13\.00–15\.00, Nosturi 1$/ })).toBeTruthy();
    fireEvent.click(choice);
    expect(await screen.findByTestId('saved')).toHaveProperty('textContent', 'Muutokset tallennettu.');
    const [first, second] = stub.bodies(`${BASE}/bookings/41/contents`) as Record<string, unknown>[];
    expect(first).not.toHaveProperty('start');
    expect(first!.items).toEqual([
      { productId: 'HUOLTO', amount: 1 },
      { productId: 'JARRU', amount: 1 },
      { productId: 'ILMASTOINTI', amount: 1 },
    ]);
    expect(second).toEqual({ ...first, start: `${DATE}T10:00:00`, resourceId: 12 });
  });

  it('names the services the server refused (400 items.N.productId) at the services, and keeps the page', async () => {
    renderContents(() =>
      json({ error: 'VALIDATION', message: 'Virheellinen syöte', fields: [{ path: 'items.1.productId', message: 'Ei tarjolla tälle autolle' }] }, 400),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: /Jarruhuolto/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Ilmastointihuolto/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    expect(await screen.findByText('Ilmastointihuolto: Ei tarjolla tälle autolle')).toBeTruthy();
    expect(screen.queryByTestId('saved')).toBeNull();
    expect(screen.queryByText('Virheellinen syöte')).toBeNull();
  });

  it('lists the extra items under "Lisärivit" with their prices; amounts update the total and are sent as extraRows', async () => {
    // The booking holds two of the washer fluid, added by the customer at an older price: shown with the extra rows, not among the services.
    const booking: StaffBookingDetail = {
      ...BOOKING,
      totalCents: BOOKING.totalCents + 1_800,
      items: [...BOOKING.items, { productId: null, name: 'Lasinpesuneste', quantity: 2, priceCents: 1_800 }],
    };
    const rows = [{ ...EXTRA_ROWS[0]!, amount: 2, bookedCents: 1_800 }, EXTRA_ROWS[1]!];
    const stub = renderContents(() => json(booking), booking, rows);
    const section = (await screen.findByText('Lisärivit')).closest('fieldset')!;
    const fluid = (await within(section).findByLabelText(/Lasinpesuneste/)) as HTMLInputElement;
    expect(fluid.value).toBe('2');
    expect(fluid.closest('li')!.textContent).toMatch(/10\s€ \/ kpl/);
    expect(fluid.closest('li')!.textContent).toMatch(/18\s€/);
    expect(within(section).getByLabelText(/Sulakesarja/).closest('li')!.textContent).toMatch(/15\s€ \/ kpl/);
    expect(document.querySelector('.contents__services')!.textContent).not.toContain('Lasinpesuneste');
    expect(total()).toMatch(/Yhteensä\s*580\s€/);

    // One fuse kit more, the fluid down to one (at today's price): 562 + 14,50 + 9,90, shown in whole euros rounded up.
    fireEvent.change(within(section).getByLabelText(/Sulakesarja/), { target: { value: '1' } });
    expect(total()).toMatch(/Yhteensä\s*595\s€/);
    fireEvent.change(fluid, { target: { value: '1' } });
    expect(total()).toMatch(/Yhteensä\s*587\s€/);
    expect(section.textContent).toMatch(/Lisärivit yhteensä\s*25\s€/);
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    await screen.findByTestId('saved');
    const body = stub.bodies(`${BASE}/bookings/41/contents`)[0] as Record<string, unknown>;
    expect(body.extraRows).toEqual([
      { productId: 'PESU', amount: 1 },
      { productId: 'SULAKE', amount: 1 },
    ]);
    expect(body).not.toHaveProperty('items');
  });

  it('removing every extra row sends an empty list; untouched rows are not sent', async () => {
    const booking: StaffBookingDetail = { ...BOOKING, totalCents: BOOKING.totalCents + 990, items: [...BOOKING.items, { productId: null, name: 'Lasinpesuneste', quantity: 1, priceCents: 990 }] };
    const stub = renderContents(() => json(booking), booking, [{ ...EXTRA_ROWS[0]!, amount: 1, bookedCents: 990 }, EXTRA_ROWS[1]!]);
    const fluid = await screen.findByLabelText(/Lasinpesuneste/);
    expect(total()).toMatch(/Yhteensä\s*572\s€/);
    fireEvent.change(fluid, { target: { value: '0' } });
    expect(total()).toMatch(/Yhteensä\s*562\s€/);
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    await screen.findByTestId('saved');
    expect((stub.bodies(`${BASE}/bookings/41/contents`)[0] as Record<string, unknown>).extraRows).toEqual([]);
  });

  it('names the extra row the server refused (400 extraRows.N.productId) at the extra rows', async () => {
    renderContents(() => json({ error: 'VALIDATION', message: 'Virheellinen syöte', fields: [{ path: 'extraRows.0.productId', message: 'Tuntematon lisätuote' }] }, 400));
    fireEvent.change(await screen.findByLabelText(/Sulakesarja/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    expect(await screen.findByText('Sulakesarja: Tuntematon lisätuote')).toBeTruthy();
    expect(screen.queryByTestId('saved')).toBeNull();
    expect(screen.queryByText('Virheellinen syöte')).toBeNull();
  });

  it("a tire sale shows the booking's tire chosen with its amount; choosing 2 of another sends it in place of the old tire", async () => {
    const booking: StaffBookingDetail = {
      ...BOOKING,
      processType: 'TIRE_SALES',
      summary: 'Nokian Tyres Hakkapeliitta R5',
      totalCents: 63_600,
      items: [{ productId: 'T-HAKKA', name: 'Nokian Tyres Hakkapeliitta R5 205/55R16', quantity: 4, priceCents: 63_600 }],
    };
    const tires: DeskCatalogue = {
      vehicle: CATALOGUE.vehicle,
      groups: [],
      tireType: 'WINTER_STUDLESS',
      tireSize: { width: 205, aspectRatio: 55, rimDiameter: 16 },
      tires: [
        { productId: 'T-HAKKA', provider: 'TIRE', make: 'Nokian Tyres', model: 'Hakkapeliitta R5', size: '205/55R16 94R', tireType: 'WINTER_STUDLESS', priceCents: 15_900, stock: 6 },
        { productId: 'T-ICE', provider: 'TIRE', make: 'Michelin', model: 'X-Ice Snow', size: '205/55R16 91H', tireType: 'WINTER_STUDLESS', priceCents: 17_400, stock: 3 },
      ],
    };
    const stub = renderContents(() => json(booking), booking, EXTRA_ROWS, tires);
    const hakka = (await screen.findByRole('radio', { name: /Hakkapeliitta R5/ })) as HTMLInputElement;
    expect(stub.bodies(`${BASE}/offices/1/desk/catalogue`)[0]).toMatchObject({ processType: 'TIRE_SALES' });
    expect(hakka.checked).toBe(true);
    expect((screen.getByRole('combobox', { name: /Hakkapeliitta R5/ }) as HTMLSelectElement).value).toBe('4');
    expect((screen.getByRole('radio', { name: /X-Ice Snow/ }) as HTMLInputElement).checked).toBe(false);
    expect(total()).toMatch(/Yhteensä\s*636\s€/);

    const ice = within(screen.getByRole('radio', { name: /X-Ice Snow/ }).closest('li')!);
    fireEvent.change(ice.getByRole('combobox'), { target: { value: '2' } });
    fireEvent.click(ice.getByRole('radio'));
    expect(hakka.checked).toBe(false);
    expect(total()).toMatch(/Yhteensä\s*348\s€/);
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna muutokset' }));
    await screen.findByTestId('saved');
    expect((stub.bodies(`${BASE}/bookings/41/contents`)[0] as Record<string, unknown>).items).toEqual([{ productId: 'T-ICE', amount: 2 }]);
  });

  it('a cancelled or past booking cannot be changed here', async () => {
    renderContents(() => json(BOOKING), { ...BOOKING, status: 'CANCELLED' });
    expect(await screen.findByText('Vain tulevan, vahvistetun varauksen sisältöä voi muuttaa.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tallenna muutokset' })).toBeNull();
  });
});
