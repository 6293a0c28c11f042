import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffMe, StaffOffice, StaffUser } from '@huolto/domain';
import { json, newQueryClient } from '@/test/fetch-stub.ts';
import { stubApi } from '@/features/staff/test-setup-data.tsx';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { UsersPage } from './users.tsx';


const office = (id: number, name: string): StaffOffice => ({ id, name, email: null, openingTime: '08:00', closingTime: '16:00', resources: [] });
const OFFICES = [office(1, 'Laakkonen Helsinki Konala'), office(2, 'Laakkonen Espoo'), office(3, 'Laakkonen Vantaa')];

const USERS: StaffUser[] = [
  { id: 1, email: 'admin@laakkonen.example', name: 'Pääkäyttäjä Demo', role: 'ADMIN', active: true, officeIds: [] },
  { id: 2, email: 'toimipiste1@laakkonen.example', name: 'Toimipiste Demo', role: 'OFFICE', active: true, officeIds: [1, 3] },
  { id: 3, email: 'vanha@laakkonen.example', name: 'Aino Entinen', role: 'OFFICE', active: false, officeIds: [2] },
];

const ADMIN: StaffMe = { id: 1, email: 'admin@laakkonen.example', name: 'Pääkäyttäjä Demo', role: 'ADMIN', offices: OFFICES.map(({ id, name }) => ({ id, name })) };

function renderPage(me: StaffMe = ADMIN) {
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={me}>
      <MemoryRouter initialEntries={['/hallinta/kayttajat']}>
        <UsersPage />
      </MemoryRouter>
    </StaffProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<UsersPage>', () => {
  it('lists the accounts with their role in Finnish, their offices and whether they are active', async () => {
    stubApi({ 'GET /staff/users': [() => json(USERS)], 'GET /staff/offices': [() => json(OFFICES)] });
    renderPage();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('Laakkonen Helsinki Konala, Laakkonen Vantaa')).toBeTruthy());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 4).map((c) => c.textContent))).toEqual([
      ['admin@laakkonen.example', 'Pääkäyttäjä', 'Kaikki toimipisteet', 'Aktiivinen'],
      ['toimipiste1@laakkonen.example', 'Toimipisteen käyttäjä', 'Laakkonen Helsinki Konala, Laakkonen Vantaa', 'Aktiivinen'],
      ['vanha@laakkonen.example', 'Toimipisteen käyttäjä', 'Laakkonen Espoo', 'Poistettu käytöstä'],
    ]);
  });

  it('creates an office user with the chosen offices; a short password is stopped before sending, a taken address is shown at the field', async () => {
    const { bodies } = stubApi({
      'GET /staff/users': [() => json(USERS)],
      'GET /staff/offices': [() => json(OFFICES)],
      'POST /staff/users': [
        () => json({ error: 'CONFLICT', message: 'Sähköposti on jo käytössä', fields: [{ path: 'email', message: 'Sähköposti on jo käytössä' }] }, 409),
        () => json({ id: 4, email: 'uusi@laakkonen.example', name: 'Uusi Käyttäjä', role: 'OFFICE', active: true, officeIds: [2] }),
      ],
    });
    renderPage();
    const form = await screen.findByRole('region', { name: 'Lisää käyttäjä' });
    fireEvent.change(within(form).getByLabelText(/Sähköposti/), { target: { value: 'uusi@laakkonen.example' } });
    fireEvent.change(within(form).getByLabelText(/Nimi/), { target: { value: 'Uusi Käyttäjä' } });
    fireEvent.click(await within(form).findByLabelText('Laakkonen Espoo'));
    fireEvent.change(within(form).getByLabelText(/Salasana/), { target: { value: 'lyhyt' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää käyttäjä' }));
    expect(await within(form).findByText('Salasanassa on vähintään 12 merkkiä')).toBeTruthy();
    expect(bodies('POST /staff/users')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Salasana/), { target: { value: 'pitka-salasana-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Lisää käyttäjä' }));
    expect(await within(form).findByText('Sähköposti on jo käytössä')).toBeTruthy();
    expect(within(form).getByLabelText(/Sähköposti/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Lisää käyttäjä' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Käyttäjä lisätty'));
    expect(bodies('POST /staff/users')[1]).toEqual({
      email: 'uusi@laakkonen.example',
      name: 'Uusi Käyttäjä',
      role: 'OFFICE',
      officeIds: [2],
      password: 'pitka-salasana-1',
    });
  });

  it('edits an account in a dialog and sends only what changed', async () => {
    const { bodies } = stubApi({
      'GET /staff/users': [() => json(USERS)],
      'GET /staff/offices': [() => json(OFFICES)],
      'PATCH /staff/users/2': [() => json({ ...USERS[1], officeIds: [1], active: false })],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Muokkaa: Toimipiste Demo' }));
    const dialog = screen.getByRole('dialog', { name: 'Muokkaa: Toimipiste Demo' });
    fireEvent.click(within(dialog).getByLabelText('Laakkonen Vantaa'));
    fireEvent.click(within(dialog).getByLabelText('Tunnus käytössä'));
    fireEvent.change(within(dialog).getByLabelText('Uusi salasana'), { target: { value: 'uusi-salasana-22' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tallenna' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Käyttäjä tallennettu ja salasana vaihdettu'));
    expect(bodies('PATCH /staff/users/2')).toEqual([{ officeIds: [1], active: false, password: 'uusi-salasana-22' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('an office user is told that only an admin manages accounts, and the accounts are not asked for', async () => {
    const { bodies } = stubApi({ 'GET /staff/users': [() => json(USERS)], 'GET /staff/offices': [() => json(OFFICES)] });
    renderPage({ id: 2, email: 'toimipiste1@laakkonen.example', name: 'Toimipiste Demo', role: 'OFFICE', offices: [{ id: 1, name: 'Laakkonen Helsinki Konala' }] });
    expect(await screen.findByText('Vain pääkäyttäjä voi hallita käyttäjiä.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(bodies('GET /staff/users')).toEqual([]);
  });
});
