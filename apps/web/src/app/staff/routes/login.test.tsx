import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { StaffMe } from '@huolto/domain';
import { json, newQueryClient, stubFetch } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { StaffLayout } from '@/app/staff/staff-layout.tsx';

const BASE = '/ServiceBooking/rest/staff';
const ME: StaffMe = {
  id: 2,
  email: 'toimipiste1@laakkonen.example',
  name: 'Teppo Työnjohtaja',
  role: 'OFFICE',
  offices: [{ id: 1, name: 'Laakkonen Helsinki Konala' }],
};

function renderApp() {
  return render(
    <StaffProvider queryClient={newQueryClient()}>
      <MemoryRouter initialEntries={['/hallinta/kayttajat-testi']}>
        <Routes>
          <Route path="/hallinta" element={<StaffLayout />}>
            <Route path="*" element={<p>Sisäänkirjautuneen sivu</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </StaffProvider>,
  );
}

async function signIn(email: string, password: string) {
  await screen.findByRole('heading', { name: /kirjaudu sisään/i });
  fireEvent.change(screen.getByLabelText(/Sähköposti/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/Salasana/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu sisään' }));
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('back-office sign-in', () => {
  it('shows the sign-in form while nobody is signed in, with its labels and the page title', async () => {
    stubFetch({ [`${BASE}/me`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401) });
    renderApp();
    await screen.findByRole('heading', { name: 'Hallinta – kirjaudu sisään' });
    expect(screen.getByLabelText(/Sähköposti/)).toHaveProperty('type', 'email');
    expect(screen.getByLabelText(/Salasana/)).toHaveProperty('type', 'password');
    expect(screen.queryByText('Sisäänkirjautuneen sivu')).toBeNull();
    // The title is set by an effect, which may run just after the heading is in the page.
    await waitFor(() => expect(document.title).toBe('Kirjautuminen – Hallinta'));
  });

  it('a wrong password shows the server\'s Finnish message, empties the password and stays on the form', async () => {
    const stub = stubFetch({
      [`${BASE}/me`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401),
      [`${BASE}/login`]: () => json({ error: 'UNAUTHORIZED', message: 'Sähköposti tai salasana on väärin.' }, 401),
    });
    renderApp();
    await signIn('toimipiste1@laakkonen.example', 'väärä-salasana');
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Sähköposti tai salasana on väärin.'));
    expect((screen.getByLabelText(/Salasana/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Sisäänkirjautuneen sivu')).toBeNull();
    // The form posted the credentials with the XSRF cookie echoed.
    expect(stub.bodies(`${BASE}/login`)).toEqual([{ email: 'toimipiste1@laakkonen.example', password: 'väärä-salasana' }]);
    const [, init] = stub.calls(`${BASE}/login`)[0]!;
    expect((init?.headers as Record<string, string>)['x-xsrf-token']).toBe('xsrf-123');
    expect(init?.credentials).toBe('same-origin');
  });

  it('too many attempts (429) shows the server\'s message and how long to wait', async () => {
    stubFetch({
      [`${BASE}/me`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401),
      [`${BASE}/login`]: () =>
        new Response(JSON.stringify({ error: 'TOO_MANY_ATTEMPTS', message: 'Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '300' },
        }),
    });
    renderApp();
    await signIn('toimipiste1@laakkonen.example', 'x');
    await screen.findByText('Liian monta epäonnistunutta yritystä. Yritä myöhemmin uudelleen.');
    expect(screen.getByRole('alert').textContent).toContain('Voit yrittää uudelleen noin 5 minuutin kuluttua.');
  });

  it('a field the server names gets its error under the field', async () => {
    stubFetch({
      [`${BASE}/me`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401),
      [`${BASE}/login`]: () =>
        json({ error: 'VALIDATION', message: 'Virheellinen syöte: email', fields: [{ path: 'email', message: 'Pakollinen tieto' }] }, 400),
    });
    renderApp();
    await signIn('', 'salasana');
    const email = screen.getByLabelText(/Sähköposti/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe('Pakollinen tieto');
  });

  it('signing in shows the page with the header: the user\'s name, the office and sign-out', async () => {
    stubFetch({
      [`${BASE}/me`]: () => json({ error: 'UNAUTHORIZED', message: 'Kirjaudu sisään.' }, 401),
      [`${BASE}/login`]: () => json(ME),
      [`${BASE}/offices`]: () => json([{ id: 1, name: 'Laakkonen Helsinki Konala', email: null, openingTime: '08:00', closingTime: '17:00', resources: [] }]),
      [`${BASE}/logout`]: () => new Response(null, { status: 204 }),
    });
    renderApp();
    await signIn('toimipiste1@laakkonen.example', 'Hallinta-demo-2026');
    await screen.findByText('Sisäänkirjautuneen sivu');
    expect(screen.getByText('Teppo Työnjohtaja')).toBeTruthy();
    expect((screen.getByLabelText('Toimipiste') as HTMLSelectElement).value).toBe('1');
    // An office user has no link to the accounts.
    expect(screen.queryByRole('link', { name: 'Käyttäjät' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Päivä' }).getAttribute('href')).toMatch(/^\/hallinta\/paiva\/1\/\d{4}-\d{2}-\d{2}$/);
    fireEvent.click(screen.getByRole('button', { name: 'Kirjaudu ulos' }));
    await screen.findByRole('heading', { name: 'Hallinta – kirjaudu sisään' });
  });
});
