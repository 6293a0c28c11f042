import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueGroup, CataloguePreview, ServiceDetails, ServiceListItem } from '@huolto/domain';
import { MAKES, OFFICE_USER, WORK_KINDS, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { NewServicePage } from './new-service.tsx';
import { ServicePreviewPage } from './service-preview.tsx';
import { ServicePage } from './service.tsx';
import { ServicesPage } from './services.tsx';

const GROUPS: CatalogueGroup[] = [
  { id: 'huollot', stage: 'DEFAULT', kind: 'PRIMARY', title: 'Määräaikaishuollot', sort: 1, serviceCount: 2 },
  { id: 'lisat', stage: 'DEFAULT', kind: 'ADDITIONAL', title: 'Huollon lisätyöt', sort: 2, serviceCount: 0 },
  { id: 'renkaat', stage: 'TIRE_SERVICES', kind: 'PRIMARY', title: 'Renkaanvaihdot', sort: 1, serviceCount: 1 },
];

const item = (s: Partial<ServiceListItem> & Pick<ServiceListItem, 'code' | 'name' | 'groupId'>): ServiceListItem => ({
  groupTitle: GROUPS.find((g) => g.id === s.groupId)!.title,
  stage: GROUPS.find((g) => g.id === s.groupId)!.stage,
  kind: 'PRIMARY',
  priceCents: 24900,
  normalPriceCents: null,
  durationMinutes: 90,
  workKind: 'HUOLTO',
  validFrom: null,
  validTo: null,
  active: true,
  sort: 1,
  ...s,
});

const SERVICES: ServiceListItem[] = [
  item({ code: 'HUOLTO_60', name: 'Määräaikaishuolto 60 000 km', groupId: 'huollot', priceCents: 124990, sort: 2 }),
  item({ code: 'OLJY', name: 'Öljynvaihto', groupId: 'huollot', priceCents: 8900, durationMinutes: 45, sort: 1, validFrom: '2026-03-02', validTo: '2026-05-31' }),
  item({ code: 'VAIHTO', name: 'Renkaanvaihto', groupId: 'renkaat', priceCents: 4900, durationMinutes: 30, workKind: 'RENKAAT', active: false }),
];

const OLJY: ServiceDetails = {
  code: 'OLJY',
  groupId: 'huollot',
  groupTitle: 'Määräaikaishuollot',
  stage: 'DEFAULT',
  kind: 'PRIMARY',
  name: 'Öljynvaihto',
  infoHtml: '',
  priceCents: 8900,
  normalPriceCents: null,
  durationMinutes: 45,
  workKind: 'HUOLTO',
  vehicleClass: null,
  makeId: null,
  minKm: null,
  maxKm: null,
  serviceCode: null,
  includes: [],
  extras: [],
  imageIds: ['kuva-1'],
  validFrom: '2026-03-02',
  validTo: '2026-05-31',
  operations: [{ description: 'Vaihda öljy', spareParts: ['Öljy 5W-30', 'Öljynsuodatin'] }],
  active: true,
  sort: 1,
};

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

const catalogue = (extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /staff/catalogue/groups': () => json(GROUPS),
    'GET /staff/catalogue/services': () => json(SERVICES),
    'GET /staff/work-kinds': () => json(WORK_KINDS),
    'GET /vehicle-makes': () => json(MAKES),
    ...extra,
  });

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<ServicesPage>', () => {
  it('lists the groups of each stage in order, each with its services: price, duration, work, validity and state', async () => {
    catalogue();
    renderPage(<ServicesPage />, { path: '/hallinta/palvelut' });
    expect(screen.getByRole('heading', { level: 1, name: 'Palvelut' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Uusi palvelu' }).getAttribute('href')).toBe('/hallinta/palvelut/uusi');
    const huolto = await screen.findByRole('region', { name: 'Huolto' });
    expect(within(huolto).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Määräaikaishuollot', 'Huollon lisätyöt']);
    const group = within(huolto).getByRole('region', { name: 'Määräaikaishuollot' });
    expect(within(group).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Öljynvaihto', '89\u00a0€', '45 min', 'Huolto', 'ma 2.3.2026–su 31.5.2026', 'Käytössä'],
      ['Määräaikaishuolto 60 000 km', '1\u00a0250\u00a0€', '1 h 30 min', 'Huolto', 'Toistaiseksi', 'Käytössä'],
    ]);
    expect(within(group).getByRole('link', { name: 'Öljynvaihto' }).getAttribute('href')).toBe('/hallinta/palvelut/OLJY');
    expect(within(huolto).getByRole('region', { name: 'Huollon lisätyöt' }).textContent).toContain('Ryhmässä ei ole palveluita.');
    expect(within(screen.getByRole('region', { name: 'Kampanjapalvelut' })).getByText('Tässä vaiheessa ei ole ryhmiä.')).toBeTruthy();
    const tires = screen.getByRole('region', { name: 'Renkaanvaihto ja rengashotelli' });
    expect(within(tires).getAllByRole('row').slice(1).map(cells)).toEqual([['Renkaanvaihto', '49\u00a0€', '30 min', 'Renkaanvaihto', 'Toistaiseksi', 'Ei käytössä']]);
  });

  it('moves a group down (the stage order is saved) and adds a group', async () => {
    const api = catalogue({
      'PUT /staff/catalogue/groups/order': () => json({}),
      'POST /staff/catalogue/groups': (b) => json({ ...(b as object), id: 'uusi', sort: 3, serviceCount: 0 }),
    });
    renderPage(<ServicesPage />, { path: '/hallinta/palvelut' });
    expect(((await screen.findByRole('button', { name: 'Siirrä ylös: Määräaikaishuollot' })) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Siirrä alas: Määräaikaishuollot' }));
    await waitFor(() => expect(api.bodies('PUT /staff/catalogue/groups/order')).toEqual([{ stage: 'DEFAULT', groupIds: ['lisat', 'huollot'] }]));

    fireEvent.click(screen.getByRole('button', { name: 'Lisää ryhmä' }));
    expect(await screen.findByText('Pakollinen tieto')).toBeTruthy();
    expect(api.called('POST /staff/catalogue/groups')).toBe(false);
    type(/Ryhmän nimi/, 'Kesärenkaat');
    fireEvent.change(screen.getByLabelText('Vaihe'), { target: { value: 'TIRE_SERVICES' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lisää ryhmä' }));
    await waitFor(() => expect(api.bodies('POST /staff/catalogue/groups')).toEqual([{ title: 'Kesärenkaat', stage: 'TIRE_SERVICES', kind: 'PRIMARY' }]));
  });

  it('an empty catalogue says how to begin', async () => {
    catalogue({ 'GET /staff/catalogue/groups': () => json([]), 'GET /staff/catalogue/services': () => json([]) });
    renderPage(<ServicesPage />, { path: '/hallinta/palvelut' });
    expect(await screen.findByRole('heading', { name: 'Ei vielä palveluita' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tuonti ja vienti' }).getAttribute('href')).toBe('/hallinta/tuonti');
  });

  it("a new company's windshield products show in a section of their own, inactive, beside the empty catalogue", async () => {
    const windshield = (code: string, name: string, sort: number): ServiceListItem => ({
      ...SERVICES[0]!,
      code,
      name,
      groupId: 'windshield',
      groupTitle: 'Tuulilasipalvelut',
      kind: 'WINDSHIELD',
      priceCents: 0,
      durationMinutes: 30,
      workKind: null,
      active: false,
      sort,
    });
    catalogue({
      'GET /staff/catalogue/groups': () => json([]),
      'GET /staff/catalogue/services': () => json([windshield('windshieldRepair', 'Kiveniskemän korjaus', 2), windshield('windshieldChange', 'Tuulilasin vaihto', 1)]),
    });
    renderPage(<ServicesPage />, { path: '/hallinta/palvelut' });
    expect(await screen.findByRole('heading', { name: 'Ei vielä palveluita' })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Tuulilasipalvelut' });
    expect(within(section).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['Tuulilasin vaihto', '0\u00a0€', '30 min', 'Kaikki', 'Toistaiseksi', 'Ei käytössä'],
      ['Kiveniskemän korjaus', '0\u00a0€', '30 min', 'Kaikki', 'Toistaiseksi', 'Ei käytössä'],
    ]);
    expect(within(section).getByRole('link', { name: 'Tuulilasin vaihto' }).getAttribute('href')).toBe('/hallinta/palvelut/windshieldChange');
  });

  it('an office user reads the list without the admin buttons', async () => {
    catalogue();
    renderPage(<ServicesPage />, { path: '/hallinta/palvelut', me: OFFICE_USER });
    expect(await screen.findByRole('link', { name: 'Öljynvaihto' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Uusi palvelu' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Siirrä alas/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Lisää ryhmä' })).toBeNull();
  });
});

describe('<NewServicePage>', () => {
  it('stops in Finnish what the domain refuses, shows the server’s refusal at its field, then posts the prices in cents', async () => {
    const api = catalogue({
      'POST /staff/catalogue/services': [() => refusedField('code', 'Tunnus on jo käytössä'), (b) => json({ ...OLJY, ...(b as object) })],
    });
    renderPage(<NewServicePage />, { path: '/hallinta/palvelut/uusi' });
    expect(screen.getByRole('heading', { level: 1, name: 'Uusi palvelu' })).toBeTruthy();
    await screen.findByLabelText(/^Hinta \(€/);
    type(/^Hinta \(€/, '12,345');
    type(/Mittarilukema alkaen/, '90000');
    type(/Mittarilukema enintään/, '60000');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää palvelu' }));
    // The typed fields first (as the office form), then the domain's body.
    expect(await screen.findByText('Hinta euroina, esimerkiksi 249,00')).toBeTruthy();
    expect(screen.getByLabelText(/^Hinta \(€/).getAttribute('aria-invalid')).toBe('true');
    type(/^Hinta \(€/, '249,90');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää palvelu' }));
    expect(await screen.findByText('Yläraja on pienempi kuin alaraja')).toBeTruthy();
    expect(screen.getByLabelText(/^Ryhmä/).getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(screen.getByLabelText(/^Ryhmä/).getAttribute('aria-describedby')!)!.textContent).toBe('Valitse ryhmä');
    expect(screen.getByLabelText(/^Nimi/).getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /staff/catalogue/services')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Ryhmä/), { target: { value: 'huollot' } });
    type(/^Tunnus/, 'HUOLTO_90');
    type(/^Nimi/, 'Määräaikaishuolto 90 000 km');
    type(/^Hinta \(€/, '249,90');
    type(/Normaalihinta/, '1 289');
    type(/Kesto/, '120');
    fireEvent.change(screen.getByLabelText('Työlaji'), { target: { value: 'HUOLTO' } });
    fireEvent.change(screen.getByLabelText(/Automerkki/), { target: { value: '2' } });
    type(/Mittarilukema enintään/, '120000');
    type('Voimassa asti', '2026-12-31');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää työvaihe' }));
    type(/^Työvaihe 1/, 'Vaihda öljy ja suodatin');
    type(/Työvaiheen 1 varaosat/, 'Öljy 5W-30\n\nÖljynsuodatin\n');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää työvaihe' }));
    type(/^Työvaihe 2/, 'Tarkasta jarrut');
    fireEvent.click(screen.getByRole('button', { name: 'Siirrä työvaihe 2 ylös' }));
    const includes = screen.getByRole('group', { name: /Sisältää palvelut/ });
    fireEvent.click(within(includes).getByLabelText('Öljynvaihto (Määräaikaishuollot)'));
    fireEvent.click(screen.getByRole('button', { name: 'Lisää palvelu' }));

    expect(await screen.findByText('Tunnus on jo käytössä')).toBeTruthy();
    expect(screen.getByLabelText(/^Tunnus/).getAttribute('aria-invalid')).toBe('true');
    type(/^Tunnus/, 'HUOLTO_120');
    fireEvent.click(screen.getByRole('button', { name: 'Lisää palvelu' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/palvelut'));
    expect(api.bodies('POST /staff/catalogue/services')[1]).toEqual({
      code: 'HUOLTO_120',
      groupId: 'huollot',
      name: 'Määräaikaishuolto 90 000 km',
      infoHtml: '',
      priceCents: 24990,
      normalPriceCents: 128900,
      durationMinutes: 120,
      workKind: 'HUOLTO',
      vehicleClass: null,
      makeId: 2,
      minKm: 90000,
      maxKm: 120000,
      serviceCode: null,
      includes: ['OLJY'],
      extras: [],
      imageIds: [],
      validFrom: null,
      validTo: '2026-12-31',
      operations: [
        { description: 'Tarkasta jarrut', spareParts: [] },
        { description: 'Vaihda öljy ja suodatin', spareParts: ['Öljy 5W-30', 'Öljynsuodatin'] },
      ],
      active: true,
    });
  });

  it('an office user is told only an admin adds services', () => {
    catalogue();
    renderPage(<NewServicePage />, { path: '/hallinta/palvelut/uusi', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi lisätä palveluita.')).toBeTruthy();
  });
});

describe('<ServicePage>', () => {
  it('edits a service: its prices shown in euros, a 400 on the price at its field, the saved body without the code', async () => {
    const api = catalogue({
      'GET /staff/catalogue/services/OLJY': () => json(OLJY),
      'PUT /staff/catalogue/services/OLJY': [() => refusedField('priceCents', 'Hinta 0–100 000 €'), (b) => json({ ...OLJY, ...(b as object) })],
    });
    renderPage(<ServicePage />, { path: '/hallinta/palvelut/OLJY', pattern: '/hallinta/palvelut/:code' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Palvelu: Öljynvaihto' })).toBeTruthy();
    const price = (await screen.findByLabelText(/^Hinta \(€/)) as HTMLInputElement;
    expect(price.value).toBe('89,00');
    expect((screen.getByLabelText(/Työvaiheen 1 varaosat/) as HTMLTextAreaElement).value).toBe('Öljy 5W-30\nÖljynsuodatin');
    expect(screen.getByRole('img', { name: 'Kuva 1' }).getAttribute('src')).toContain('/media?id=kuva-1');
    type(/^Hinta \(€/, '99,5');
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna palvelu' }));
    expect(await screen.findByText('Hinta 0–100 000 €')).toBeTruthy();
    expect(screen.getByLabelText(/^Hinta \(€/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Poista kuva 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna palvelu' }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/hallinta/palvelut'));
    const body = api.bodies('PUT /staff/catalogue/services/OLJY')[1] as Record<string, unknown>;
    expect(body).not.toHaveProperty('code');
    expect(body).toMatchObject({ priceCents: 9950, imageIds: [], validFrom: '2026-03-02', operations: OLJY.operations });
  });

  it("edits a windshield product: its group fixed and no package, code or extras; the saved body keeps its group", async () => {
    const CHANGE: ServiceDetails = { ...OLJY, code: 'windshieldChange', groupId: 'windshield', groupTitle: 'Tuulilasipalvelut', kind: 'WINDSHIELD', name: 'Tuulilasin vaihto', priceCents: 0, imageIds: [], operations: [], validFrom: null, validTo: null, workKind: null, active: false };
    const api = catalogue({
      'GET /staff/catalogue/services/windshieldChange': () => json(CHANGE),
      'PUT /staff/catalogue/services/windshieldChange': (b) => json({ ...CHANGE, ...(b as object) }),
    });
    renderPage(<ServicePage />, { path: '/hallinta/palvelut/windshieldChange', pattern: '/hallinta/palvelut/:code' });
    expect(await screen.findByText(/Tuulilasipalvelut – tuulilasipalvelun tuote/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Ryhmä/ })).toBeNull();
    expect(screen.queryByLabelText('Automerkki')).toBeNull();
    expect(screen.queryByLabelText('Huoltokoodi')).toBeNull();
    expect(screen.queryByRole('group', { name: /Sisältää palvelut/ })).toBeNull();
    type(/^Hinta \(€/, '419');
    fireEvent.click(screen.getByLabelText(/^Käytössä/));
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna palvelu' }));
    await waitFor(() => expect(api.bodies('PUT /staff/catalogue/services/windshieldChange')).toHaveLength(1));
    expect(api.bodies('PUT /staff/catalogue/services/windshieldChange')[0]).toMatchObject({ groupId: 'windshield', priceCents: 41900, active: true, includes: [], extras: [] });
  });

  it('uploads a picture as it is and keeps its id', async () => {
    const api = catalogue({
      'GET /staff/catalogue/services/OLJY': () => json(OLJY),
      'POST /staff/catalogue/images': () => json({ imageId: 'kuva-2' }),
    });
    renderPage(<ServicePage />, { path: '/hallinta/palvelut/OLJY', pattern: '/hallinta/palvelut/:code' });
    const input = await screen.findByLabelText('Lisää kuvia');
    const big = new File([new Uint8Array(600_000)], 'iso.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('iso.png: kuva on yli 500 kt')).toBeTruthy();
    const file = new File([new Uint8Array(10)], 'auto.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('img', { name: 'Kuva 2' })).toBeTruthy();
    expect(api.bodies('POST /staff/catalogue/images')).toEqual([file]);
  });

  it('an office user reads the service', async () => {
    catalogue({ 'GET /staff/catalogue/services/OLJY': () => json(OLJY) });
    renderPage(<ServicePage />, { path: '/hallinta/palvelut/OLJY', pattern: '/hallinta/palvelut/:code', me: OFFICE_USER });
    expect((await screen.findByText('Hinta')).nextElementSibling!.textContent).toBe('89\u00a0€');
    expect(screen.getByText('Vaihda öljy')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tallenna palvelu' })).toBeNull();
  });
});

describe('<ServicePreviewPage>', () => {
  const PREVIEW: CataloguePreview = {
    vehicle: { registerNumber: 'ABC-123', make: 'Toyota', model: 'Corolla', found: true },
    groups: [
      {
        title: 'Määräaikaishuollot',
        stage: 'DEFAULT',
        kind: 'PRIMARY',
        services: [{ code: 'HUOLTO_60', name: 'Määräaikaishuolto 60 000 km', priceCents: 24900, normalPriceCents: 28900, durationMinutes: 90 }],
      },
    ],
  };

  it('shows the services step for a plate, an office and a mileage', async () => {
    const api = stubApi({ 'GET /staff/catalogue/preview': () => json(PREVIEW) });
    renderPage(<ServicePreviewPage />, { path: '/hallinta/palvelut/esikatselu' });
    fireEvent.click(screen.getByRole('button', { name: 'Näytä esikatselu' }));
    expect(await screen.findByText('Tarkista rekisterinumero (esim. ABC-123)')).toBeTruthy();
    expect(document.getElementById(screen.getByLabelText(/^Toimipiste/).getAttribute('aria-describedby')!)!.textContent).toBe('Valitse toimipiste');
    expect(api.called('GET /staff/catalogue/preview')).toBe(false);
    type(/Rekisterinumero/, 'abc-123');
    fireEvent.change(screen.getByLabelText(/^Toimipiste/), { target: { value: '2' } });
    type(/Mittarilukema/, '60000');
    fireEvent.click(screen.getByRole('button', { name: 'Näytä esikatselu' }));
    const result = await screen.findByRole('region', { name: 'Asiakkaan näkymä: ABC-123' });
    expect(within(result).getByText('Toyota Corolla')).toBeTruthy();
    expect(within(result).getByRole('heading', { name: 'Määräaikaishuollot' })).toBeTruthy();
    expect(within(result).getByRole('listitem').textContent).toBe('Määräaikaishuolto 60 000 km · 1 h 30 minNormaalihinta 289\u00a0€249\u00a0€');
    const url = String((api.fetchMock.mock.calls as unknown as [string][]).find(([u]) => u.includes('/catalogue/preview'))![0]);
    expect(url).toContain('registerNumber=ABC-123');
    expect(url).toContain('officeId=2');
    expect(url).toContain('kilometers=60000');
  });
});
