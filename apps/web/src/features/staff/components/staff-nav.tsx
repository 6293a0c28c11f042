import { NavLink } from 'react-router';
import { staffPaths } from '@huolto/domain';

/** The back-office's views: those of the office being looked at (when there is one), the search, and the accounts for an admin. */
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
  );
}
