import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CompanyDetails } from '@huolto/domain';
import { OFFICE_USER, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { CompanyPage } from './company.tsx';

const COMPANY: CompanyDetails = {
  name: 'Laakkonen',
  bookingPhone: '010 525 4000',
  frontPageUrl: 'https://www.laakkonen.example',
  damageInspectionUrl: '',
  phoneBookingUrl: '',
  privacyUrl: 'https://www.laakkonen.example/tietosuoja',
  mailSenderName: 'Laakkonen ajanvaraus',
  serviceBreak: null,
  businessId: '1234567-8',
  address: 'Tuupakantie 3, 01740 Vantaa',
  email: 'asiakaspalvelu@laakkonen.example',
  tagManagerId: '',
  loyalty: false,
  loyaltyName: 'OmaLaakkonen',
};

const field = (label: string | RegExp) => screen.getByLabelText(label);
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Tallenna' }));

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<CompanyPage>', () => {
  it('shows the details read and saves them all, without a service break', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY), 'PUT /staff/company': (b) => json(b) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    expect(screen.getByRole('heading', { level: 1, name: 'Yrityksen tiedot' })).toBeTruthy();
    await waitFor(() => expect((field(/Yrityksen nimi/) as HTMLInputElement).value).toBe('Laakkonen'));
    expect((field('Tietosuojaseloste') as HTMLInputElement).value).toBe('https://www.laakkonen.example/tietosuoja');
    expect((field('Ilmoita huoltokatkosta asiakkaille') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('Alkaa (päivä)')).toBeNull();

    type('Puhelinvarauksen sivu', 'https://www.laakkonen.example/soita');
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Yrityksen tiedot tallennettu'));
    expect(api.bodies('PUT /staff/company')).toEqual([{ ...COMPANY, phoneBookingUrl: 'https://www.laakkonen.example/soita' }]);
  });

  it("reads the site's settings again after saving, so the header names the company by its new name", async () => {
    const HeaderName = () => <p data-testid="header-name">{useSettings().data?.companyName}</p>;
    stubApi({
      'GET /staff/company': () => json(COMPANY),
      'PUT /staff/company': (b) => json(b),
      'GET /settings': [() => json({ companyName: 'Laakkonen' }), () => json({ companyName: 'Testiketju' })],
    });
    renderPage(
      <>
        <HeaderName />
        <CompanyPage />
      </>,
      { path: '/hallinta/yritys' },
    );
    await waitFor(() => expect(screen.getByTestId('header-name').textContent).toBe('Laakkonen'));
    await waitFor(() => expect((field(/Yrityksen nimi/) as HTMLInputElement).value).toBe('Laakkonen'));
    type(/Yrityksen nimi/, 'Testiketju');
    save();
    await waitFor(() => expect(screen.getByTestId('header-name').textContent).toBe('Testiketju'));
  });

  it('sends a ticked service break as its start, end and message', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY), 'PUT /staff/company': (b) => json(b) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    fireEvent.click(await screen.findByLabelText('Ilmoita huoltokatkosta asiakkaille'));
    type('Alkaa (päivä)', '2026-12-20');
    type('Alkaa (kello)', '18:00');
    type('Päättyy (päivä)', '2026-12-21');
    type('Päättyy (kello)', '06:00');
    type(/Ilmoitus asiakkaille/, 'Ajanvaraus on huoltokatkon vuoksi poissa käytöstä.');
    save();
    await waitFor(() => expect(api.bodies('PUT /staff/company')).toHaveLength(1));
    expect(api.bodies('PUT /staff/company')[0]).toMatchObject({
      serviceBreak: { start: '2026-12-20T18:00:00', end: '2026-12-21T06:00:00', message: 'Ajanvaraus on huoltokatkon vuoksi poissa käytöstä.' },
    });
  });

  it('an address that is not one, or a break that ends before it starts, is stopped at its field in Finnish before sending', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await screen.findByDisplayValue('Laakkonen');
    type('Yrityksen etusivu', 'www.laakkonen.example');
    fireEvent.click(field('Ilmoita huoltokatkosta asiakkaille'));
    type('Alkaa (päivä)', '2026-12-21');
    type('Päättyy (päivä)', '2026-12-20');
    type(/Ilmoitus asiakkaille/, 'Katko');
    save();
    expect(await screen.findByText('Anna osoite muodossa https://…')).toBeTruthy();
    expect(field('Yrityksen etusivu').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Loppu ennen alkua')).toBeTruthy();
    expect(field('Päättyy (päivä)').getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(api.called('PUT /staff/company')).toBe(false);
  });

  it("shows a 400's message at the field the server names", async () => {
    stubApi({
      'GET /staff/company': () => json(COMPANY),
      'PUT /staff/company': () => refusedField('mailSenderName', 'Nimessä ei voi olla merkkejä < > " \\ @ , ;'),
    });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await screen.findByDisplayValue('Laakkonen');
    save();
    expect(await screen.findByText('Nimessä ei voi olla merkkejä < > " \\ @ , ;')).toBeTruthy();
    expect(field(/Sähköpostien lähettäjän nimi/).getAttribute('aria-invalid')).toBe('true');
  });

  it('sends the business ID, address, privacy e-mail and tag manager ID as typed (the ID upper-cased)', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY), 'PUT /staff/company': (b) => json(b) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await waitFor(() => expect((field('Y-tunnus') as HTMLInputElement).value).toBe('1234567-8'));
    expect((field('Osoite') as HTMLInputElement).value).toBe('Tuupakantie 3, 01740 Vantaa');
    expect((field('Sähköposti tietosuoja- ja saavutettavuuspalautteelle') as HTMLInputElement).value).toBe('asiakaspalvelu@laakkonen.example');
    expect(field('Google Tag Manager -tunnus').getAttribute('aria-describedby')).toMatch(/-hint$/);
    expect(screen.getByText(/asiakkailta kysytään suostumus/).textContent).toMatch(/Ilman tunnusta analytiikkaa ei ladata/);
    expect(screen.getByText(/tietosuojapyynnöt ja saavutettavuuspalaute/)).toBeTruthy();

    type('Y-tunnus', '7654321-0');
    type('Osoite', 'Ristipellontie 14, 00390 Helsinki');
    type('Sähköposti tietosuoja- ja saavutettavuuspalautteelle', 'tietosuoja@laakkonen.example');
    type('Google Tag Manager -tunnus', 'gtm-abc1234');
    save();
    await waitFor(() => expect(api.bodies('PUT /staff/company')).toHaveLength(1));
    expect(api.bodies('PUT /staff/company')[0]).toEqual({
      ...COMPANY,
      businessId: '7654321-0',
      address: 'Ristipellontie 14, 00390 Helsinki',
      email: 'tietosuoja@laakkonen.example',
      tagManagerId: 'GTM-ABC1234',
    });
  });

  it('a business ID or tag manager ID in the wrong form is stopped at its field before sending', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await screen.findByDisplayValue('Laakkonen');
    type('Y-tunnus', '12345678');
    type('Google Tag Manager -tunnus', 'UA-1234');
    save();
    expect(await screen.findByText('Anna Y-tunnus muodossa 1234567-8')).toBeTruthy();
    expect(screen.getByText('Anna tunnus muodossa GTM-XXXXXXX')).toBeTruthy();
    expect(field('Y-tunnus').getAttribute('aria-invalid')).toBe('true');
    expect(field('Google Tag Manager -tunnus').getAttribute('aria-invalid')).toBe('true');
    expect(api.called('PUT /staff/company')).toBe(false);
  });

  it("shows a 400's messages on the business ID, address, e-mail and tag manager ID under those fields", async () => {
    stubApi({
      'GET /staff/company': () => json(COMPANY),
      'PUT /staff/company': () =>
        json(
          {
            error: 'VALIDATION',
            message: 'Virheellinen syöte',
            fields: [
              { path: 'businessId', message: 'Y-tunnus ei kelpaa' },
              { path: 'address', message: 'Osoite on liian pitkä' },
              { path: 'email', message: 'Tarkista sähköpostiosoite' },
              { path: 'tagManagerId', message: 'Tunnus ei kelpaa' },
            ],
          },
          400,
        ),
    });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await screen.findByDisplayValue('Laakkonen');
    save();
    const under = async (label: string, message: string) => {
      await waitFor(() => expect(field(label).getAttribute('aria-invalid')).toBe('true'));
      const errorId = field(label).getAttribute('aria-describedby')!.split(' ').find((i) => i.endsWith('-error'))!;
      expect(document.getElementById(errorId)!.textContent).toBe(message);
    };
    await under('Y-tunnus', 'Y-tunnus ei kelpaa');
    await under('Osoite', 'Osoite on liian pitkä');
    await under('Sähköposti tietosuoja- ja saavutettavuuspalautteelle', 'Tarkista sähköpostiosoite');
    await under('Google Tag Manager -tunnus', 'Tunnus ei kelpaa');
    expect(field(/Yrityksen nimi/).getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the loyalty switch as stored and sends it turned on', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY), 'PUT /staff/company': (b) => json(b) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await screen.findByDisplayValue('Laakkonen');
    const loyalty = field('Kanta-asiakasohjelma käytössä (kirjautuminen, jäsenkoodit ja -edut)') as HTMLInputElement;
    expect(loyalty.checked).toBe(false);
    fireEvent.click(loyalty);
    save();
    await waitFor(() => expect(api.bodies('PUT /staff/company')).toHaveLength(1));
    expect(api.bodies('PUT /staff/company')[0]).toEqual({ ...COMPANY, loyalty: true });
  });

  it("shows the loyalty programme's name as stored and sends it as typed, an empty one as ''; a 400 on it shows under the field", async () => {
    const api = stubApi({
      'GET /staff/company': () => json(COMPANY),
      'PUT /staff/company': [(b) => json(b), (b) => json(b), () => refusedField('loyaltyName', 'Teksti on liian pitkä')],
    });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys' });
    await waitFor(() => expect((field('Kanta-asiakasohjelman nimi') as HTMLInputElement).value).toBe('OmaLaakkonen'));
    expect(screen.getByText(/Näkyy kanta-asiakaskortin otsikkona/)).toBeTruthy();
    type('Kanta-asiakasohjelman nimi', '  Virtasen Etu ');
    save();
    await waitFor(() => expect(api.bodies('PUT /staff/company')).toHaveLength(1));
    expect(api.bodies('PUT /staff/company')[0]).toEqual({ ...COMPANY, loyaltyName: 'Virtasen Etu' });
    type('Kanta-asiakasohjelman nimi', '');
    save();
    await waitFor(() => expect(api.bodies('PUT /staff/company')).toHaveLength(2));
    expect(api.bodies('PUT /staff/company')[1]).toEqual({ ...COMPANY, loyaltyName: '' });
    save();
    expect(await screen.findByText('Teksti on liian pitkä')).toBeTruthy();
    expect(field('Kanta-asiakasohjelman nimi').getAttribute('aria-invalid')).toBe('true');
  });

  it('an office user is told it is for admins, and the details are not asked for', async () => {
    const api = stubApi({ 'GET /staff/company': () => json(COMPANY) });
    renderPage(<CompanyPage />, { path: '/hallinta/yritys', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi muuttaa yrityksen tietoja.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/company')).toBe(false);
  });
});
