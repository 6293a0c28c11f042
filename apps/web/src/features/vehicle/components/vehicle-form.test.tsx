import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FIELD_ERRORS, MESSAGES, VEHICLE_MAKE_MAX_LENGTH } from '@huolto/domain';
import { clearNotifications, getNotifications } from '@/lib/notifications.ts';
import { OTHER_MAKE, VehicleForm, parseKilometers } from './vehicle-form.tsx';

let fetchMock: ReturnType<typeof vi.fn>;

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

function renderForm(requireKilometers = true) {
  const onVehicleSet = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <VehicleForm requireKilometers={requireKilometers} onVehicleSet={onVehicleSet} />
    </QueryClientProvider>,
  );
  return { onVehicleSet };
}

const plate = () => screen.getByLabelText(/Rekisterinumero/) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Hae auton tiedot' }));
/** The form's button once make and model are asked: it goes on with them. */
const submitDescribed = () => fireEvent.click(screen.getByRole('button', { name: 'Jatka' }));
const bodies = (path: string) =>
  (fetchMock.mock.calls as [string, RequestInit][])
    .filter(([url]) => url.endsWith(path))
    .map(([, init]) => JSON.parse(String(init.body)) as unknown);

/** The register does not know the plate; two makes in the list; every setting call succeeds. */
function notFoundAnswers() {
  fetchMock.mockImplementation(async (url: string) => {
    if (url.endsWith('/search-vehicle')) return json({ responseCode: 'NOT_FOUND' });
    if (url.endsWith('/vehicle-makes')) return json([{ id: 1, name: 'Volkswagen' }, { id: 2, name: 'Toyota' }]);
    return json({ responseCode: 'SUCCESS' });
  });
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=t; path=/';
  clearNotifications();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearNotifications();
});

describe('<VehicleForm>', () => {
  it('upper-cases the registration number as it is typed', () => {
    renderForm();
    fireEvent.change(plate(), { target: { value: 'abc-12' } });
    expect(plate().value).toBe('ABC-12');
    fireEvent.change(plate(), { target: { value: 'äöå-1' } });
    expect(plate().value).toBe('ÄÖÅ-1');
  });

  it('shows a Finnish error for an invalid plate and does not search', async () => {
    renderForm();
    fireEvent.change(plate(), { target: { value: 'abcd-1234' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '60000' } });
    submit();
    expect(await screen.findByText(FIELD_ERRORS.registerNumber)).toBeTruthy();
    expect(plate().getAttribute('aria-invalid')).toBe('true');
    expect(plate().getAttribute('aria-describedby')).toContain('registerNumber-error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('requires the mileage in maintenance, as a whole number', async () => {
    renderForm();
    fireEvent.change(plate(), { target: { value: 'abc-123' } });
    submit();
    expect(await screen.findByText(FIELD_ERRORS.kilometers)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '12.5' } });
    submit();
    expect(await screen.findByText(FIELD_ERRORS.kilometers)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks no mileage outside maintenance', () => {
    renderForm(false);
    expect(screen.queryByLabelText(/Mittarilukema/)).toBeNull();
  });

  it('searches with the normalised plate and goes on when the vehicle is found', async () => {
    fetchMock.mockImplementation(async () =>
      json({ responseCode: 'SUCCESS', vehicle: { register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf' } }),
    );
    const { onVehicleSet } = renderForm();
    fireEvent.change(plate(), { target: { value: ' abc-123' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '60 000' } });
    submit();
    await waitFor(() => expect(onVehicleSet).toHaveBeenCalledTimes(1));
    expect(bodies('/search-vehicle')).toEqual([{ registerNumber: 'ABC-123', kilometers: 60000 }]);
    expect(onVehicleSet.mock.calls[0]?.[0]).toMatchObject({ make: 'Volkswagen', model: 'Golf' });
  });

  it('asks make and model when the plate is not found, then sets the vehicle by hand', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url.endsWith('/search-vehicle')) return json({ responseCode: 'NOT_FOUND' });
      if (url.endsWith('/vehicle-makes')) return json([{ id: 1, name: 'Volkswagen' }, { id: 2, name: 'Toyota' }]);
      return json({ responseCode: 'SUCCESS' });
    });
    const { onVehicleSet } = renderForm();
    fireEvent.change(plate(), { target: { value: 'zzz-999' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '1000' } });
    submit();

    const make = (await screen.findByLabelText(/Merkki/)) as HTMLSelectElement;
    expect(getNotifications()).toEqual([expect.objectContaining({ level: 'INFO', text: MESSAGES.vehicleNotFound.text })]);
    expect(onVehicleSet).not.toHaveBeenCalled();

    submitDescribed();
    expect(await screen.findAllByText(FIELD_ERRORS.required)).toHaveLength(2);

    await screen.findByRole('option', { name: 'Toyota' });
    fireEvent.change(make, { target: { value: 'Toyota' } });
    fireEvent.change(screen.getByLabelText(/Malli/), { target: { value: 'Corolla' } });
    submitDescribed();
    await waitFor(() => expect(onVehicleSet).toHaveBeenCalledTimes(1));
    expect(bodies('/set-vehicle')).toEqual([
      { make: 'Toyota', regNbr: 'ZZZ-999', model: 'Corolla', classification: { id: 1, name: 'henkilöauto' }, introductionDate: null },
    ]);
    expect(bodies('/set-vehicle-kilometers')).toEqual([{ kilometers: 1000 }]);
  });

  it('explains in place, next to make and model, that the plate was not found, and the button goes on with them', async () => {
    notFoundAnswers();
    renderForm();
    fireEvent.change(plate(), { target: { value: 'zzz-999' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '1000' } });
    submit();

    const make = await screen.findByLabelText(/Merkki/);
    const notice = document.getElementById('vehicle-not-found')!;
    expect(notice.textContent).toBe(
      'Ajoneuvon tietoja ei löytynyt rekisterinumerolla ZZZ-999.' +
        'Valitse merkki ja kirjoita malli, niin jatketaan. Jos merkkiä ei ole listassa, valitse Muu merkki.',
    );
    // In the form, just before the make, and read out with the make.
    expect(notice.closest('form')).toBe(make.closest('form'));
    expect(notice.compareDocumentPosition(make) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(make.getAttribute('aria-describedby')).toContain('vehicle-not-found');
    // The notification of requirements §8 is still shown.
    expect(getNotifications()).toEqual([expect.objectContaining({ level: 'INFO', text: MESSAGES.vehicleNotFound.text })]);
    // The button is named for what it does now: it goes on, it does not search again.
    expect(screen.getByRole('button', { name: 'Jatka' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByRole('button', { name: 'Hae auton tiedot' })).toBeNull();

    // Another plate is a new search: the explanation and the fields go.
    fireEvent.change(plate(), { target: { value: 'abc-123' } });
    expect(document.getElementById('vehicle-not-found')).toBeNull();
    expect(screen.queryByLabelText(/Merkki/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Hae auton tiedot' })).toBeTruthy();
  });

  it('offers "Muu merkki" last; the make is then typed, by the rules of the server', async () => {
    notFoundAnswers();
    const { onVehicleSet } = renderForm();
    fireEvent.change(plate(), { target: { value: 'zzz-999' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '1000' } });
    submit();

    const make = (await screen.findByLabelText(/Merkki/)) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Muu merkki' });
    const options = [...make.options].map((o) => o.text);
    expect(options).toEqual(['Valitse merkki', 'Volkswagen', 'Toyota', 'Muu merkki']);
    expect(screen.queryByLabelText(/Merkin nimi/)).toBeNull();

    fireEvent.change(make, { target: { value: OTHER_MAKE } });
    const typed = (await screen.findByLabelText(/Merkin nimi/)) as HTMLInputElement;
    expect(typed.maxLength).toBe(VEHICLE_MAKE_MAX_LENGTH);
    fireEvent.change(screen.getByLabelText(/Malli/), { target: { value: 'Niva' } });

    for (const [value, error] of [
      ['   ', FIELD_ERRORS.required],
      ['x'.repeat(VEHICLE_MAKE_MAX_LENGTH + 1), FIELD_ERRORS.tooLong],
      ['La\u0000da', FIELD_ERRORS.unstorable],
    ] as const) {
      fireEvent.change(typed, { target: { value } });
      submitDescribed();
      expect(await screen.findByText(error)).toBeTruthy();
      expect(typed.getAttribute('aria-invalid')).toBe('true');
      expect(typed.getAttribute('aria-describedby')).toBe('otherMake-error');
    }
    expect(bodies('/set-vehicle')).toEqual([]);

    fireEvent.change(typed, { target: { value: ' Lada ' } });
    submitDescribed();
    await waitFor(() => expect(onVehicleSet).toHaveBeenCalledTimes(1));
    expect(bodies('/set-vehicle')).toEqual([
      { make: 'Lada', regNbr: 'ZZZ-999', model: 'Niva', classification: { id: 1, name: 'henkilöauto' }, introductionDate: null },
    ]);
    expect(onVehicleSet.mock.calls[0]?.[0]).toMatchObject({ register_number: 'ZZZ-999', make: 'Lada', model: 'Niva' });
  });

  it('reports a failed search', async () => {
    fetchMock.mockImplementation(async () => new Response('{}', { status: 500 }));
    renderForm();
    fireEvent.change(plate(), { target: { value: 'abc-123' } });
    fireEvent.change(screen.getByLabelText(/Mittarilukema/), { target: { value: '1' } });
    submit();
    await waitFor(() =>
      expect(getNotifications()).toEqual([
        expect.objectContaining({ level: 'ERROR', text: MESSAGES.vehicleSearchFailed.text }),
      ]),
    );
  });
});

describe('parseKilometers', () => {
  it('accepts digits with spaces and rejects other input', () => {
    expect(parseKilometers('120 000')).toBe(120000);
    expect(parseKilometers('')).toBeNull();
    expect(parseKilometers('12,5')).toBeNaN();
  });
});
