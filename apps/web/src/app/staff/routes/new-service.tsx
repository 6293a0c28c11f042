import { Link, useNavigate } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { useServiceFormChoices } from '@/features/staff/components/catalogue/use-service-form-choices.ts';
import { ServiceForm } from '@/features/staff/components/catalogue/service-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/** /hallinta/palvelut/uusi — a new service, for an admin; once added, back to the list, which says so. */
export function NewServicePage() {
  const { me } = useStaff();
  const navigate = useNavigate();
  const admin = me?.role === 'ADMIN';
  const choices = useServiceFormChoices(admin);

  return (
    <div className="staff-page">
      <p>
        <Link to={staffPaths.services}>← Palvelut</Link>
      </p>
      <StaffPageTitle documentTitle="Uusi palvelu">Uusi palvelu</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi lisätä palveluita.</p>
      ) : choices.error ? (
        <LoadError error={choices.error} message={messageOf(choices.error)} onRetry={choices.retry} />
      ) : !choices.data ? (
        <p className="staff-loading">Haetaan ryhmiä ja palveluita…</p>
      ) : choices.data.groups.length === 0 ? (
        <p className="notice notice--warning">
          Palvelu kuuluu aina ryhmään. <Link to={staffPaths.services}>Lisää ensin ryhmä</Link>.
        </p>
      ) : (
        <ServiceForm choices={choices.data} onSaved={(s) => void navigate(staffPaths.services, { state: { saved: `Palvelu lisätty: ${s.name}` } })} />
      )}
    </div>
  );
}
