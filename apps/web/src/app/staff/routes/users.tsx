import './users.css';
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  STAFF_PASSWORD_MIN_LENGTH,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  type StaffOffice,
  type StaffRole,
  type StaffUser,
  type UpdateStaffUserBody,
} from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { createUser } from '@/features/staff/api/create-user.ts';
import { getOffices } from '@/features/staff/api/get-offices.ts';
import { getUsers } from '@/features/staff/api/get-users.ts';
import { updateUser } from '@/features/staff/api/update-user.ts';
import { messageOf } from '@/lib/form-errors.ts';
import { useFormErrors } from '@/features/staff/hooks/use-form-errors.ts';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';
import { useAnnouncement } from '@/hooks/use-announcement.ts';

const PASSWORD_HINT = `Vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`;

function Problem({ message }: { message: string | null }) {
  return message ? (
    <p className="notice notice--warning" role="alert">
      {message}
    </p>
  ) : null;
}

function officeNames(user: StaffUser, offices: StaffOffice[]): string {
  if (user.role === 'ADMIN') return 'Kaikki toimipisteet';
  const names = user.officeIds.map((id) => offices.find((o) => o.id === id)?.name ?? `Toimipiste ${id}`);
  return names.length ? names.join(', ') : '–';
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['staff', 'users'] });
}

export function UsersPage() {
  const { me } = useStaff();
  const admin = me?.role === 'ADMIN';
  const users = useQuery({ queryKey: ['staff', 'users'], queryFn: getUsers, enabled: admin });
  const offices = useQuery({ queryKey: ['staff', 'offices'], queryFn: getOffices, enabled: admin });
  const [announcement, setAnnouncement] = useAnnouncement();
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const forbidden = !admin || (users.error as { status?: number } | null)?.status === 403;
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
        <div className="staff-error" role="alert">
          <p>{messageOf(users.error)}</p>
          <Button variant="secondary" onClick={() => void users.refetch()}>
            Yritä uudelleen
          </Button>
        </div>
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

function UserList({ users, offices, onEdit }: { users: StaffUser[]; offices: StaffOffice[]; onEdit: (u: StaffUser) => void }) {
  const heading = useId();
  const sorted = [...users].sort((a, b) => Number(b.active) - Number(a.active) || a.name.localeCompare(b.name, 'fi'));
  return (
    <section className="card users__list" aria-labelledby={heading}>
      <h2 id={heading} className="card__title">
        Henkilökunnan tunnukset
      </h2>
      <div className="users__table-wrap">
        <table className="users__table">
          <thead>
            <tr>
              <th scope="col">Nimi</th>
              <th scope="col">Sähköposti</th>
              <th scope="col">Rooli</th>
              <th scope="col">Toimipisteet</th>
              <th scope="col">Tila</th>
              <th scope="col">
                <span className="visually-hidden">Toiminnot</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((u) => (
              <tr key={u.id} className={u.active ? undefined : 'users__row--inactive'}>
                <th scope="row">{u.name}</th>
                <td className="users__email" data-label="Sähköposti">
                  {/* The address may break after its @ in a narrow column, nowhere else. */}
                  {u.email.includes('@') ? (
                    <>
                      {u.email.slice(0, u.email.indexOf('@') + 1)}
                      <wbr />
                      {u.email.slice(u.email.indexOf('@') + 1)}
                    </>
                  ) : (
                    u.email
                  )}
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
          </tbody>
        </table>
      </div>
    </section>
  );
}

function OfficeChoices({
  offices,
  chosen,
  onChange,
  error,
  idPrefix,
}: {
  offices: StaffOffice[];
  chosen: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-offices-error`;
  return (
    <fieldset className="users__offices" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Toimipisteet</legend>
      <div className="users__office-grid">
        {offices.map((o) => {
          const id = `${idPrefix}-office-${o.id}`;
          return (
            <div key={o.id} className="checkbox-row">
              <input
                id={id}
                type="checkbox"
                className="checkbox"
                checked={chosen.includes(o.id)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id))}
              />
              <label htmlFor={id}>{o.name}</label>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function RoleSelect({ id, value, onChange, error }: { id: string; value: StaffRole; onChange: (r: StaffRole) => void; error?: string }) {
  return (
    <Field id={id} label="Rooli" error={error}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value as StaffRole)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error: Boolean(error) })}
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {STAFF_ROLE_LABELS[r]}
          </option>
        ))}
      </select>
    </Field>
  );
}

function CreateUserForm({ offices, announce }: { offices: StaffOffice[]; announce: (m: string) => void }) {
  const ids = { heading: useId(), email: useId(), name: useId(), role: useId(), password: useId(), offices: useId() };
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('OFFICE');
  const [officeIds, setOfficeIds] = useState<number[]>([]);
  const [password, setPassword] = useState('');
  const { fields, setFields, problem, refused, clear, invalid } = useFormErrors();
  const invalidate = useInvalidateUsers();
  const create = useMutation({
    mutationFn: () => createUser({ email, name, role, officeIds: role === 'ADMIN' ? [] : officeIds, password }),
    onSuccess: async () => {
      setEmail('');
      setName('');
      setRole('OFFICE');
      setOfficeIds([]);
      setPassword('');
      clear();
      await invalidate();
      announce('Käyttäjä lisätty');
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!email.trim()) local.email = 'Pakollinen tieto';
    if (!name.trim()) local.name = 'Pakollinen tieto';
    if (password.length < STAFF_PASSWORD_MIN_LENGTH) local.password = `Salasanassa on vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä`;
    if (role === 'OFFICE' && officeIds.length === 0) local.officeIds = 'Valitse vähintään yksi toimipiste';
    setFields(local);
    if (Object.keys(local).length === 0) create.mutate();
  };
  return (
    <section className="card users__create" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="card__title">
        Lisää käyttäjä
      </h2>
      <form className="form-stack" onSubmit={submit} noValidate>
        <Field id={ids.email} label="Sähköposti" required error={fields.email}>
          <input id={ids.email} type="email" autoComplete="off" className="input" value={email} onChange={(e) => setEmail(e.target.value)} {...invalid('email', ids.email)} />
        </Field>
        <Field id={ids.name} label="Nimi" required error={fields.name}>
          <input id={ids.name} className="input" autoComplete="off" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} {...invalid('name', ids.name)} />
        </Field>
        <RoleSelect id={ids.role} value={role} onChange={setRole} error={fields.role} />
        {role === 'OFFICE' ? (
          <OfficeChoices offices={offices} chosen={officeIds} onChange={setOfficeIds} error={fields.officeIds} idPrefix={ids.offices} />
        ) : (
          <p className="muted">Pääkäyttäjä hallitsee kaikkia toimipisteitä ja käyttäjiä.</p>
        )}
        <Field id={ids.password} label="Salasana" required hint={PASSWORD_HINT} error={fields.password}>
          <input
            id={ids.password}
            type="password"
            autoComplete="new-password"
            className="input"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            {...invalid('password', ids.password, true)}
          />
        </Field>
        <Problem message={problem} />
        <div className="actions">
          <Button type="submit" disabled={create.isPending}>
            Lisää käyttäjä
          </Button>
        </div>
      </form>
    </section>
  );
}

function EditUserForm({ user, offices, onDone }: { user: StaffUser; offices: StaffOffice[]; onDone: (message: string) => void }) {
  const ids = { name: useId(), role: useId(), active: useId(), password: useId(), offices: useId() };
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<StaffRole>(user.role);
  const [officeIds, setOfficeIds] = useState<number[]>(user.officeIds);
  const [active, setActive] = useState(user.active);
  const [password, setPassword] = useState('');
  const { fields, setFields, problem, refused, invalid } = useFormErrors();
  const invalidate = useInvalidateUsers();
  const save = useMutation({
    mutationFn: () => {
      const body: UpdateStaffUserBody = {};
      if (name !== user.name) body.name = name;
      if (role !== user.role) body.role = role;
      if (role === 'OFFICE' && officeIds.slice().sort().join() !== user.officeIds.slice().sort().join()) body.officeIds = officeIds;
      if (active !== user.active) body.active = active;
      if (password) body.password = password;
      return updateUser(user.id, body);
    },
    onSuccess: async () => {
      await invalidate();
      onDone(password ? 'Käyttäjä tallennettu ja salasana vaihdettu' : 'Käyttäjä tallennettu');
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = 'Pakollinen tieto';
    if (password && password.length < STAFF_PASSWORD_MIN_LENGTH) local.password = `Salasanassa on vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä`;
    if (role === 'OFFICE' && officeIds.length === 0) local.officeIds = 'Valitse vähintään yksi toimipiste';
    setFields(local);
    if (Object.keys(local).length === 0) save.mutate();
  };
  return (
    <form className="form-stack" onSubmit={submit} noValidate>
      <p className="muted">{user.email}</p>
      <Field id={ids.name} label="Nimi" error={fields.name}>
        <input
          id={ids.name}
          className="input"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          {...invalid('name', ids.name)}
        />
      </Field>
      <RoleSelect id={ids.role} value={role} onChange={setRole} error={fields.role} />
      {role === 'OFFICE' && <OfficeChoices offices={offices} chosen={officeIds} onChange={setOfficeIds} error={fields.officeIds} idPrefix={ids.offices} />}
      <div className="checkbox-row">
        <input id={ids.active} type="checkbox" className="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <label htmlFor={ids.active}>Tunnus käytössä</label>
      </div>
      {fields.active && <p className="field__error">{fields.active}</p>}
      <Field id={ids.password} label="Uusi salasana" hint={`Jätä tyhjäksi, jos salasana ei muutu. ${PASSWORD_HINT}`} error={fields.password}>
        <input
          id={ids.password}
          type="password"
          autoComplete="new-password"
          className="input"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          {...invalid('password', ids.password, true)}
        />
      </Field>
      <Problem message={problem} />
      <div className="actions">
        <Button type="submit" disabled={save.isPending}>
          Tallenna
        </Button>
      </div>
    </form>
  );
}
