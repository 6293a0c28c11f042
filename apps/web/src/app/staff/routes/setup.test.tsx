import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SetupStatus } from '@huolto/domain';
import { newQueryClient } from '@/test/fetch-stub.ts';
import { StaffProvider } from '@/features/staff/hooks/use-staff.tsx';
import { ADMIN, OFFICE_USER, json, renderPage, stubApi } from '@/features/staff/test-setup-data.tsx';
import { StaffHome, StaffLayout } from '@/app/staff/staff-layout.tsx';
import { SetupPage } from './setup.tsx';

const HALF_DONE: SetupStatus = {
  steps: [
    { step: 'company', done: true },
    { step: 'office', done: true },
    { step: 'resources', done: false },
    { step: 'hours', done: false },
    { step: 'services', done: false },
  ],
  complete: false,
};
const ALL_DONE: SetupStatus = { steps: HALF_DONE.steps.map((s) => ({ ...s, done: true })), complete: true };
const OFFICE_ROWS = [
  { id: 4, code: 'VANHA', name: 'Laakkonen Vanha', postOffice: 'Turku', active: false, resources: 0 },
  { id: 7, code: 'HKI1', name: 'Laakkonen Helsinki', postOffice: 'Helsinki', active: true, resources: 0 },
];

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=x; path=/';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<SetupPage>', () => {
  it('lists the steps in Finnish, each ticked or not and linked to where it is done (the first active office)', async () => {
    stubApi({ 'GET /staff/setup': () => json(HALF_DONE), 'GET /staff/office-admin': () => json(OFFICE_ROWS) });
    renderPage(<SetupPage />, { path: '/hallinta/kayttoonotto' });
    expect(screen.getByRole('heading', { level: 1, name: 'Käyttöönotto' })).toBeTruthy();
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^✓Yrityksen tiedot – valmis/),
      expect.stringMatching(/^✓Ensimmäinen toimipiste – valmis/),
      expect.stringMatching(/^3Toimipisteen nostimet ja mekaanikot – kesken/),
      expect.stringMatching(/^4Aukioloajat – kesken/),
      expect.stringMatching(/^5Palvelut ja hinnat – kesken/),
    ]);
    const link = (name: string) => within(list).getByRole('link', { name }).getAttribute('href');
    expect(link('Yrityksen tiedot')).toBe('/hallinta/yritys');
    await vi.waitFor(() => expect(link('Ensimmäinen toimipiste')).toBe('/hallinta/toimipisteet/7'));
    expect(link('Toimipisteen nostimet ja mekaanikot')).toBe('/hallinta/toimipisteet/7');
    expect(link('Aukioloajat')).toBe('/hallinta/kapasiteetti/7');
    expect(link('Palvelut ja hinnat')).toBe('/hallinta/tuonti');
  });

  it('without any office the office steps lead to a new office', async () => {
    const none: SetupStatus = { steps: HALF_DONE.steps.map((s) => ({ ...s, done: s.step === 'company' })), complete: false };
    stubApi({ 'GET /staff/setup': () => json(none), 'GET /staff/office-admin': () => json([]) });
    renderPage(<SetupPage />, { path: '/hallinta/kayttoonotto' });
    const list = await screen.findByRole('list');
    expect(within(list).getByRole('link', { name: 'Ensimmäinen toimipiste' }).getAttribute('href')).toBe('/hallinta/toimipisteet/uusi');
    expect(within(list).getByRole('link', { name: 'Aukioloajat' }).getAttribute('href')).toBe('/hallinta/toimipisteet/uusi');
  });

  it('says when the set-up is complete', async () => {
    stubApi({ 'GET /staff/setup': () => json(ALL_DONE), 'GET /staff/office-admin': () => json(OFFICE_ROWS) });
    renderPage(<SetupPage />, { path: '/hallinta/kayttoonotto' });
    expect(await screen.findByText('Käyttöönotto on valmis: asiakkaat voivat varata aikoja.')).toBeTruthy();
  });

  it('an office user is told it is for admins, and the list is not asked for', async () => {
    const api = stubApi({ 'GET /staff/setup': () => json(HALF_DONE) });
    renderPage(<SetupPage />, { path: '/hallinta/kayttoonotto', me: OFFICE_USER });
    expect(screen.getByText('Vain pääkäyttäjä voi tehdä käyttöönoton.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.called('GET /staff/setup')).toBe(false);
  });
});

function renderBackOffice(path: string, me = ADMIN) {
  render(
    <StaffProvider queryClient={newQueryClient()} initialMe={me}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/hallinta" element={<StaffLayout />}>
            <Route index element={<StaffHome />} />
            <Route path="kayttoonotto" element={<h1>Käyttöönoton sivu</h1>} />
            <Route path="paiva/:officeId/:date" element={<h1>Päivänäkymä</h1>} />
            <Route path="*" element={<h1>Muu sivu</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </StaffProvider>,
  );
}

describe('the back-office leads an admin to the set-up list while it is not done', () => {
  it('the root goes to the set-up list, and every other page shows the banner linking there', async () => {
    stubApi({ 'GET /staff/setup': () => json(HALF_DONE), 'GET /staff/offices': () => json([]) });
    renderBackOffice('/hallinta');
    expect(await screen.findByRole('heading', { name: 'Käyttöönoton sivu' })).toBeTruthy();
    // Not on the list's own page.
    expect(screen.queryByRole('link', { name: 'Käyttöönotto kesken' })).toBeNull();
    cleanup();

    renderBackOffice('/hallinta/haku');
    const banner = await screen.findByRole('link', { name: 'Käyttöönotto kesken' });
    expect(banner.getAttribute('href')).toBe('/hallinta/kayttoonotto');
    expect(banner.parentElement!.textContent).toContain('3 vaihetta tekemättä');
  });

  it('when the set-up is complete the root goes to the day view and no banner shows', async () => {
    stubApi({ 'GET /staff/setup': () => json(ALL_DONE), 'GET /staff/offices': () => json([]) });
    renderBackOffice('/hallinta');
    expect(await screen.findByRole('heading', { name: 'Päivänäkymä' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Käyttöönotto kesken' })).toBeNull();
  });

  it('an office user goes to the day view, sees no banner, and the set-up list is not asked for', async () => {
    const api = stubApi({ 'GET /staff/setup': () => json(HALF_DONE), 'GET /staff/offices': () => json([]) });
    renderBackOffice('/hallinta', OFFICE_USER);
    expect(await screen.findByRole('heading', { name: 'Päivänäkymä' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Käyttöönotto kesken' })).toBeNull();
    expect(api.called('GET /staff/setup')).toBe(false);
  });

  it('the nav gives an admin the set-up pages under Ylläpito, an office user their own office', async () => {
    stubApi({ 'GET /staff/setup': () => json(ALL_DONE), 'GET /staff/offices': () => json([]) });
    renderBackOffice('/hallinta/haku');
    const nav = screen.getByRole('navigation', { name: 'Hallinnan näkymät' });
    expect(within(nav).getByText('Ylläpito')).toBeTruthy();
    const hrefs = within(nav)
      .getAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/hallinta/kayttoonotto', '/hallinta/yritys', '/hallinta/toimipisteet', '/hallinta/tyolajit', '/hallinta/tuonti']),
    );
    expect(within(nav).queryByRole('link', { name: 'Toimipiste' })).toBeNull();
    cleanup();

    renderBackOffice('/hallinta/haku', OFFICE_USER);
    const officeNav = screen.getByRole('navigation', { name: 'Hallinnan näkymät' });
    // In the views' row on a desk, under 'Lisää' on a phone.
    const own = within(officeNav).getAllByRole('link', { name: 'Toimipiste' });
    expect(own.map((a) => a.getAttribute('href'))).toEqual(['/hallinta/toimipisteet/1', '/hallinta/toimipisteet/1']);
    expect(own[0]!.closest('li')!.className).toBe('staff-nav__desk-only');
    expect(own[1]!.closest('details')!.textContent).toMatch(/^Lisää/);
    expect(within(officeNav).queryByText('Ylläpito')).toBeNull();
    expect(officeNav.querySelector('a[href="/hallinta/toimipisteet"]')).toBeNull();
  });
});
