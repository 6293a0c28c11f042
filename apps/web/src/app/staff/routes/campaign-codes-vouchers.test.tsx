import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, todayInHelsinki, type VoucherAdmin } from '@huolto/domain';
import { json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { CampaignCodesPage } from './campaign-codes.tsx';

const TODAY = todayInHelsinki();
const VOUCHERS: VoucherAdmin[] = [
  { id: 'ETU-1A2B3C4D', accountEmail: 'testi@example.com', title: 'Pahoittelumme', discountCents: 3550, validFrom: '2026-03-02', validTo: '2099-05-31', usedBookingKey: null },
  { id: 'ETU-20-HUOLTO', accountEmail: 'testi@example.com', title: 'Huoltoetu 20 €', discountCents: 2000, validFrom: '2026-03-02', validTo: '2099-04-30', usedBookingKey: 'ABCD1234' },
  { id: 'ETU-VANHA', accountEmail: 'maija@example.com', title: 'Syysetu', discountCents: 1000, validFrom: '2025-09-01', validTo: '2025-09-30', usedBookingKey: null },
];

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);
const settings = (loyalty: boolean) => () => json({ companyName: 'Laakkonen', loyalty });
/** The vouchers' part of the page, once the settings have said the loyalty programme is on. */
const voucherSection = async () => (await screen.findByRole('heading', { level: 2, name: 'Kanta-asiakasedut' })).closest('section')!;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<CampaignCodesPage> loyalty vouchers', () => {
  it('lists the vouchers with their member, title, sum in euros, days and whether used; one member’s by e-mail', async () => {
    const api = stubApi({
      'GET /settings': settings(true),
      'GET /staff/catalogue/campaign-codes': () => json([]),
      'GET /staff/catalogue/vouchers': [() => json(VOUCHERS), () => json([])],
    });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    const section = await voucherSection();
    const table = await within(section).findByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['testi@example.com', 'Pahoittelumme', '35,50\u00a0€', 'ma 2.3.2026–su 31.5.2099', 'Käyttämättä', 'Peru'],
      ['testi@example.com', 'Huoltoetu 20 €', '20,00\u00a0€', 'ma 2.3.2026–to 30.4.2099', 'Käytetty (varaus ABCD1234)', ''],
      ['maija@example.com', 'Syysetu', '10,00\u00a0€', 'ma 1.9.2025–ti 30.9.2025', 'Vanhentunut', ''],
    ]);

    fireEvent.change(within(section).getByLabelText('Hae sähköpostilla'), { target: { value: ' Uusi@Example.com ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Hae' }));
    expect(await within(section).findByText('Kanta-asiakkaalla uusi@example.com ei ole etuja.')).toBeTruthy();
    const urls = (api.fetchMock.mock.calls as unknown as [string][]).map(([url]) => String(url)).filter((u) => u.includes('/catalogue/vouchers'));
    expect(urls.at(-1)).toMatch(/\/catalogue\/vouchers\?email=uusi%40example\.com$/);
  });

  it('gives a voucher: Finnish refusals, an unknown member at its field, then the body with the euros in cents', async () => {
    const api = stubApi({
      'GET /settings': settings(true),
      'GET /staff/catalogue/campaign-codes': () => json([]),
      'GET /staff/catalogue/vouchers': () => json([]),
      'POST /staff/catalogue/vouchers': [
        () => refusedField('accountEmail', 'Kanta-asiakasta ei löydy tällä sähköpostiosoitteella'),
        (b) => json({ ...(b as object), id: 'ETU-00000001', usedBookingKey: null }),
      ],
    });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    const section = await voucherSection();
    const give = within(section).getByRole('button', { name: 'Anna etu' });
    fireEvent.change(within(section).getByLabelText(/Etu \(€\)/), { target: { value: '12,555' } });
    fireEvent.change(within(section).getByLabelText(/Voimassa asti/), { target: { value: addDays(TODAY, -1) } });
    fireEvent.click(give);
    expect(await within(section).findByText('Etu euroina 0,01–100 000')).toBeTruthy();
    expect(within(section).getByLabelText(/Kanta-asiakkaan sähköposti/).getAttribute('aria-invalid')).toBe('true');
    expect(within(section).getByLabelText(/Edun nimi/).getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /staff/catalogue/vouchers')).toBe(false);

    fireEvent.change(within(section).getByLabelText(/Kanta-asiakkaan sähköposti/), { target: { value: 'Ei.Jasen@example.com' } });
    fireEvent.change(within(section).getByLabelText(/Edun nimi/), { target: { value: 'Pahoittelumme' } });
    fireEvent.change(within(section).getByLabelText(/Etu \(€\)/), { target: { value: '1 234,5' } });
    fireEvent.click(give);
    expect(await within(section).findByText('Viimeinen päivä ennen ensimmäistä')).toBeTruthy();
    expect(api.called('POST /staff/catalogue/vouchers')).toBe(false);

    fireEvent.change(within(section).getByLabelText(/Voimassa asti/), { target: { value: addDays(TODAY, 30) } });
    fireEvent.click(give);
    expect(await within(section).findByText('Kanta-asiakasta ei löydy tällä sähköpostiosoitteella')).toBeTruthy();
    fireEvent.change(within(section).getByLabelText(/Kanta-asiakkaan sähköposti/), { target: { value: 'testi@example.com' } });
    fireEvent.click(give);
    await waitFor(() => expect(api.bodies('POST /staff/catalogue/vouchers')).toHaveLength(2));
    expect(api.bodies('POST /staff/catalogue/vouchers')).toEqual([
      { accountEmail: 'ei.jasen@example.com', title: 'Pahoittelumme', discountCents: 123450, validFrom: TODAY, validTo: addDays(TODAY, 30) },
      { accountEmail: 'testi@example.com', title: 'Pahoittelumme', discountCents: 123450, validFrom: TODAY, validTo: addDays(TODAY, 30) },
    ]);
    await waitFor(() => expect((within(section).getByLabelText(/Edun nimi/) as HTMLInputElement).value).toBe(''));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Etu annettu: Pahoittelumme, 1234,50\u00a0€, testi@example.com'));
  });

  it('withdraws a voucher still to be used after asking; the list is read again', async () => {
    const withdrawn = { ...VOUCHERS[0]!, validTo: addDays(TODAY, -1) };
    const api = stubApi({
      'GET /settings': settings(true),
      'GET /staff/catalogue/campaign-codes': () => json([]),
      'GET /staff/catalogue/vouchers': [() => json(VOUCHERS), () => json([withdrawn, ...VOUCHERS.slice(1)])],
      'POST /staff/catalogue/vouchers/ETU-1A2B3C4D/withdraw': () => json(withdrawn),
    });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    const section = await voucherSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Peru etu: Pahoittelumme, testi@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Peru etu Pahoittelumme' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Älä peru' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.called('POST /staff/catalogue/vouchers/ETU-1A2B3C4D/withdraw')).toBe(false);

    fireEvent.click(within(section).getByRole('button', { name: 'Peru etu: Pahoittelumme, testi@example.com' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Peru etu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies('POST /staff/catalogue/vouchers/ETU-1A2B3C4D/withdraw')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Etu peruttu: Pahoittelumme, testi@example.com'));
    await waitFor(() => expect(within(section).getAllByText('Vanhentunut')).toHaveLength(2));
    expect(within(section).queryByRole('button', { name: /^Peru etu:/ })).toBeNull();
  });

  it('without the loyalty programme there is no vouchers section and the vouchers are not asked for', async () => {
    const api = stubApi({ 'GET /settings': settings(false), 'GET /staff/catalogue/campaign-codes': () => json([]) });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    await screen.findByRole('button', { name: 'Lisää kampanjakoodi' });
    await waitFor(() => expect(api.called('GET /settings')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: 'Kanta-asiakasedut' })).toBeNull();
    expect(api.called('GET /staff/catalogue/vouchers')).toBe(false);
  });
});
