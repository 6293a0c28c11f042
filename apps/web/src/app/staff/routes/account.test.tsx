import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { StaffMe } from '@huolto/domain';
import { json, newQueryClient } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { AccountPage } from './account.tsx';

const URL = '/ServiceBooking/rest/staff/me/password';
const ME: StaffMe = { id: 2, email: 'toimipiste1@laakkonen.example', name: 'Toimipiste Demo', role: 'OFFICE', offices: [{ id: 1, name: 'Konala' }] };

function renderPage(answer: (body: unknown) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    String(url) === URL && init?.method === 'POST' ? answer(JSON.parse(String(init.body))) : json({ error: 'NOT_FOUND' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={ME}>
      <MemoryRouter initialEntries={['/hallinta/oma-tili']}>
        <AccountPage />
      </MemoryRouter>
    </StaffProvider>,
  );
  return fetchMock;
}

/** The field whose label is exactly this (the required star aside). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Vaihda salasana' }));

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('own account page', () => {
  it('shows who is signed in and changes the password with the current one', async () => {
    const fetchMock = renderPage(() => json({ responseCode: 'SUCCESS' }));
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Oma tili – Hallinta'));
    expect(screen.getByText('toimipiste1@laakkonen.example')).toBeTruthy();
    expect(screen.getByText('Toimipisteen käyttäjä')).toBeTruthy();
    fill('Nykyinen salasana', 'vanha-salasana-1');
    fill('Uusi salasana', 'uusi-salasana-123');
    fill('Uusi salasana uudelleen', 'uusi-salasana-123');
    submit();
    await screen.findByText('Salasana vaihdettu. Muut kirjautumisesi on päätetty.');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ currentPassword: 'vanha-salasana-1', newPassword: 'uusi-salasana-123' });
    expect((field('Nykyinen salasana') as HTMLInputElement).value).toBe('');
  });

  it('checks the form before sending: missing current, short new, repeat not the same', () => {
    const fetchMock = renderPage(() => json({ responseCode: 'SUCCESS' }));
    fill('Uusi salasana', 'lyhyt');
    fill('Uusi salasana uudelleen', 'toinen');
    submit();
    expect(screen.getByText('Pakollinen tieto')).toBeTruthy();
    expect(screen.getByText('Salasanassa on vähintään 12 merkkiä')).toBeTruthy();
    expect(screen.getByText('Salasanat eivät ole samat')).toBeTruthy();
    expect(field('Nykyinen salasana').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's word on a wrong current password at its field", async () => {
    renderPage(() => json({ error: 'VALIDATION', message: 'Virheellinen syöte: currentPassword', fields: [{ path: 'currentPassword', message: 'Nykyinen salasana on väärin' }] }, 400));
    fill('Nykyinen salasana', 'väärä-salasana-1');
    fill('Uusi salasana', 'uusi-salasana-123');
    fill('Uusi salasana uudelleen', 'uusi-salasana-123');
    submit();
    await screen.findByText('Nykyinen salasana on väärin');
    await waitFor(() => expect(field('Nykyinen salasana').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByText(/Salasana vaihdettu/)).toBeNull();
  });
});
