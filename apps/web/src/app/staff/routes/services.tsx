import { useLocation } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { useCatalogueGroups } from '@/features/staff/api/get-catalogue-groups.ts';
import { useServices } from '@/features/staff/api/get-services.ts';
import { useWorkKinds } from '@/features/staff/api/get-work-kinds.ts';
import { CreateGroupForm } from '@/features/staff/components/catalogue/group-forms.tsx';
import { ServiceList } from '@/features/staff/components/catalogue/service-list.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/palvelut — the catalogue by stage and group, each service linked to its page; an
 * admin adds services and groups, renames groups and orders them, an office user reads.
 */
export function ServicesPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const groups = useCatalogueGroups();
  const services = useServices();
  const workKinds = useWorkKinds();
  const [announcement, setAnnouncement] = useAnnouncement();
  // A service just added or saved: its page leads back here with the news.
  const saved = (useLocation().state as { saved?: string } | null)?.saved;
  const failed = groups.isError ? groups : services.isError ? services : null;

  return (
    <div className="staff-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Palvelut">Palvelut</StaffPageTitle>
      <div className="form-stack">
        {saved && (
          <p className="notice notice--success" role="status">
            {saved}
          </p>
        )}
        <div className="actions">
          {admin && <ButtonLink to={staffPaths.newService}>Uusi palvelu</ButtonLink>}
          <ButtonLink variant="secondary" to={staffPaths.servicePreview}>
            Esikatsele asiakkaan näkymää
          </ButtonLink>
        </div>
        {groups.isSuccess && services.isSuccess ? (
          <ServiceList groups={groups.data} services={services.data} workKinds={workKinds.data ?? []} admin={admin} announce={setAnnouncement} />
        ) : failed ? (
          <LoadError error={failed.error} message={messageOf(failed.error)} onRetry={() => void Promise.all([groups.refetch(), services.refetch()])} />
        ) : (
          <p className="staff-loading">Haetaan palveluita…</p>
        )}
        {admin && groups.isSuccess && <CreateGroupForm announce={setAnnouncement} />}
      </div>
    </div>
  );
}
