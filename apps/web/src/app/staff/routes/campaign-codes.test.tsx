import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CampaignCodeAdmin } from '@huolto/domain';
import { OFFICE_USER, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { CampaignCodesPage } from './campaign-codes.tsx';

const CODES: CampaignCodeAdmin[] = [
  { code: 'KEVAT10', description: 'Kevätkampanja', percentOff: 10, membersOnly: false, validFrom: '2026-03-02', validTo: '2026-05-31', active: true, bookingCount: 12 },
  { code: 'JASEN', description: 'Kanta-asiakasetu', percentOff: 5, membersOnly: true, validFrom: null, validTo: null, active: false, bookingCount: 0 },
];

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<CampaignCodesPage>', () => {
  it('lists the codes with their discount, validity, who may use them, bookings and state', async () => {
    stubApi({ 'GET /staff/catalogue/campaign-codes': () => json(CODES) });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    expect(screen.getByRole('heading', { level: 1, name: 'Kampanjakoodit' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['KEVAT10', 'Kevätkampanja', '10 %', 'ma 2.3.2026–su 31.5.2026', 'Kaikille', '12', 'Käytössä', 'Muokkaa'],
      ['JASEN', 'Kanta-asiakasetu', '5 %', 'Toistaiseksi', 'Kanta-asiakkaille', '0', 'Ei käytössä', 'Muokkaa'],
    ]);
  });

  it('adds a code: Finnish refusals, a taken code at its field, then the body in capitals with the percent a number', async () => {
    const api = stubApi({
      'GET /staff/catalogue/campaign-codes': () => json(CODES),
      'POST /staff/catalogue/campaign-codes': [() => refusedField('code', 'Koodi on jo käytössä'), (b) => json({ ...(b as object), bookingCount: 0 })],
    });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    const add = await screen.findByRole('button', { name: 'Lisää kampanjakoodi' });
    fireEvent.change(screen.getByLabelText(/Alennus/), { target: { value: '150' } });
    fireEvent.click(add);
    expect(await screen.findByText('Alennus prosentteina 1–100')).toBeTruthy();
    expect(screen.getByText('Koodissa on 1–40 kirjainta (A–Z), numeroa, - tai _')).toBeTruthy();
    expect(screen.getByLabelText(/^Kuvaus/).getAttribute('aria-invalid')).toBe('true');
    expect(api.called('POST /staff/catalogue/campaign-codes')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Koodi/), { target: { value: 'kesa20' } });
    fireEvent.change(screen.getByLabelText(/^Kuvaus/), { target: { value: 'Kesäkampanja' } });
    fireEvent.change(screen.getByLabelText(/Alennus/), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Voimassa asti'), { target: { value: '2026-08-31' } });
    fireEvent.click(screen.getByLabelText('Vain kirjautuneille kanta-asiakkaille'));
    fireEvent.click(add);
    expect(await screen.findByText('Koodi on jo käytössä')).toBeTruthy();
    expect(screen.getByLabelText(/^Koodi/).getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText(/^Koodi/), { target: { value: 'kesa25' } });
    fireEvent.click(add);
    await waitFor(() => expect(api.bodies('POST /staff/catalogue/campaign-codes')).toHaveLength(2));
    expect(api.bodies('POST /staff/catalogue/campaign-codes')[1]).toEqual({
      code: 'KESA25',
      description: 'Kesäkampanja',
      percentOff: 20,
      membersOnly: true,
      validFrom: null,
      validTo: '2026-08-31',
      active: true,
    });
    await waitFor(() => expect((screen.getByLabelText(/^Koodi/) as HTMLInputElement).value).toBe(''));
  });

  it('edits a code in a dialog: dates out of order are refused, then the code is saved without its code in the body', async () => {
    const api = stubApi({
      'GET /staff/catalogue/campaign-codes': () => json(CODES),
      'PUT /staff/catalogue/campaign-codes/KEVAT10': (b) => json({ ...CODES[0], ...(b as object) }),
    });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit' });
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: KEVAT10' }));
    const dialog = screen.getByRole('dialog', { name: 'Muokkaa kampanjakoodia KEVAT10' });
    fireEvent.change(within(dialog).getByLabelText('Voimassa asti'), { target: { value: '2026-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    expect(await within(dialog).findByText('Viimeinen päivä ennen ensimmäistä')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Voimassa asti'), { target: { value: '2026-06-30' } });
    fireEvent.change(within(dialog).getByLabelText(/Alennus/), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies('PUT /staff/catalogue/campaign-codes/KEVAT10')).toEqual([
      { description: 'Kevätkampanja', percentOff: 15, membersOnly: false, validFrom: '2026-03-02', validTo: '2026-06-30', active: true },
    ]);
  });

  it('an office user is told it is for admins, and the list is not asked for', async () => {
    const api = stubApi({ 'GET /staff/catalogue/campaign-codes': () => json(CODES) });
    renderPage(<CampaignCodesPage />, { path: '/hallinta/kampanjakoodit', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi hallita kampanjakoodeja.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/catalogue/campaign-codes')).toBe(false);
  });
});
