import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { StaffNav } from './staff-nav.tsx';

afterEach(cleanup);

const menuLinks = (summary: string) => {
  const menu = screen.getByText(summary).closest('details')!;
  return within(menu)
    .getAllByRole('link', { hidden: true })
    .map((a) => [a.textContent, a.getAttribute('href')]);
};

describe('<StaffNav>', () => {
  it('an admin finds the catalogue under Ylläpito: services, campaign codes and tires', () => {
    render(
      <MemoryRouter initialEntries={['/hallinta/palvelut/OLJY']}>
        <StaffNav officeId={1} date="2026-12-02" admin />
      </MemoryRouter>,
    );
    expect(menuLinks('Ylläpito')).toEqual(
      expect.arrayContaining([
        ['Palvelut', '/hallinta/palvelut'],
        ['Kampanjakoodit', '/hallinta/kampanjakoodit'],
        ['Renkaat', '/hallinta/renkaat'],
      ]),
    );
    // A service's page is under the services: the menu shows where one is.
    expect(screen.getByText('Ylläpito').className).toContain('staff-nav__summary--current');
  });

  it('an office user reads the services and the tires under Lisää, on a desk too; no campaign codes', () => {
    render(
      <MemoryRouter initialEntries={['/hallinta/haku']}>
        <StaffNav officeId={1} date="2026-12-02" admin={false} />
      </MemoryRouter>,
    );
    const links = menuLinks('Lisää');
    expect(links).toEqual(expect.arrayContaining([['Palvelut', '/hallinta/palvelut'], ['Renkaat', '/hallinta/renkaat']]));
    expect(links.some(([, href]) => href === '/hallinta/kampanjakoodit')).toBe(false);
    expect(screen.getByText('Lisää').closest('details')!.className).toBe('staff-nav__menu');
  });
});

describe('<StaffNav> and personal data', () => {
  it("an admin finds the page of a person's data requests under Ylläpito; an office user does not", () => {
    render(
      <MemoryRouter initialEntries={['/hallinta/henkilotiedot']}>
        <StaffNav officeId={1} date="2026-12-02" admin />
      </MemoryRouter>,
    );
    expect(menuLinks('Ylläpito')).toContainEqual(['Henkilötiedot', '/hallinta/henkilotiedot']);
    expect(screen.getByText('Ylläpito').className).toContain('staff-nav__summary--current');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/hallinta/haku']}>
        <StaffNav officeId={1} date="2026-12-02" admin={false} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Henkilötiedot', hidden: true })).toBeNull();
  });
});

describe('<StaffNav> and the desk', () => {
  it('offers a new booking at the office being looked at: in the row on a desk, in the menu on a phone', () => {
    render(
      <MemoryRouter initialEntries={['/hallinta/paiva/2/2026-12-02']}>
        <StaffNav officeId={2} date="2026-12-02" admin />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link', { name: 'Uusi varaus', hidden: true });
    expect(links.map((a) => [a.getAttribute('href'), a.closest('li')!.className, Boolean(a.closest('details'))])).toEqual([
      ['/hallinta/uusi-varaus/2', 'staff-nav__desk-only', false],
      ['/hallinta/uusi-varaus/2', 'staff-nav__phone-only', true],
    ]);
  });
});
