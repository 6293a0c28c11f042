import { STAFF_ROLE_LABELS } from '@huolto/domain';
import { PasswordForm } from '@/features/staff/components/account/password-form.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';

/** /hallinta/oma-tili — who is signed in, and a new password for themselves. */
export function AccountPage() {
  const { me } = useStaff();
  return (
    <div className="staff-page">
      <StaffPageTitle documentTitle="Oma tili">Oma tili</StaffPageTitle>
      {me && (
        <dl className="staff-account__facts">
          <dt>Nimi</dt>
          <dd>{me.name}</dd>
          <dt>Sähköposti</dt>
          <dd>{me.email}</dd>
          <dt>Rooli</dt>
          <dd>{STAFF_ROLE_LABELS[me.role]}</dd>
        </dl>
      )}
      <PasswordForm />
    </div>
  );
}
