import './setup.css';
import { Link, useLocation } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { useSetup } from '@/features/staff/api/get-setup.ts';

/**
 * 'Käyttöönotto kesken' under an admin's header while a step of the set-up list is not done
 * (nothing while it loads, if it cannot be read, or on the list's own page).
 */
export function SetupBanner({ admin }: { admin: boolean }) {
  const setup = useSetup(admin);
  const { pathname } = useLocation();
  if (!admin || !setup.data || setup.data.complete || pathname === staffPaths.setup) return null;
  const left = setup.data.steps.filter((s) => !s.done).length;
  return (
    <p className="setup-banner">
      <Link to={staffPaths.setup}>Käyttöönotto kesken</Link>
      <span className="setup-banner__count">
        {' '}
        – {left === 1 ? 'yksi vaihe' : `${left} vaihetta`} tekemättä
      </span>
    </p>
  );
}
