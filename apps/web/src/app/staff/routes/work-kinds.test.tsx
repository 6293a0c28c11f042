import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OFFICE_USER, WORK_KINDS, json, refusedField, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { WorkKindsPage } from './work-kinds.tsx';

const renderKinds = (me = undefined as typeof OFFICE_USER | undefined) => renderPage(<WorkKindsPage />, { path: '/hallinta/tyolajit', me });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<WorkKindsPage>', () => {
  it('lists the kinds of work with their code and state', async () => {
    stubApi({ 'GET /staff/work-kinds': () => json(WORK_KINDS) });
    renderKinds();
    expect(screen.getByRole('heading', { level: 1, name: 'Työlajit' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('th, td')].slice(0, 3).map((c) => c.textContent)),
    ).toEqual([
      ['Huolto', 'HUOLTO', 'Käytössä'],
      ['Renkaanvaihto', 'RENKAAT', 'Käytössä'],
      ['Tuulilasi', 'LASI', 'Ei käytössä'],
    ]);
  });

  it('adds a kind with its code in capitals; a code the domain refuses is stopped, a taken one is shown at its field', async () => {
    const api = stubApi({
      'GET /staff/work-kinds': () => json(WORK_KINDS),
      'POST /staff/work-kinds': [() => refusedField('code', 'Tunnus on jo käytössä'), (b) => json({ ...(b as object), sort: 4, active: true })],
    });
    renderKinds();
    const form = await screen.findByRole('region', { name: 'Lisää työlaji' });
    fireEvent.change(within(form).getByLabelText(/Tunnus/), { target: { value: 'öljy-vaihto' } });
    fireEvent.change(within(form).getByLabelText(/Nimi/), { target: { value: 'Öljynvaihto' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää työlaji' }));
    expect(await within(form).findByText('Tunnuksessa on 1–40 isoa kirjainta (A–Z), numeroa tai _')).toBeTruthy();
    expect(api.called('POST /staff/work-kinds')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/Tunnus/), { target: { value: 'oljy' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää työlaji' }));
    expect(await within(form).findByText('Tunnus on jo käytössä')).toBeTruthy();
    expect(within(form).getByLabelText(/Tunnus/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(within(form).getByLabelText(/Tunnus/), { target: { value: 'oljy_2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää työlaji' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Työlaji lisätty: Öljynvaihto'));
    expect(api.bodies('POST /staff/work-kinds')).toEqual([
      { code: 'OLJY', name: 'Öljynvaihto' },
      { code: 'OLJY_2', name: 'Öljynvaihto' },
    ]);
  });

  it('renames a kind in a dialog and takes one out of use or back', async () => {
    const api = stubApi({
      'GET /staff/work-kinds': () => json(WORK_KINDS),
      'PUT /staff/work-kinds/RENKAAT': (b) => json({ ...WORK_KINDS[1], ...(b as object) }),
      'PUT /staff/work-kinds/LASI': (b) => json({ ...WORK_KINDS[2], ...(b as object) }),
    });
    renderKinds();
    fireEvent.click(await screen.findByRole('button', { name: 'Nimeä uudelleen: Renkaanvaihto' }));
    const dialog = screen.getByRole('dialog', { name: 'Nimeä uudelleen: Renkaanvaihto' });
    fireEvent.change(within(dialog).getByLabelText(/Nimi/), { target: { value: 'Rengastyöt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies('PUT /staff/work-kinds/RENKAAT')).toEqual([{ name: 'Rengastyöt' }]);

    fireEvent.click(screen.getByRole('button', { name: 'Poista käytöstä: Renkaanvaihto' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Työlaji poistettu käytöstä: Renkaanvaihto'));
    expect(api.bodies('PUT /staff/work-kinds/RENKAAT')[1]).toEqual({ active: false });
    fireEvent.click(screen.getByRole('button', { name: 'Ota käyttöön: Tuulilasi' }));
    await waitFor(() => expect(api.bodies('PUT /staff/work-kinds/LASI')).toEqual([{ active: true }]));
  });

  it('an office user is told it is for admins, and the list is not asked for', async () => {
    const api = stubApi({ 'GET /staff/work-kinds': () => json(WORK_KINDS) });
    renderKinds(OFFICE_USER);
    expect(screen.getByText('Vain pääkäyttäjä voi hallita työlajeja.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/work-kinds')).toBe(false);
  });
});
