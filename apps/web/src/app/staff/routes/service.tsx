import { Link, useNavigate, useParams } from 'react-router';
import { staffPaths } from '@huolto/domain';
import { useService } from '@/features/staff/api/get-service.ts';
import { ServiceFacts } from '@/features/staff/components/catalogue/service-facts.tsx';
import { ServiceForm } from '@/features/staff/components/catalogue/service-form.tsx';
import { useServiceFormChoices } from '@/features/staff/components/catalogue/use-service-form-choices.ts';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/palvelut/:code — a service: an admin edits every field (saved, back to the list,
 * which says so), an office user reads it.
 */
export function ServicePage() {
  const { code = '' } = useParams();
  const { me } = useStaff();
  const navigate = useNavigate();
  const admin = me?.role === 'ADMIN';
  const service = useService(code);
  const choices = useServiceFormChoices(true);
  const failed = service.error ?? choices.error;

  return (
    <div className="staff-page">
      <p>
        <Link to={staffPaths.services}>← Palvelut</Link>
      </p>
      <StaffPageTitle documentTitle="Palvelu">{service.data ? `Palvelu: ${service.data.name}` : 'Palvelu'}</StaffPageTitle>
      {failed ? (
        <LoadError error={failed} message={messageOf(failed)} onRetry={() => void Promise.all([service.refetch(), choices.retry()])} />
      ) : !service.data || !choices.data ? (
        <p className="staff-loading">Haetaan palvelua…</p>
      ) : admin ? (
        <ServiceForm
          key={service.data.code}
          service={service.data}
          choices={choices.data}
          onSaved={(s) => void navigate(staffPaths.services, { state: { saved: `Palvelu tallennettu: ${s.name}` } })}
        />
      ) : (
        <ServiceFacts service={service.data} workKinds={choices.data.workKinds} makes={choices.data.makes} />
      )}
    </div>
  );
}
