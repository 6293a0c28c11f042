import { Link, useNavigate } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { OfficeForm } from '@/features/staff/components/offices/office-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';

/** /hallinta/toimipisteet/uusi — a new office, for an admin; once added, its own page (its resources next). */
export function NewOfficePage() {
  const { me, refresh } = useStaff();
  const navigate = useNavigate();
  const admin = me?.role === 'ADMIN';

  return (
    <div className="staff-page">
      <p>
        <Link to={staffPaths.offices}>← Toimipisteet</Link>
      </p>
      <StaffPageTitle documentTitle="Uusi toimipiste">Uusi toimipiste</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi lisätä toimipisteitä.</p>
      ) : (
        <OfficeForm
          onSaved={(office) => {
            // The admin's offices (the office picker) now include the new one.
            void refresh().catch(() => undefined);
            void navigate(staffPaths.office(office.id), { state: { created: true } });
          }}
        />
      )}
    </div>
  );
}
