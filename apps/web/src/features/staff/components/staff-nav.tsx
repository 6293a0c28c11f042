import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { staffPaths } from '@huolto/domain';

/** The admin's set-up pages, under 'Ylläpito'. */
const ADMIN_PAGES = [
  { to: staffPaths.setup, label: 'Käyttöönotto' },
  { to: staffPaths.company, label: 'Yrityksen tiedot' },
  { to: staffPaths.offices, label: 'Toimipisteet' },
  { to: staffPaths.workKinds, label: 'Työlajit' },
  { to: staffPaths.data, label: 'Tuonti ja vienti' },
] as const;

/**
 * 'Ylläpito': the admin's set-up pages behind one disclosure, so that the views' row stays
 * one line on a phone. It closes when a page is chosen, on Escape and on a click elsewhere.
 */
function AdminMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const current = ADMIN_PAGES.some((p) => pathname === p.to || pathname.startsWith(`${p.to}/`));

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (ref.current?.open && !ref.current.contains(e.target as Node)) ref.current.open = false;
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);

  return (
    <details
      ref={ref}
      className="staff-nav__menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className={current ? 'staff-nav__summary staff-nav__summary--current' : 'staff-nav__summary'}>Ylläpito</summary>
      <ul className="staff-nav__panel">
        {ADMIN_PAGES.map((p) => (
          <li key={p.to}>
            <NavLink to={p.to} end={p.to !== staffPaths.offices}>
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The back-office's views: those of the office being looked at (when there is one), the
 * search; an office user's own office page, an admin's accounts and set-up pages.
 */
export function StaffNav({ officeId, date, admin }: { officeId: number | null; date: string; admin: boolean }) {
  return (
    <nav className="staff-nav" aria-label="Hallinnan näkymät">
      <ul>
        {officeId !== null && (
          <>
            <li>
              <NavLink to={staffPaths.day(officeId, date)}>Päivä</NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.week(officeId, date)}>Viikko</NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.print(officeId, date)}>Tulosta</NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.capacity(officeId)}>Kapasiteetti</NavLink>
            </li>
            {!admin && (
              <li>
                <NavLink to={staffPaths.office(officeId)}>Toimipiste</NavLink>
              </li>
            )}
          </>
        )}
        <li>
          <NavLink to={staffPaths.search()}>Haku</NavLink>
        </li>
        {admin && (
          <li>
            <NavLink to={staffPaths.users}>Käyttäjät</NavLink>
          </li>
        )}
      </ul>
      {/* Beside the list, not in it: the list scrolls sideways on a phone and would cut the menu's panel. */}
      {admin && <AdminMenu />}
    </nav>
  );
}
