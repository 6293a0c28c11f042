import './staff-layout.css';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, matchPath, NavLink, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { STAFF_SEARCH_MAX_LENGTH, todayInHelsinki, type StaffMe } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { getOffices } from '@/features/staff/api/get-offices.ts';
import { staffKeys } from '@/features/staff/api/keys.ts';
import { LoginPage } from '@/app/staff/routes/login.tsx';
import { STAFF_ROUTES, staffPaths } from '@huolto/domain';
import { useOffice, useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { validDate, validId } from '@/features/staff/format.ts';

/** The views whose address carries an office (and a date): the picker keeps the view. */
const OFFICE_VIEWS = [
  { pattern: STAFF_ROUTES.day, to: staffPaths.day },
  { pattern: STAFF_ROUTES.week, to: staffPaths.week },
  { pattern: STAFF_ROUTES.print, to: staffPaths.print },
  { pattern: STAFF_ROUTES.capacity, to: (officeId: number) => staffPaths.capacity(officeId) },
] as const;

/** The office and date of the address, when it has them. */
function useAddressOfficeAndDate(): { officeId: number | null; date: string | null; view: (typeof OFFICE_VIEWS)[number] | null } {
  const { pathname } = useLocation();
  for (const view of OFFICE_VIEWS) {
    const match = matchPath<string>(view.pattern, pathname);
    if (match) return { officeId: validId(match.params.officeId), date: validDate(match.params['date']), view };
  }
  return { officeId: null, date: null, view: null };
}

/**
 * The frame of every back-office page: the sign-in page while nobody is signed in, else the
 * header (office, booking search, views, the user, sign out) and the page.
 */
export function StaffLayout() {
  const { me, loading } = useStaff();
  if (loading) {
    return (
      <main className="staff-main" id="sisalto">
        <p className="staff-loading" role="status">
          Ladataan…
        </p>
      </main>
    );
  }
  if (!me) return <LoginPage />;
  return (
    <>
      <a className="staff-skip" href="#sisalto">
        Siirry sisältöön
      </a>
      <StaffHeader />
      <main className="staff-main" id="sisalto" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function StaffHeader() {
  const { me, logout } = useStaff();
  const { officeId, setOfficeId } = useOffice();
  const navigate = useNavigate();
  const address = useAddressOfficeAndDate();
  const pickerId = useId();
  const offices = useQuery({ queryKey: staffKeys.offices, queryFn: getOffices });
  const choices: StaffMe['offices'] = offices.data?.map((o) => ({ id: o.id, name: o.name })) ?? me?.offices ?? [];

  // The office in the address is the one being looked at: remember it.
  useEffect(() => {
    if (address.officeId !== null && me?.offices.some((o) => o.id === address.officeId)) setOfficeId(address.officeId);
  }, [address.officeId, me, setOfficeId]);

  if (!me) return null;
  const current = address.officeId ?? officeId;
  // An address of an office the user does not run (answered 403) selects nothing.
  const selected = choices.some((o) => o.id === current) ? current : null;
  const date = address.date ?? todayInHelsinki();
  const admin = me.role === 'ADMIN';

  function chooseOffice(value: string) {
    const next = Number(value);
    if (!Number.isInteger(next) || next <= 0) return;
    setOfficeId(next);
    const view = address.view;
    void navigate(view ? view.to(next, date) : staffPaths.day(next, date));
  }

  return (
    <header className="staff-header">
      <div className="staff-header__row">
        <p className="staff-header__brand">
          <span>Laakkonen</span> Hallinta
        </p>
        {choices.length > 0 && (
          <div className="staff-header__office">
            <label htmlFor={pickerId}>Toimipiste</label>
            <select
              id={pickerId}
              className="input staff-header__select"
              value={selected ?? ''}
              onChange={(e) => chooseOffice(e.target.value)}
            >
              {selected === null && <option value="">Valitse toimipiste</option>}
              {choices.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="staff-header__user">
          <Link className="staff-header__name" to={staffPaths.account}>
            {me.name}
            <span className="visually-hidden"> – oma tili</span>
          </Link>
          <Button variant="secondary" onClick={() => void logout().then(() => navigate(staffPaths.root))}>
            Kirjaudu ulos
          </Button>
        </div>
      </div>
      <div className="staff-header__bar">
        <nav className="staff-nav" aria-label="Hallinnan näkymät">
          <ul>
            {current !== null && (
              <>
                <li>
                  <NavLink to={staffPaths.day(current, date)}>Päivä</NavLink>
                </li>
                <li>
                  <NavLink to={staffPaths.week(current, date)}>Viikko</NavLink>
                </li>
                <li>
                  <NavLink to={staffPaths.print(current, date)}>Tulosta</NavLink>
                </li>
                <li>
                  <NavLink to={staffPaths.capacity(current)}>Kapasiteetti</NavLink>
                </li>
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
        </nav>
        <HeaderSearch />
      </div>
    </header>
  );
}

/** The header's booking search, on every page: goes to the search page with the text. */
function HeaderSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate(staffPaths.search(text.trim()));
    // The search page has its own field with the text: this one is ready for the next call.
    setText('');
  }

  return (
    <form className="staff-header__search" role="search" aria-label="Varausten pikahaku" noValidate onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Hae varausta
      </label>
      <input
        id={id}
        className="input staff-header__search-input"
        type="search"
        name="q"
        placeholder="Rekisterinumero, nimi, puhelin…"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={STAFF_SEARCH_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" variant="secondary">
        Hae
      </Button>
    </form>
  );
}

/** /hallinta when signed in: the day view of the chosen office, today. */
export function StaffHome() {
  const { officeId } = useOffice();
  if (officeId === null) {
    return (
      <div className="staff-page">
        <h1 className="staff-page-title">Hallinta</h1>
        <p className="notice notice--warning">Sinulle ei ole vielä annettu yhtään toimipistettä. Pyydä pääkäyttäjää lisäämään toimipiste.</p>
      </div>
    );
  }
  return <Navigate to={staffPaths.day(officeId, todayInHelsinki())} replace />;
}

/** Käyttäjät: admins only; others are told so. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { me } = useStaff();
  if (me?.role !== 'ADMIN') {
    return (
      <div className="staff-page">
        <h1 className="staff-page-title">Ei käyttöoikeutta</h1>
        <p>Vain pääkäyttäjä voi hallita käyttäjiä.</p>
      </div>
    );
  }
  return <>{children}</>;
}
