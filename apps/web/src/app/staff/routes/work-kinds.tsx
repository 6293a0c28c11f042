import '@/features/staff/components/work-kinds/work-kinds.css';
import { useWorkKinds } from '@/features/staff/api/get-work-kinds.ts';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { LoadError } from '@/features/staff/components/view-states.tsx';
import { CreateWorkKindForm } from '@/features/staff/components/work-kinds/work-kind-forms.tsx';
import { WorkKindList } from '@/features/staff/components/work-kinds/work-kind-list.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { messageOf } from '@/lib/form-errors.ts';

/** /hallinta/tyolajit — the kinds of work resources can do, for an admin: the list and a new one. */
export function WorkKindsPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const kinds = useWorkKinds(admin);
  const [announcement, setAnnouncement] = useAnnouncement();

  return (
    <div className="staff-page">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Työlajit">Työlajit</StaffPageTitle>
      {!admin ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi hallita työlajeja.</p>
      ) : kinds.isPending ? (
        <p className="staff-loading">Haetaan työlajeja…</p>
      ) : kinds.isError ? (
        <LoadError error={kinds.error} message={messageOf(kinds.error)} onRetry={() => void kinds.refetch()} />
      ) : (
        <div className="work-kinds__columns">
          <WorkKindList kinds={kinds.data} announce={setAnnouncement} />
          <CreateWorkKindForm announce={setAnnouncement} />
        </div>
      )}
    </div>
  );
}
