import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, KONALA, MAKES, OFFICE_USER, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { NewOfficePage } from './new-office.tsx';
import { OfficesPage } from './offices.tsx';

const ROWS = [
  { id: 1, code: 'KONALA', name: 'Laakkonen Helsinki Konala', postOffice: 'Helsinki', active: true, resources: 4 },
  { id: 4, code: 'VANHA', name: 'Laakkonen Turku', postOffice: 'Turku', active: false, resources: 0 },
];

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<OfficesPage>', () => {
  it('lists every office with its code, town, state and resources, each linked to its page, and offers a new one', async () => {
    stubApi({ 'GET /staff/office-admin': () => json(ROWS) });
    renderPage(<OfficesPage />, { path: '/hallinta/toimipisteet' });
    expect(screen.getByRole('heading', { level: 1, name: 'Toimipisteet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Uusi toimipiste' }).getAttribute('href')).toBe('/hallinta/toimipisteet/uusi');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['Laakkonen Helsinki Konala', 'KONALA', 'Helsinki', 'Käytössä', '4'],
      ['Laakkonen Turku', 'VANHA', 'Turku', 'Poistettu käytöstä', '0'],
    ]);
    expect(within(table).getByRole('link', { name: 'Laakkonen Turku' }).getAttribute('href')).toBe('/hallinta/toimipisteet/4');
  });

  it('an office user is told it is for admins, and the list is not asked for', async () => {
    const api = stubApi({ 'GET /staff/office-admin': () => json(ROWS) });
    renderPage(<OfficesPage />, { path: '/hallinta/toimipisteet', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi hallita toimipisteitä.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Uusi toimipiste' })).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/office-admin')).toBe(false);
  });
});

describe('<NewOfficePage>', () => {
  it('adds an office with every field, coordinates left to the post code, a make found with the filter; a taken code is shown at its field', async () => {
    const api = stubApi({
      'GET /vehicle-makes': () => json(MAKES),
      'POST /staff/offices': [() => refusedField('code', 'Tunnus on jo käytössä'), (b) => json({ ...KONALA, ...(b as object), id: 9 })],
      'GET /staff/me': () => json({ ...ADMIN, offices: [...ADMIN.offices, { id: 9, name: 'Laakkonen Helsinki Kivikko' }] }),
    });
    renderPage(<NewOfficePage />, { path: '/hallinta/toimipisteet/uusi' });
    expect(screen.getByRole('heading', { level: 1, name: 'Uusi toimipiste' })).toBeTruthy();
    type(/^Tunnus/, 'HKI2');
    type(/Toimipisteen nimi/, 'Laakkonen Helsinki Kivikko');
    type(/Katuosoite/, 'Kivikonkaari 1');
    type(/Postinumero/, '00940');
    type(/Postitoimipaikka/, 'Helsinki');
    type('Sähköposti', 'kivikko@laakkonen.example');
    expect(screen.getByText('Jos koordinaatit jätetään tyhjiksi, sijainti otetaan postinumeron alueesta.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Rengasmyynti'));
    fireEvent.click(screen.getByLabelText('Renkaanvaihto ja rengashotelli'));
    fireEvent.change(await screen.findByLabelText('Suodata merkkejä'), { target: { value: 'to' } });
    await screen.findByLabelText('Toyota');
    expect(screen.queryByLabelText('Skoda')).toBeNull();
    fireEvent.click(screen.getByLabelText('Toyota'));
    fireEvent.change(screen.getByLabelText('Ajan valinta'), { target: { value: 'DAY_ONLY' } });
    type('Päivän ensimmäinen aika', '07:30');
    fireEvent.change(screen.getByLabelText('Aikojen väli'), { target: { value: '30' } });
    type(/Avainautomaatin lokerot/, '8');
    fireEvent.click(screen.getByLabelText('Tekee vauriotarkastuksia'));
    type(/Tiedote asiakkaille/, 'Sisäänkäynti pihan puolelta.');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää toimipiste' }));

    expect(await screen.findByText('Tunnus on jo käytössä')).toBeTruthy();
    expect(screen.getByLabelText(/^Tunnus/).getAttribute('aria-invalid')).toBe('true');
    type(/^Tunnus/, 'KIVIKKO');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää toimipiste' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/toimipisteet/9'));
    expect(api.bodies('POST /staff/offices')[1]).toEqual({
      code: 'KIVIKKO',
      name: 'Laakkonen Helsinki Kivikko',
      address: 'Kivikonkaari 1',
      postCode: '00940',
      postOffice: 'Helsinki',
      latitude: null,
      longitude: null,
      phone: '',
      email: 'kivikko@laakkonen.example',
      dealerMakeIds: [2],
      processes: ['MAINTENANCE', 'TIRE_SALES'],
      timeSelectionType: 'DAY_ONLY',
      leadOnly: false,
      firstSlotTime: '07:30',
      slotStepMinutes: 30,
      lockerCompartments: 8,
      customerNotice: 'Sisäänkäynti pihan puolelta.',
      showLoanCalculator: false,
      customerSelectsResource: false,
      damageInspection: true,
    });
  });

  it('stops in Finnish what the domain refuses: no process, a bad post code, one coordinate only', async () => {
    const api = stubApi({ 'GET /vehicle-makes': () => json(MAKES) });
    renderPage(<NewOfficePage />, { path: '/hallinta/toimipisteet/uusi' });
    fireEvent.click(screen.getByLabelText('Huolto'));
    fireEvent.click(screen.getByLabelText('Renkaanvaihto ja rengashotelli'));
    type(/Postinumero/, '123');
    type('Leveysaste', '60,2');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää toimipiste' }));
    expect(await screen.findByText('Valitse vähintään yksi palvelu')).toBeTruthy();
    expect(screen.getByLabelText(/Postinumero/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Anna molemmat koordinaatit tai ei kumpaakaan')).toBeTruthy();
    expect(api.called('POST /staff/offices')).toBe(false);
  });

  it('an office user is told only an admin adds offices', () => {
    stubApi({});
    renderPage(<NewOfficePage />, { path: '/hallinta/toimipisteet/uusi', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi lisätä toimipisteitä.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lisää toimipiste' })).toBeNull();
  });
});
