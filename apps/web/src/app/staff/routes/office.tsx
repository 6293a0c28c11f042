import { Link, useLocation, useParams } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { useOfficeDetails } from '@/features/staff/api/get-office-details.ts';
import { OfficeActivity } from '@/features/staff/components/offices/office-activity.tsx';
import { OfficeForm } from '@/features/staff/components/offices/office-form.tsx';
import { OfficeResources } from '@/features/staff/components/offices/office-resources.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/toimipisteet/:officeId — an office's details and its resources, for its own users
 * and admins; an admin also takes it out of use or back.
 */
export function OfficePage() {
  const { officeId: param } = useParams();
  const officeId = Number(param);
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const allowed = admin || (me?.offices.some((o) => o.id === officeId) ?? false);
  const valid = Number.isInteger(officeId) && officeId > 0;
  const details = useOfficeDetails(officeId, valid && allowed);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [announcement, setAnnouncement] = useAnnouncement();
  const office = details.data;

  return (
    <div className="staff-page office-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {admin && (
        <p>
          <Link to={staffPaths.offices}>← Toimipisteet</Link>
        </p>
      )}
      <StaffPageTitle documentTitle="Toimipiste">{office ? `Toimipiste: ${office.name}` : 'Toimipiste'}</StaffPageTitle>
      {!valid || !allowed ? (
        <p className="notice notice--warning">Toimipistettä ei ole tai sinulla ei ole oikeutta siihen.</p>
      ) : details.isPending ? (
        <p className="staff-loading">Haetaan toimipistettä…</p>
      ) : details.isError ? (
        <LoadError error={details.error} message={messageOf(details.error)} onRetry={() => void details.refetch()} />
      ) : (
        <>
          {created && <p className="notice notice--success">Toimipiste lisätty. Lisää seuraavaksi sen nostimet ja mekaanikot.</p>}
          <p className="office-page__links">
            <Link to={staffPaths.capacity(officeId)}>Aukioloajat, poikkeukset ja poissaolot</Link>
          </p>
          <div className="office-page__columns">
            <OfficeForm key={office!.id} office={office!} onSaved={() => setAnnouncement('Toimipisteen tiedot tallennettu')} />
            <div className="office-page__side">
              <OfficeResources officeId={officeId} announce={setAnnouncement} />
              {admin && <OfficeActivity office={office!} announce={setAnnouncement} />}
            </div>
          </div>
        </>
      )}
    </div>
  );
}

