import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { staffPaths } from '@huolto/domain';

interface MenuPage {
  to: string;
  label: string;
  /** In the views' row on a desk: in the menu on a phone only, so that the row keeps to one line. */
  phoneOnly?: boolean;
}

/** The admin's set-up pages. */
const ADMIN_PAGES: MenuPage[] = [
  { to: staffPaths.setup, label: 'Käyttöönotto' },
  { to: staffPaths.company, label: 'Yrityksen tiedot' },
  { to: staffPaths.offices, label: 'Toimipisteet' },
  { to: staffPaths.workKinds, label: 'Työlajit' },
  { to: staffPaths.services, label: 'Palvelut' },
  { to: staffPaths.campaignCodes, label: 'Kampanjakoodit' },
  { to: staffPaths.tires, label: 'Renkaat' },
  { to: staffPaths.data, label: 'Tuonti ja vienti' },
  { to: staffPaths.personalData, label: 'Henkilötiedot' },
];

/** The catalogue as an office user reads it. */
const CATALOGUE_PAGES: MenuPage[] = [
  { to: staffPaths.services, label: 'Palvelut' },
  { to: staffPaths.tires, label: 'Renkaat' },
];

/**
 * The menu's pages: an admin's set-up pages, an office user's own office and the catalogue it reads; on a phone also the
 * views the row has no room for (a new booking, printing, the accounts, the office page).
 */
function menuPages(officeId: number | null, date: string, admin: boolean): MenuPage[] {
  const print: MenuPage[] =
    officeId === null
      ? []
      : [
          { to: staffPaths.newBooking(officeId), label: 'Uusi varaus', phoneOnly: true },
          { to: staffPaths.print(officeId, date), label: 'Tulosta', phoneOnly: true },
        ];
  if (admin) return [...ADMIN_PAGES, { to: staffPaths.users, label: 'Käyttäjät', phoneOnly: true }, ...print];
  return officeId === null ? CATALOGUE_PAGES : [...print, { to: staffPaths.office(officeId), label: 'Toimipiste', phoneOnly: true }, ...CATALOGUE_PAGES];
}

/**
 * A disclosure of more pages ('Ylläpito' for an admin, 'Lisää' for an office user on a phone).
 * It closes when a page is chosen, on Escape and on a click elsewhere.
 */
function NavMenu({ label, pages, phoneOnly }: { label: string; pages: MenuPage[]; phoneOnly: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const current = pages.some((p) => !p.phoneOnly && (pathname === p.to || pathname.startsWith(`${p.to}/`)));

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
      className={phoneOnly ? 'staff-nav__menu staff-nav__phone-only' : 'staff-nav__menu'}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && ref.current?.open) {
          ref.current.open = false;
          ref.current.querySelector('summary')?.focus();
        }
      }}
    >
      <summary className={current ? 'staff-nav__summary staff-nav__summary--current' : 'staff-nav__summary'}>{label}</summary>
      <ul className="staff-nav__panel">
        {pages.map((p) => (
          <li key={p.to} className={p.phoneOnly ? 'staff-nav__phone-only' : undefined}>
            <NavLink to={p.to} end={p.to !== staffPaths.offices && p.to !== staffPaths.services}>
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
 * search; an office user's own office page, an admin's accounts and set-up pages ('Ylläpito').
 */
export function StaffNav({ officeId, date, admin }: { officeId: number | null; date: string; admin: boolean }) {
  const pages = menuPages(officeId, date, admin);
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
            <li className="staff-nav__desk-only">
              <NavLink to={staffPaths.print(officeId, date)}>Tulosta</NavLink>
            </li>
            <li>
              <NavLink to={staffPaths.capacity(officeId)}>Kapasiteetti</NavLink>
            </li>
            {/* On a phone in the menu: the day view has its own buttons for a new booking there. */}
            <li className="staff-nav__desk-only">
              <NavLink to={staffPaths.newBooking(officeId)}>Uusi varaus</NavLink>
            </li>
            {!admin && (
              <li className="staff-nav__desk-only">
                <NavLink to={staffPaths.office(officeId)}>Toimipiste</NavLink>
              </li>
            )}
          </>
        )}
        <li>
          <NavLink to={staffPaths.search()}>Haku</NavLink>
        </li>
        {admin && (
          <li className="staff-nav__desk-only">
            <NavLink to={staffPaths.users}>Käyttäjät</NavLink>
          </li>
        )}
      </ul>
      {/* Beside the list, not in it: the list scrolls sideways on a phone and would cut the menu's panel. */}
      {pages.length > 0 && <NavMenu label={admin ? 'Ylläpito' : 'Lisää'} pages={pages} phoneOnly={pages.every((p) => p.phoneOnly)} />}
    </nav>
  );
}
