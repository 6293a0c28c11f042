import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';

/** A back-office address that is no view. */
export function StaffNotFound() {
  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Sivua ei löytynyt">Sivua ei löytynyt</StaffPageTitle>
      <p>
        <Link to={staffPaths.root}>Hallinnan etusivulle</Link>
      </p>
    </div>
  );
}

/** A view that failed to load or draw (e.g. a chunk lost after a new release). */
export function StaffRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="staff-main" id="sisalto">
      <StaffPageTitle documentTitle={notFound ? 'Sivua ei löytynyt' : 'Virhe'}>
        {notFound ? 'Sivua ei löytynyt' : 'Sivun lataaminen ei onnistunut'}
      </StaffPageTitle>
      <p>Lataa sivu uudelleen tai palaa etusivulle.</p>
      <p>
        <a href={staffPaths.root}>Hallinnan etusivulle</a>
      </p>
    </main>
  );
}
