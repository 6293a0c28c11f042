import { useOfficeAdmin } from '@/features/staff/api/get-office-admin.ts';
import { useSetup } from '@/features/staff/api/get-setup.ts';
import { SetupSteps } from '@/features/staff/components/setup/setup-steps.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { messageOf } from '@/lib/form-errors.ts';

/**
 * /hallinta/kayttoonotto — the set-up list of an empty start, for an admin: each step ticked
 * when done and linked to its page; the office's steps lead to the first office.
 */
export function SetupPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const setup = useSetup(admin);
  const offices = useOfficeAdmin(admin);
  const first = offices.data?.find((o) => o.active) ?? offices.data?.[0];

  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Käyttöönotto">Käyttöönotto</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi tehdä käyttöönoton.</p>
      ) : setup.isPending ? (
        <p className="staff-loading">Haetaan käyttöönoton tilaa…</p>
      ) : setup.isError ? (
        <LoadError error={setup.error} message={messageOf(setup.error)} onRetry={() => void setup.refetch()} />
      ) : (
        <>
          <p className={setup.data.complete ? 'notice notice--success' : 'lead'}>
            {setup.data.complete
              ? 'Käyttöönotto on valmis: asiakkaat voivat varata aikoja.'
              : 'Tee nämä vaiheet, niin asiakkaat voivat varata aikoja. Vaihe merkitään tehdyksi, kun sen tiedot on tallennettu.'}
          </p>
          <SetupSteps status={setup.data} officeId={first?.id ?? null} />
        </>
      )}
    </div>
  );
}
