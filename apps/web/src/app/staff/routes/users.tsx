import './users.css';
import { useState } from 'react';
import type { StaffUser } from '@huolto/domain';
import { Modal } from '@/components/ui/modal.tsx';
import { useOffices } from '@/features/staff/api/get-offices.ts';
import { useUsers } from '@/features/staff/api/get-users.ts';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { CreateUserForm } from '@/features/staff/components/users/create-user-form.tsx';
import { EditUserForm } from '@/features/staff/components/users/edit-user-form.tsx';
import { UserList } from '@/features/staff/components/users/user-list.tsx';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';
import { ApiError } from '@/lib/api-client.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { LoadError } from '@/features/staff/components/view-states.tsx';

/** /hallinta/kayttajat — the staff accounts, for an admin: the list, a new account, and an account edited in a dialog. */
export function UsersPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const users = useUsers(admin);
  const offices = useOffices(admin);
  const [announcement, setAnnouncement] = useAnnouncement();
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const forbidden = !admin || (users.error instanceof ApiError && users.error.status === 403);
  const officeList = offices.data ?? [];

  return (
    <div className="staff-page users">
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <StaffPageTitle documentTitle="Käyttäjät">Käyttäjät</StaffPageTitle>
      {forbidden ? (
        <p className="notice notice--warning">Vain pääkäyttäjä voi hallita käyttäjiä.</p>
      ) : users.isPending ? (
        <p className="staff-loading">Haetaan käyttäjiä…</p>
      ) : users.isError ? (
        <LoadError error={users.error} message={messageOf(users.error)} onRetry={() => void users.refetch()} />
      ) : (
        <div className="users__columns">
          <UserList users={users.data} offices={officeList} onEdit={setEditing} />
          <CreateUserForm offices={officeList} announce={setAnnouncement} />
        </div>
      )}
      <Modal open={editing !== null} title={editing ? `Muokkaa: ${editing.name}` : ''} onClose={() => setEditing(null)}>
        {editing && (
          <EditUserForm
            user={editing}
            offices={officeList}
            onDone={(message) => {
              setEditing(null);
              setAnnouncement(message);
            }}
          />
        )}
      </Modal>
    </div>
  );
}
