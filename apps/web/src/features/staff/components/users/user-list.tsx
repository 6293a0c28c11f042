import './user-list.css';
import { useId } from 'react';
import { STAFF_ROLE_LABELS, type StaffOffice, type StaffUser } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { StaffTable } from '@/features/staff/components/staff-table.tsx';

function officeNames(user: StaffUser, offices: StaffOffice[]): string {
  if (user.role === 'ADMIN') return 'Kaikki toimipisteet';
  const names = user.officeIds.map((id) => offices.find((o) => o.id === id)?.name ?? `Toimipiste ${id}`);
  return names.length ? names.join(', ') : '–';
}

/** The address, which may break after its @ in a narrow column and nowhere else. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** 'Henkilökunnan tunnukset': every account, the active ones first, by name, each with its edit button. */
export function UserList({ users, offices, onEdit }: { users: StaffUser[]; offices: StaffOffice[]; onEdit: (user: StaffUser) => void }) {
  const heading = useId();
  const sorted = [...users].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'fi'));
  return (
    <section className="card users__list" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Henkilökunnan tunnukset
      </h2>
      <StaffTable columns={['Nimi', 'Sähköposti', 'Rooli', 'Toimipisteet', 'Tila']} actions stacked className="users__table-wrap">
        {sorted.map((u) => (
          <tr key={u.id} className={u.active ? undefined : 'staff-table__row--inactive'}>
            <th scope="row">{u.name}</th>
            <td className="users__email" data-label="Sähköposti">
              <BreakableEmail email={u.email} />
            </td>
            <td data-label="Rooli">{STAFF_ROLE_LABELS[u.role]}</td>
            <td data-label="Toimipisteet">{officeNames(u, offices)}</td>
            <td data-label="Tila">{u.active ? 'Aktiivinen' : 'Poistettu käytöstä'}</td>
            <td>
              <Button variant="secondary" aria-label={`Muokkaa: ${u.name}`} onClick={() => onEdit(u)}>
                Muokkaa
              </Button>
            </td>
          </tr>
        ))}
      </StaffTable>
    </section>
  );
}
