import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STAFF_ROUTES, addDays, todayInHelsinki, type CataloguePreview, type DeskCatalogue, type DeskTimes, type StaffBookingDetail } from '@huolto/domain';
import { OFFICE_USER, json, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { NewBookingPage } from './new-booking.tsx';
import { BookingDetailPage } from './booking-detail.tsx';

const TODAY = todayInHelsinki();
const DATE = addDays(TODAY, 14);

const CATALOGUE = (found: boolean): CataloguePreview => ({
  vehicle: { registerNumber: found ? 'ABC-123' : 'ZZZ-999', make: found ? 'Volkswagen' : null, model: found ? 'Golf' : null, found },
  groups: [
    {
      title: 'Huollot',
      stage: 'DEFAULT',
      kind: 'PRIMARY',
      services: [
        { code: 'HUOLTO', name: 'Määräaikaishuolto', priceCents: 36_300, normalPriceCents: null, durationMinutes: 90 },
        { code: 'OLJY', name: 'Öljynvaihto', priceCents: 12_900, normalPriceCents: 14_900, durationMinutes: 45 },
      ],
    },
  ],
});

const TIRE_CATALOGUE: CataloguePreview = {
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', found: true },
  groups: [
    {
      title: 'Renkaat',
      stage: 'DEFAULT',
      kind: 'PRIMARY',
      services: [
        { code: 'RENGASVAIHTO', name: 'Renkaanvaihto', priceCents: 5_900, normalPriceCents: null, durationMinutes: 30 },
        { code: 'HOTELLI', name: 'Rengashotelli', priceCents: 9_900, normalPriceCents: null, durationMinutes: 15 },
      ],
    },
  ],
};

/** The tires for sale: the register's size of ABC-123 (205/55R16), or the size typed. */
const TIRE_SALE = (size: { width: number; aspectRatio: number; rimDiameter: number } | undefined): DeskCatalogue => ({
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', found: true },
  groups: [],
  tireType: 'WINTER_STUDLESS',
  tireSize: size ?? { width: 205, aspectRatio: 55, rimDiameter: 16 },
  tires: size
    ? [{ productId: 'T-225', provider: 'TIRE', make: 'Continental', model: 'WinterContact', size: '225/45R18 95V', tireType: 'WINTER_STUDLESS', priceCents: 21_900, stock: 8 }]
    : [
        { productId: 'T-HAKKA', provider: 'TIRE', make: 'Nokian Tyres', model: 'Hakkapeliitta R5', size: '205/55R16 94R', tireType: 'WINTER_STUDLESS', priceCents: 15_900, stock: 6 },
        { productId: 'T-ICE', provider: 'TIRE', make: 'Michelin', model: 'X-Ice Snow', size: '205/55R16 91H', tireType: 'WINTER_STUDLESS', priceCents: 17_400, stock: 3 },
      ],
});

/** The desk's catalogue of the work asked for. */
const catalogueAnswer = (body: unknown) => {
  const b = body as { processType?: string; tireSize?: { width: number; aspectRatio: number; rimDiameter: number } };
  return json(b.processType === 'TIRE_SALES' ? TIRE_SALE(b.tireSize) : b.processType === 'TIRE_CHANGE' ? TIRE_CATALOGUE : CATALOGUE(true));
};

/** The day's starts: Nosturi 1 free at 8.00 and 8.15 (8.00 a customer's time), 8.30 taken; Nosturi 2 free at 10.15. */
const timesOf = (date: string, first: DeskTimes['first'] = { resourceId: 12, time: '10:15:00' }): DeskTimes => ({
  date,
  minutes: 90,
  totalCents: 36_300,
  resources: [
    {
      id: 11,
      name: 'Nosturi 1',
      starts: [
        { time: '08:00:00', taken: false, past: false, customerTime: true },
        { time: '08:15:00', taken: false, past: false, customerTime: false },
        { time: '08:30:00', taken: true, past: false, customerTime: false },
      ],
    },
    { id: 12, name: 'Nosturi 2', starts: [{ time: '10:15:00', taken: false, past: false, customerTime: false }] },
  ],
  first,
});

const timesAnswer = (body: unknown) => json(timesOf((body as { date: string }).date));

const EARLIER: StaffBookingDetail = {
  id: 41,
  bookingKey: 'HV7K2M9Q4P',
  processType: 'MAINTENANCE',
  status: 'CONFIRMED',
  visitStatus: null,
  start: `${addDays(TODAY, -200)}T09:00:00`,
  end: `${addDays(TODAY, -200)}T10:30:00`,
  leadDate: null,
  resourceIds: [11],
  registerNumber: 'ABC-123',
  customerName: 'Maija Meikäläinen',
  customerPhone: '040 123 4567',
  summary: 'Määräaikaishuolto, Vanha pesu',
  totalCents: 37_290,
  usingKeyLocker: false,
  inAbsence: false,
  car: 'Volkswagen Golf',
  office: { id: 1, name: 'Laakkonen Helsinki Konala' },
  createdAt: `${addDays(TODAY, -220)}T12:15:00`,
  customer: { firstname: 'Maija', lastname: 'Meikäläinen', email: 'maija@example.com', phone: '040 123 4567', address: 'Testikatu 1', postCode: '00100', city: 'Helsinki' },
  vehicle: { registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf', kilometers: 60_000 },
  items: [
    { productId: 'HUOLTO', name: 'Määräaikaishuolto', quantity: 1, priceCents: 30_000 },
    { productId: 'PESU', name: 'Vanha pesu', quantity: 1, priceCents: 990 },
  ],
  symptoms: [],
  customerNotes: '',
  deliveryOption: null,
  channel: 'PHONE',
  createdBy: 'Toimipiste Demo',
  campaignCode: null,
  events: [],
  messages: [],
} as unknown as StaffBookingDetail;

const open = (query = '') => renderPage(<NewBookingPage />, { me: OFFICE_USER, path: `/hallinta/uusi-varaus/1${query}`, pattern: STAFF_ROUTES.newBooking });

const lookUp = async (plate: string) => {
  fireEvent.change(await screen.findByLabelText(/Rekisterinumero/), { target: { value: plate } });
  fireEvent.click(screen.getByRole('button', { name: 'Hae' }));
};

const fillCustomer = (phone = '040 765 4321') => {
  fireEvent.change(screen.getByLabelText(/Sukunimi/), { target: { value: 'Virtanen' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Puhelin/ }), { target: { value: phone } });
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<NewBookingPage>', () => {
  it('a plate the register does not know asks for the make and model; the services come grouped with their prices and durations', async () => {
    const { bodies } = stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(false))] });
    open();
    expect(screen.getByRole('heading', { level: 1, name: /Uusi varaus/ })).toBeTruthy();
    expect(screen.queryByLabelText('Merkki')).toBeNull();
    await lookUp('zzz-999');
    await screen.findByText('Ajoneuvoa ei löytynyt rekisteristä: kirjoita merkki ja malli');
    expect(screen.getByLabelText('Merkki')).toBeTruthy();
    expect(screen.getByLabelText('Malli')).toBeTruthy();
    expect(bodies('POST /staff/offices/1/desk/catalogue')).toEqual([{ processType: 'MAINTENANCE', vehicle: { registerNumber: 'ZZZ-999' } }]);
    const group = screen.getByRole('region', { name: 'Huollot' });
    const oil = within(group).getByRole('checkbox', { name: /Öljynvaihto/ });
    expect(oil.closest('li')!.textContent).toBe('Öljynvaihto45 minNormaalihinta 149\u00a0€129\u00a0€');
  });

  it('a plate not well formed is told at the field and nothing is asked', async () => {
    const { called } = stubApi({});
    open();
    await lookUp('ABC');
    expect(await screen.findByText('Tarkista rekisterinumero (esim. ABC-123)')).toBeTruthy();
    expect(called('POST /staff/offices/1/desk/catalogue')).toBe(false);
  });

  it('ticking services asks for the day’s times of that work; the free starts show per resource, taken ones not, customer times marked', async () => {
    const { bodies } = stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))], 'POST /staff/offices/1/desk/times': [timesAnswer] });
    open(`?paiva=${DATE}`);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    const lift1 = await screen.findByRole('group', { name: 'Nosturi 1' });
    expect(within(lift1).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['8.00, Nosturi 1, verkkoaika', '8.15, Nosturi 1']);
    expect(within(lift1).getByText('8.00').className).toContain('desk__start--customer');
    expect(bodies('POST /staff/offices/1/desk/times')).toEqual([{ processType: 'MAINTENANCE', vehicle: { registerNumber: 'ABC-123' }, items: [{ productId: 'HUOLTO', amount: 1 }], date: DATE }]);
    fireEvent.click(screen.getByRole('checkbox', { name: /Öljynvaihto/ }));
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(2));
    expect((bodies('POST /staff/offices/1/desk/times')[1] as { items: unknown[] }).items).toHaveLength(2);
  });

  it('a start pressed on the day grid is chosen when it is still free', async () => {
    stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))], 'POST /staff/offices/1/desk/times': [timesAnswer] });
    open(`?paiva=${DATE}&klo=08:15&resurssi=11`);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    const chosen = await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ });
    await waitFor(() => expect((chosen as HTMLInputElement).checked).toBe(true));
  });

  it('a walk-in (kanava=COUNTER) gets today’s first free start chosen and told', async () => {
    const { bodies } = stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))], 'POST /staff/offices/1/desk/times': [timesAnswer] });
    open(`?kanava=COUNTER&paiva=${DATE}`);
    expect((screen.getByRole('radio', { name: 'Tiskillä' }) as HTMLInputElement).checked).toBe(true);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    expect(await screen.findByText('Ensimmäinen vapaa aika tänään: klo 10.15, Nosturi 2')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^10\.15, Nosturi 2/ }) as HTMLInputElement).checked).toBe(true);
    expect((bodies('POST /staff/offices/1/desk/times')[0] as { date: string }).date).toBe(TODAY);
  });

  it('the phone is required (in Finnish) and the e-mail is not: saved without one, the booking’s page opens', async () => {
    const { bodies, called } = stubApi({
      'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(false))],
      'POST /staff/offices/1/desk/times': [timesAnswer],
      'POST /staff/offices/1/bookings': [() => json({ id: 77, bookingKey: 'K77' }, 201)],
    });
    open(`?paiva=${DATE}`);
    await lookUp('ZZZ-999');
    fireEvent.change(await screen.findByLabelText('Merkki'), { target: { value: 'Lada' } });
    fireEvent.change(screen.getByLabelText('Malli'), { target: { value: 'Niva' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.00, Nosturi 1/ }));
    fireEvent.change(screen.getByLabelText(/Sukunimi/), { target: { value: 'Virtanen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    const phone = screen.getByRole('textbox', { name: /Puhelin/ });
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe('Pakollinen tieto');
    expect(called('POST /staff/offices/1/bookings')).toBe(false);

    fillCustomer();
    expect(screen.getByText('Vahvistus lähetetään, jos sähköposti annetaan')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/varaus/77'));
    expect(bodies('POST /staff/offices/1/bookings')).toEqual([
      {
        channel: 'PHONE',
        processType: 'MAINTENANCE',
        vehicle: { registerNumber: 'ZZZ-999', make: 'Lada', model: 'Niva' },
        items: [{ productId: 'HUOLTO', amount: 1 }],
        start: `${DATE}T08:00:00`,
        resourceId: 11,
        customer: { first_name: '', last_name: 'Virtanen', phone_number: '040 765 4321', email: '', address: '', post_code: '', post_office: '' },
        symptoms: [],
        notes: '',
      },
    ]);
  });

  it('without services and a time nothing is sent, and the page says what is missing', async () => {
    const { called } = stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))] });
    open();
    await lookUp('ABC-123');
    await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ });
    fillCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    expect(await screen.findByText('Valitse vähintään yksi palvelu')).toBeTruthy();
    expect(called('POST /staff/offices/1/bookings')).toBe(false);
  });

  it('a plate typed after the look-up is looked up before saving: the booking is for the car whose services were chosen', async () => {
    const { called } = stubApi({ 'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))], 'POST /staff/offices/1/desk/times': [timesAnswer] });
    open(`?paiva=${DATE}`);
    await lookUp('abc-123');
    await waitFor(() => expect((screen.getByLabelText(/Rekisterinumero/) as HTMLInputElement).value).toBe('ABC-123'));
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ }));
    fillCustomer();
    fireEvent.change(screen.getByLabelText(/Rekisterinumero/), { target: { value: 'XYZ-789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    expect(await screen.findByText('Rekisterinumero tai mittarilukema on muuttunut: paina Hae')).toBeTruthy();
    expect(called('POST /staff/offices/1/bookings')).toBe(false);
  });

  it('a time taken meanwhile (409) shows the server’s message and the times are read again', async () => {
    const { bodies } = stubApi({
      'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))],
      'POST /staff/offices/1/desk/times': [timesAnswer],
      'POST /staff/offices/1/bookings': [() => json({ error: 'NOT_AVAILABLE', code: 'NOT_AVAILABLE', message: 'Aika ehdittiin varata. Valitse toinen aika.' }, 409)],
    });
    open(`?paiva=${DATE}`);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ }));
    fillCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    expect(await screen.findByText('Aika ehdittiin varata. Valitse toinen aika.')).toBeTruthy();
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times').length).toBeGreaterThanOrEqual(2));
    expect((screen.getByRole('radio', { name: /^8\.15, Nosturi 1/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId('address').textContent).toBe('/hallinta/uusi-varaus/1');
  });

  it('a 400 naming a customer field shows its message at the field', async () => {
    stubApi({
      'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))],
      'POST /staff/offices/1/desk/times': [timesAnswer],
      'POST /staff/offices/1/bookings': [() => json({ error: 'VALIDATION', message: 'Virheellinen syöte', fields: [{ path: 'customer.email', message: 'Tarkista sähköpostiosoite' }] }, 400)],
    });
    open(`?paiva=${DATE}`);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ }));
    fillCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    const email = screen.getByLabelText(/Sähköposti/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Tarkista sähköpostiosoite')).toBeTruthy();
  });

  it('booking again (uudelleen) fills in the car, the customer and the services still offered, tells which are not, at today’s prices', async () => {
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json(EARLIER)],
      'POST /staff/offices/1/desk/catalogue': [() => json(CATALOGUE(true))],
      'POST /staff/offices/1/desk/times': [timesAnswer],
    });
    open('?uudelleen=41');
    const huolto = await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ });
    await waitFor(() => expect((huolto as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: /Öljynvaihto/ }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText(/Rekisterinumero/) as HTMLInputElement).value).toBe('ABC-123');
    expect((screen.getByLabelText(/Mittarilukema/) as HTMLInputElement).value).toBe('60000');
    expect((screen.getByLabelText(/Sukunimi/) as HTMLInputElement).value).toBe('Meikäläinen');
    expect((screen.getByRole('textbox', { name: /Puhelin/ }) as HTMLInputElement).value).toBe('040 123 4567');
    expect((screen.getByLabelText(/Sähköposti/) as HTMLInputElement).value).toBe('maija@example.com');
    expect(screen.getByText(/ei enää tarjota/).closest('.notice')!.textContent).toContain('Vanha pesu');
    expect(bodies('POST /staff/offices/1/desk/catalogue')).toEqual([{ processType: 'MAINTENANCE', vehicle: { registerNumber: 'ABC-123', kilometers: 60_000 } }]);
    // The catalogue's price now, not the earlier booking's.
    expect(huolto.closest('li')!.textContent).toContain('363\u00a0€');
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(1));
  });
});

describe('<NewBookingPage> work', () => {
  it('the work is maintenance unless chosen; choosing the tire work asks for its catalogue, clears the services and the time, and books TIRE_CHANGE', async () => {
    const { bodies } = stubApi({
      'POST /staff/offices/1/desk/catalogue': [catalogueAnswer],
      'POST /staff/offices/1/desk/times': [timesAnswer],
      'POST /staff/offices/1/bookings': [() => json({ id: 78, bookingKey: 'K78' }, 201)],
    });
    open(`?paiva=${DATE}`);
    const maintenance = screen.getByRole('radio', { name: 'Huolto' }) as HTMLInputElement;
    const tires = screen.getByRole('radio', { name: 'Renkaanvaihto ja rengashotelli' }) as HTMLInputElement;
    expect(maintenance.checked).toBe(true);
    await lookUp('ABC-123');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ }));
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ }));
    const summary = screen.getByRole('region', { name: 'Yhteenveto' });
    expect(within(summary).getByText('Määräaikaishuolto')).toBeTruthy();

    fireEvent.click(tires);
    expect(tires.checked).toBe(true);
    const change = await screen.findByRole('checkbox', { name: /Renkaanvaihto/ });
    expect((change as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('checkbox', { name: /Määräaikaishuolto/ })).toBeNull();
    expect(within(summary).getByText('Ei valittu')).toBeTruthy();
    expect(within(summary).queryByText('Määräaikaishuolto')).toBeNull();
    expect(screen.getByText('Valitse palvelut, niin vapaat ajat näytetään.')).toBeTruthy();
    expect(bodies('POST /staff/offices/1/desk/catalogue')).toEqual([
      { processType: 'MAINTENANCE', vehicle: { registerNumber: 'ABC-123' } },
      { processType: 'TIRE_CHANGE', vehicle: { registerNumber: 'ABC-123' } },
    ]);

    fireEvent.click(change);
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(2));
    expect(bodies('POST /staff/offices/1/desk/times')[1]).toEqual({
      processType: 'TIRE_CHANGE',
      vehicle: { registerNumber: 'ABC-123' },
      items: [{ productId: 'RENGASVAIHTO', amount: 1 }],
      date: DATE,
    });
    // The start chosen for the maintenance is not carried over.
    const start = await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ });
    expect((start as HTMLInputElement).checked).toBe(false);
    fireEvent.click(start);
    fillCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/varaus/78'));
    const [booked] = bodies('POST /staff/offices/1/bookings') as { processType: string; items: unknown[] }[];
    expect(booked!.processType).toBe('TIRE_CHANGE');
    expect(booked!.items).toEqual([{ productId: 'RENGASVAIHTO', amount: 1 }]);
  });

  it('the tire sale lists the tires of the car’s size with indexes, price per tire and stock; choosing one sends it with its amount', async () => {
    const { bodies } = stubApi({
      'POST /staff/offices/1/desk/catalogue': [catalogueAnswer],
      'POST /staff/offices/1/desk/times': [timesAnswer],
      'POST /staff/offices/1/bookings': [() => json({ id: 79, bookingKey: 'K79' }, 201)],
    });
    open(`?paiva=${DATE}`);
    await lookUp('ABC-123');
    await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ });
    fireEvent.click(screen.getByRole('radio', { name: 'Rengasmyynti' }));

    // The register's size, and its tires.
    const hakka = await screen.findByRole('radio', { name: /Hakkapeliitta R5/ });
    expect(screen.getByRole('heading', { name: 'Renkaat' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /Määräaikaishuolto/ })).toBeNull();
    expect((screen.getByLabelText('Leveys') as HTMLInputElement).value).toBe('205');
    expect((screen.getByLabelText('Profiili') as HTMLInputElement).value).toBe('55');
    expect((screen.getByLabelText('Vanne') as HTMLInputElement).value).toBe('16');
    expect(hakka.closest('li')!.textContent).toContain('205/55R16 94R');
    expect(hakka.closest('li')!.textContent).toContain('Varastossa 6 kpl');
    expect(hakka.closest('li')!.textContent).toContain('159\u00a0€ / kpl');
    // The amount goes up to the stock, four first.
    const iceAmount = screen.getByRole('combobox', { name: /X-Ice Snow/ }) as HTMLSelectElement;
    expect([...iceAmount.options].map((o) => o.value)).toEqual(['1', '2', '3']);
    expect(iceAmount.value).toBe('3');
    expect((screen.getByRole('combobox', { name: /Hakkapeliitta R5/ }) as HTMLSelectElement).value).toBe('4');
    expect(screen.getByText('Valitse rengas, niin vapaat ajat näytetään.')).toBeTruthy();

    fireEvent.click(hakka);
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(1));
    expect(bodies('POST /staff/offices/1/desk/times')[0]).toEqual({
      processType: 'TIRE_SALES',
      vehicle: { registerNumber: 'ABC-123' },
      items: [{ productId: 'T-HAKKA', amount: 4 }],
      date: DATE,
    });
    fireEvent.change(screen.getByRole('combobox', { name: /Hakkapeliitta R5/ }), { target: { value: '2' } });
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(2));
    expect((bodies('POST /staff/offices/1/desk/times')[1] as { items: unknown }).items).toEqual([{ productId: 'T-HAKKA', amount: 2 }]);
    const summary = screen.getByRole('region', { name: 'Yhteenveto' });
    expect(within(summary).getByText('Nokian Tyres Hakkapeliitta R5 205/55R16 94R, 2 kpl')).toBeTruthy();

    // Another size typed: its tires; the tire chosen is cleared.
    fireEvent.change(screen.getByLabelText('Leveys'), { target: { value: '225' } });
    fireEvent.change(screen.getByLabelText('Profiili'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Vanne'), { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hae renkaat' }));
    const conti = await screen.findByRole('radio', { name: /WinterContact/ });
    expect(bodies('POST /staff/offices/1/desk/catalogue').at(-1)).toEqual({
      processType: 'TIRE_SALES',
      vehicle: { registerNumber: 'ABC-123' },
      tireSize: { width: 225, aspectRatio: 45, rimDiameter: 18 },
    });
    expect(within(summary).queryByText(/Hakkapeliitta/)).toBeNull();

    fireEvent.click(conti);
    fireEvent.click(await screen.findByRole('radio', { name: /^8\.15, Nosturi 1/ }));
    fillCustomer();
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna varaus' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/varaus/79'));
    const [booked] = bodies('POST /staff/offices/1/bookings') as { processType: string; items: unknown[] }[];
    expect(booked!.processType).toBe('TIRE_SALES');
    expect(booked!.items).toEqual([{ productId: 'T-225', amount: 4 }]);
  });

  it('booking again a tire change chooses the tire work and ticks its services', async () => {
    const earlier = {
      ...EARLIER,
      processType: 'TIRE_CHANGE',
      items: [
        { productId: 'RENGASVAIHTO', name: 'Renkaanvaihto', quantity: 1, priceCents: 5_000 },
        { productId: 'HOTELLI', name: 'Rengashotelli', quantity: 1, priceCents: 9_000 },
      ],
    };
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json(earlier)],
      'POST /staff/offices/1/desk/catalogue': [catalogueAnswer],
      'POST /staff/offices/1/desk/times': [timesAnswer],
    });
    open('?uudelleen=41');
    const change = await screen.findByRole('checkbox', { name: /Renkaanvaihto/ });
    expect((screen.getByRole('radio', { name: 'Renkaanvaihto ja rengashotelli' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect((change as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('checkbox', { name: /Rengashotelli/ }) as HTMLInputElement).checked).toBe(true);
    expect(bodies('POST /staff/offices/1/desk/catalogue')).toEqual([{ processType: 'TIRE_CHANGE', vehicle: { registerNumber: 'ABC-123', kilometers: 60_000 } }]);
    await waitFor(() => expect(bodies('POST /staff/offices/1/desk/times')).toHaveLength(1));
    expect((bodies('POST /staff/offices/1/desk/times')[0] as { processType: string }).processType).toBe('TIRE_CHANGE');
    expect(screen.queryByText(/Aiempi varaus oli/)).toBeNull();
  });

  it('booking again work the desk does not book starts as maintenance without its lines, and says so', async () => {
    const { bodies } = stubApi({
      'GET /staff/bookings/41': [() => json({ ...EARLIER, processType: 'WINDSHIELD', items: [{ productId: 'LASI', name: 'Tuulilasin vaihto', quantity: 1, priceCents: 50_000 }] })],
      'POST /staff/offices/1/desk/catalogue': [catalogueAnswer],
    });
    open('?uudelleen=41');
    expect(await screen.findByText('Aiempi varaus oli Tuulilasipalvelu; valitse palvelut')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Huolto' }) as HTMLInputElement).checked).toBe(true);
    const huolto = await screen.findByRole('checkbox', { name: /Määräaikaishuolto/ });
    expect((huolto as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByText(/ei enää tarjota/)).toBeNull();
    expect((bodies('POST /staff/offices/1/desk/catalogue')[0] as { processType: string }).processType).toBe('MAINTENANCE');
  });
});

describe('<BookingDetailPage> and the desk', () => {
  it('tells the channel and who made the booking, and offers to book it again', async () => {
    stubApi({ 'GET /staff/bookings/41': [() => json({ ...EARLIER, start: `${DATE}T09:00:00`, end: `${DATE}T10:30:00` })] });
    renderPage(<BookingDetailPage />, { me: OFFICE_USER, path: '/hallinta/varaus/41', pattern: STAFF_ROUTES.booking });
    expect(await screen.findByText('Kanava: Puhelimitse')).toBeTruthy();
    expect(screen.getByText('Tehnyt: Toimipiste Demo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Varaa uudelleen' }).getAttribute('href')).toBe('/hallinta/uusi-varaus/1?uudelleen=41');
  });
});
