import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RESOURCE_HAS_BOOKINGS_MESSAGE, type FutureBooking, type StaffMe } from '@huolto/domain';
import { KONALA, MAKES, OFFICE_USER, RESOURCES, WORK_KINDS, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { OfficePage } from './office.tsx';

const BOOKINGS: FutureBooking[] = [
  { id: 501, start: '2026-12-01T08:00:00', registerNumber: 'ABC-123', resourceId: 11 },
  { id: 502, start: '2026-12-03T13:30:00', registerNumber: 'XYZ-9', resourceId: 11 },
];

type Routes = Parameters<typeof stubApi>[0];

function stubOffice(more: Routes = {}) {
  return stubApi({
    'GET /staff/offices/1/details': () => json(KONALA),
    'GET /staff/offices/1/resources': () => json(RESOURCES),
    'GET /staff/offices/1/info-texts': () => json([]),
    'GET /staff/work-kinds': () => json(WORK_KINDS),
    'GET /vehicle-makes': () => json(MAKES),
    ...more,
  });
}

function renderOffice(me?: StaffMe, officeId = 1, state?: unknown) {
  renderPage(<OfficePage />, { path: `/hallinta/toimipisteet/${officeId}`, pattern: '/hallinta/toimipisteet/:officeId', me, state });
}

const resourcesCard = () => screen.getByRole('region', { name: 'Nostimet ja mekaanikot' });
const resourceNames = () => within(within(resourcesCard()).getByRole('list')).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<OfficePage> details', () => {
  it("shows the office's details and saves every field of the body", async () => {
    const api = stubOffice({ 'PUT /staff/offices/1/details': (b) => json({ ...KONALA, ...(b as object) }) });
    renderOffice();
    expect(await screen.findByRole('heading', { level: 1, name: 'Toimipiste: Laakkonen Helsinki Konala' })).toBeTruthy();
    expect((screen.getByLabelText(/^Tunnus/) as HTMLInputElement).value).toBe('KONALA');
    expect((screen.getByLabelText('Leveysaste') as HTMLInputElement).value).toBe('60,2383');
    const services = screen.getByRole('region', { name: 'Palvelut' });
    expect((within(services).getByLabelText('Huolto') as HTMLInputElement).checked).toBe(true);
    expect((within(services).getByLabelText('Rengasmyynti') as HTMLInputElement).checked).toBe(false);
    expect(((await screen.findByLabelText('Volkswagen')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Valittu: Volkswagen')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aukioloajat, poikkeukset ja poissaolot' }).getAttribute('href')).toBe('/hallinta/kapasiteetti/1');

    fireEvent.change(screen.getByLabelText(/Toimipisteen nimi/), { target: { value: 'Laakkonen Konala' } });
    fireEvent.click(screen.getByLabelText('Näytä rahoituslaskuri'));
    fireEvent.click(screen.getByLabelText('Asiakas voi valita mekaanikon'));
    fireEvent.change(screen.getByLabelText('Leveysaste'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Pituusaste'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tallenna tiedot' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Toimipisteen tiedot tallennettu'));
    const { id: _id, openingTime: _o, closingTime: _c, active: _a, ...body } = KONALA;
    expect(api.bodies('PUT /staff/offices/1/details')).toEqual([
      { ...body, name: 'Laakkonen Konala', showLoanCalculator: false, customerSelectsResource: true, latitude: null, longitude: null },
    ]);
  });

  it("shows a 400's Finnish message at the field it names", async () => {
    stubOffice({ 'PUT /staff/offices/1/details': () => refusedField('postCode', 'Tarkista postinumero') });
    renderOffice();
    fireEvent.click(await screen.findByRole('button', { name: 'Tallenna tiedot' }));
    expect(await screen.findByText('Tarkista postinumero')).toBeTruthy();
    expect(screen.getByLabelText(/Postinumero/).getAttribute('aria-describedby')).toMatch(/postCode-error/);
  });
});

describe('<OfficePage> a new office', () => {
  const NEW_RESOURCE = { id: 21, name: 'Nostin 1', displayName: null, selectable: false, active: true, sort: 1, workKinds: ['HUOLTO', 'RENKAAT'] };

  it("links 'Lisää seuraavaksi' to the resources, shown before the details, focuses them, and drops the link once a resource is active", async () => {
    let resources: unknown[] = [];
    stubOffice({
      'GET /staff/offices/1/resources': () => json(resources),
      'POST /staff/offices/1/resources': () => {
        resources = [NEW_RESOURCE];
        return json(NEW_RESOURCE);
      },
    });
    renderOffice(undefined, 1, { created: true });
    const link = await screen.findByRole('link', { name: 'Lisää seuraavaksi sen nostimet ja mekaanikot' });
    expect(link.getAttribute('href')).toBe('#office-resources');
    expect(resourcesCard().id).toBe('office-resources');
    // Without resources the card comes before the long details form.
    const detailsForm = screen.getByRole('button', { name: 'Tallenna tiedot' });
    expect(resourcesCard().compareDocumentPosition(detailsForm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(link);
    expect(document.activeElement).toBe(resourcesCard());

    const form = within(resourcesCard()).getByRole('form', { name: 'Lisää resurssi' });
    fireEvent.change(within(form).getByLabelText(/Resurssin nimi/), { target: { value: 'Nostin 1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää resurssi' }));
    await waitFor(() => expect(resourceNames()).toEqual(['Nostin 1']));
    expect(screen.queryByRole('link', { name: /Lisää seuraavaksi/ })).toBeNull();
    expect(screen.getByText('Toimipiste lisätty.')).toBeTruthy();
    // The card stays where it was (and the focus in its form).
    expect(resourcesCard().compareDocumentPosition(detailsForm) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an office with resources shows its details first and no link; one with only inactive resources is told so', async () => {
    stubOffice();
    renderOffice();
    await waitFor(() => expect(resourceNames()).toHaveLength(3));
    expect(screen.queryByRole('link', { name: /nostimet ja mekaanikot/ })).toBeNull();
    const detailsForm = screen.getByRole('button', { name: 'Tallenna tiedot' });
    expect(resourcesCard().compareDocumentPosition(detailsForm) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    cleanup();

    stubOffice({ 'GET /staff/offices/1/resources': () => json(RESOURCES.map((r) => ({ ...r, active: false }))) });
    renderOffice();
    const link = await screen.findByRole('link', { name: 'Lisää nostimet ja mekaanikot' });
    expect(link.closest('p')!.textContent).toContain('Toimipisteellä ei ole käytössä olevia nostimia eikä mekaanikkoja.');
  });
});

describe('<OfficePage> form layout', () => {
  it("the groups' legends have no padding of their own, so they line up with the other labels", async () => {
    const style = document.createElement('style');
    // The page's own stylesheet (the test run does not load CSS imports).
    style.textContent = readFileSync(join(import.meta.dirname, '../../../features/staff/components/offices/offices.css'), 'utf8');
    document.head.appendChild(style);
    try {
      stubOffice();
      renderOffice();
      for (const name of ['Varattavat palvelut', 'Merkkiedustukset', 'Sijainti (vapaaehtoinen)']) {
        const legend = (await screen.findByText(name, { selector: 'legend' })) as HTMLElement;
        expect(getComputedStyle(legend).paddingLeft, name).toBe('0px');
      }
    } finally {
      style.remove();
    }
  });
});

describe('<OfficePage> resources', () => {
  it("a resource's row: its name and facts, then one row of buttons (↑ ↓ Muokkaa ⋯); taking it out of use is behind ⋯", async () => {
    stubOffice();
    renderOffice();
    await waitFor(() => expect(resourceNames()).toHaveLength(3));
    const row = within(resourcesCard()).getAllByRole('listitem')[0]!;
    const [text, actions] = Array.from(row.children) as HTMLElement[];
    expect(within(text!).getByRole('heading', { name: 'Nosturi 1' })).toBeTruthy();
    expect(within(actions!).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Siirrä ylöspäin: Nosturi 1',
      'Siirrä alaspäin: Nosturi 1',
      'Muokkaa: Nosturi 1',
      'Muut toiminnot: Nosturi 1',
    ]);
    expect(within(row).queryByRole('button', { name: 'Poista käytöstä: Nosturi 1' })).toBeNull();

    const more = within(row).getByRole('button', { name: 'Muut toiminnot: Nosturi 1' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(within(row).getByRole('button', { name: 'Poista käytöstä: Nosturi 1' })).toBeTruthy();
    fireEvent.keyDown(within(row).getByRole('button', { name: 'Poista käytöstä: Nosturi 1' }), { key: 'Escape' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(more);
    expect(within(row).queryByRole('button', { name: 'Poista käytöstä: Nosturi 1' })).toBeNull();

    const inactive = within(resourcesCard()).getAllByRole('listitem')[2]!;
    fireEvent.click(within(inactive).getByRole('button', { name: 'Muut toiminnot: Rengaspaikka' }));
    expect(within(inactive).getByRole('button', { name: 'Ota käyttöön: Rengaspaikka' })).toBeTruthy();
  });


  it('lists the resources in order with their kinds of work; moving one up sends the new order and shows it at once', async () => {
    let release: () => void = () => undefined;
    const api = stubOffice({
      'PUT /staff/offices/1/resources/order': () => new Promise<Response>((resolve) => (release = () => resolve(json({})))),
    });
    renderOffice();
    await waitFor(() => expect(resourceNames()).toEqual(['Nosturi 1', 'Nosturi 2', 'Rengaspaikka (ei käytössä)']));
    expect(within(resourcesCard()).getByText('Työlajit: Huolto, Renkaanvaihto')).toBeTruthy();
    expect(within(resourcesCard()).getByRole('button', { name: 'Siirrä ylöspäin: Nosturi 1' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(resourcesCard()).getByRole('button', { name: 'Siirrä ylöspäin: Nosturi 2' }));
    await waitFor(() => expect(resourceNames()).toEqual(['Nosturi 2', 'Nosturi 1', 'Rengaspaikka (ei käytössä)']));
    expect(api.bodies('PUT /staff/offices/1/resources/order')).toEqual([{ resourceIds: [12, 11, 13] }]);
    release();
  });

  it('a new resource starts with every active kind of work ticked, and is sent with its details', async () => {
    const api = stubOffice({ 'POST /staff/offices/1/resources': (b) => json({ ...(b as object), id: 14, active: true, sort: 4 }) });
    renderOffice();
    const form = await screen.findByRole('form', { name: 'Lisää resurssi' });
    expect((within(form).getByLabelText('Huolto') as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByLabelText('Renkaanvaihto') as HTMLInputElement).checked).toBe(true);
    expect(within(form).queryByLabelText(/Tuulilasi/)).toBeNull();
    fireEvent.change(within(form).getByLabelText(/Resurssin nimi/), { target: { value: 'Nosturi 3' } });
    fireEvent.change(within(form).getByLabelText(/Nimi asiakkaille/), { target: { value: 'Mekaanikko Maija' } });
    fireEvent.click(within(form).getByLabelText('Asiakas voi valita tämän resurssin'));
    fireEvent.click(within(form).getByLabelText('Renkaanvaihto'));
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää resurssi' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Resurssi lisätty: Nosturi 3'));
    expect(api.bodies('POST /staff/offices/1/resources')).toEqual([
      { name: 'Nosturi 3', displayName: 'Mekaanikko Maija', selectable: true, workKinds: ['HUOLTO'] },
    ]);
  });

  it('a resource is edited in a dialog and saved as it is active', async () => {
    const api = stubOffice({ 'PUT /staff/offices/1/resources/12': (b) => json({ ...RESOURCES[1], ...(b as object) }) });
    renderOffice();
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Nosturi 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Muokkaa: Nosturi 2' });
    expect((within(dialog).getByLabelText(/Nimi asiakkaille/) as HTMLInputElement).value).toBe('Mekaanikko Mikko');
    fireEvent.change(within(dialog).getByLabelText(/Nimi asiakkaille/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByLabelText('Huolto'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies('PUT /staff/offices/1/resources/12')).toEqual([
      { name: 'Nosturi 2', displayName: null, selectable: true, workKinds: ['RENKAAT'], active: true },
    ]);
  });

  it('a resource with bookings to come is not deactivated: the Finnish message and the bookings, each linked to be moved', async () => {
    const api = stubOffice({
      'PUT /staff/offices/1/resources/11': () =>
        json({ error: 'RESOURCE_HAS_BOOKINGS', responseCode: 'RESOURCE_HAS_BOOKINGS', message: RESOURCE_HAS_BOOKINGS_MESSAGE, bookings: BOOKINGS }, 409),
    });
    renderOffice();
    fireEvent.click(await screen.findByRole('button', { name: 'Muut toiminnot: Nosturi 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Poista käytöstä: Nosturi 1' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Nosturi 1: ${RESOURCE_HAS_BOOKINGS_MESSAGE}`);
    const links = within(alert).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['ti 1.12.2026 8.00 ABC-123', '/hallinta/varaus/501'],
      ['to 3.12.2026 13.30 XYZ-9', '/hallinta/varaus/502'],
    ]);
    expect(alert.textContent).toContain('– Nosturi 1');
    expect(api.bodies('PUT /staff/offices/1/resources/11')).toEqual([
      { name: 'Nosturi 1', displayName: null, selectable: false, workKinds: ['HUOLTO'], active: false },
    ]);
  });
});

describe('<OfficePage> activity and who sees what', () => {
  it('an admin deactivates the office after confirming, and then sees its bookings to come', async () => {
    const api = stubOffice({
      'POST /staff/offices/1/deactivate': () => json({ office: { ...KONALA, active: false }, futureBookings: BOOKINGS }),
    });
    renderOffice();
    const card = await screen.findByRole('region', { name: 'Toimipisteen tila' });
    fireEvent.click(within(card).getByRole('button', { name: 'Poista toimipiste käytöstä' }));
    const dialog = screen.getByRole('dialog', { name: 'Poistetaanko Laakkonen Helsinki Konala käytöstä?' });
    // Not now: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Peruuta' }));
    expect(api.called('POST /staff/offices/1/deactivate')).toBe(false);

    fireEvent.click(within(card).getByRole('button', { name: 'Poista toimipiste käytöstä' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: /Poistetaanko/ })).getByRole('button', { name: 'Poista käytöstä' }));
    await within(card).findByRole('heading', { name: 'Tulevat varaukset' });
    expect(within(card).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/hallinta/varaus/501', '/hallinta/varaus/502']);
    expect(within(card).getByRole('button', { name: 'Ota toimipiste käyttöön' })).toBeTruthy();
    expect(api.bodies('POST /staff/offices/1/deactivate')).toHaveLength(1);
  });

  it("the office's own user edits its details, resources and notices to customers but does not deactivate it", async () => {
    stubOffice();
    renderOffice(OFFICE_USER);
    expect(await screen.findByRole('button', { name: 'Tallenna tiedot' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Nostimet ja mekaanikot' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Tiedotteet asiakkaille' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Toimipisteen tila' })).toBeNull();
    expect(screen.queryByRole('link', { name: '← Toimipisteet' })).toBeNull();
  });

  it("another office's user is told they have no right to it, and nothing is asked for", async () => {
    const api = stubApi({ 'GET /staff/offices/2/details': () => json({ ...KONALA, id: 2 }) });
    renderOffice(OFFICE_USER, 2);
    expect(screen.getByText('Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/offices/2/details')).toBe(false);
    expect(api.called('GET /staff/offices/2/info-texts')).toBe(false);
  });
});
