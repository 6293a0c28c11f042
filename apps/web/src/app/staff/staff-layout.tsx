import './staff-layout.css';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { staffPaths, todayInHelsinki } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { LoginPage } from '@/app/staff/routes/login.tsx';
import { HeaderSearch } from '@/features/staff/components/header-search.tsx';
import { OfficePicker } from '@/features/staff/components/office-picker.tsx';
import { SetupBanner } from '@/features/staff/components/setup/setup-banner.tsx';
import { StaffNav } from '@/features/staff/components/staff-nav.tsx';
import { useSetup } from '@/features/staff/api/get-setup.ts';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { useAddressOffice } from '@/features/staff/hooks/use-address-office.ts';
import { useOffice, useStaff } from '@/features/staff/hooks/use-staff.tsx';

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
        <SetupBanner admin={me.role === 'ADMIN'} />
        <Outlet />
      </main>
    </>
  );
}

/** The header: the office, the user and sign-out; under them the views and the booking search. */
function StaffHeader() {
  const { me, logout } = useStaff();
  const companyName = useSettings().data?.companyName;
  const { officeId } = useOffice();
  const navigate = useNavigate();
  const address = useAddressOffice();

  if (!me) return null;
  const date = address.date ?? todayInHelsinki();

  return (
    <header className="staff-header">
      <div className="staff-header__row">
        <p className="staff-header__brand">
          {companyName && <span>{companyName}</span>} Hallinta
        </p>
        <OfficePicker address={address} date={date} />
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
        <StaffNav officeId={address.officeId ?? officeId} date={date} admin={me.role === 'ADMIN'} />
        <HeaderSearch />
      </div>
    </header>
  );
}

/**
 * /hallinta when signed in: the day view of the chosen office, today. An admin whose set-up
 * list is not done is led to it first (to the day view if the list cannot be read).
 */
export function StaffHome() {
  const { me } = useStaff();
  const { officeId } = useOffice();
  const admin = me?.role === 'ADMIN';
  const setup = useSetup(admin);
  if (admin && setup.isPending) {
    return (
      <p className="staff-loading" role="status">
        Ladataan…
      </p>
    );
  }
  if (admin && (setup.data?.complete === false || (officeId === null && !setup.isError))) {
    return <Navigate to={staffPaths.setup} replace />;
  }
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
