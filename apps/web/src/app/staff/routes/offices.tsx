import { staffPaths } from '@huolto/domain';
import { ButtonLink } from '@/components/ui/button-link.tsx';
import { useOfficeAdmin } from '@/features/staff/api/get-office-admin.ts';
import { OfficeList } from '@/features/staff/components/offices/office-list.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/** /hallinta/toimipisteet — every office, in use or not, for an admin, and a new one. */
export function OfficesPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const offices = useOfficeAdmin(admin);

  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Toimipisteet">Toimipisteet</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi hallita toimipisteitä.</p>
      ) : (
        <div className="form-stack">
          <div className="actions">
            <ButtonLink to={staffPaths.newOffice}>Uusi toimipiste</ButtonLink>
          </div>
          {offices.isPending ? (
            <p className="staff-loading">Haetaan toimipisteitä…</p>
          ) : offices.isError ? (
            <LoadError error={offices.error} message={messageOf(offices.error)} onRetry={() => void offices.refetch()} />
          ) : (
            <section className="card">
              <OfficeList offices={offices.data} />
            </section>
          )}
        </div>
      )}
    </div>
  );
}
