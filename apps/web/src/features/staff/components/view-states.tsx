import { Link } from 'react-router';
import { staffPaths, todayInHelsinki } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useOffice } from '@/features/staff/hooks/use-staff.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';

/** The office's name under a view's heading. */
export function OfficeName({ name }: { name: string }) {
  return (
    <span className="staff-page-title__office">
      <span className="visually-hidden"> – </span>
      {name}
    </span>
  );
}

/** An address whose office or date is not valid. */
export function BadAddress({ title }: { title: string }) {
  const { officeId } = useOffice();
  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle={title}>{title}</StaffPageTitle>
      <p className="notice notice--error">Osoitteen toimipiste tai päivämäärä ei kelpaa.</p>
      {officeId !== null && <Link to={staffPaths.day(officeId, todayInHelsinki())}>Siirry tämän päivän näkymään</Link>}
    </div>
  );
}

/** A view that could not be read: the server's message (or the page's own `message`) and a retry. */
export function LoadError({ error, onRetry, message: own }: { error: unknown; onRetry: () => void; message?: string }) {
  const message =
    own ??
    (error instanceof ApiError && error.status === 403
      ? 'Sinulla ei ole oikeutta tämän toimipisteen tietoihin.'
      : error instanceof ApiError
        ? error.message
        : 'Tietojen lataaminen ei onnistunut.');
  return (
    <div className="notice notice--error" role="alert">
      <p>{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Yritä uudelleen
      </Button>
    </div>
  );
}
