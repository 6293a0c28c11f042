import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { STAFF_PASSWORD_MIN_LENGTH, STAFF_ROLE_LABELS } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field } from '@/components/ui/field.tsx';
import { changeOwnPassword } from '@/features/staff/api/change-own-password.ts';
import { useFormErrors } from '@/features/staff/hooks/use-form-errors.ts';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { StaffPageTitle } from '@/features/staff/components/staff-title.tsx';

const TOO_SHORT = `Salasanassa on vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä`;

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

function PasswordForm() {
  const ids = { heading: useId(), current: useId(), next: useId(), again: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { fields, setFields, problem, refused, clear, invalid } = useFormErrors();
  const [done, setDone] = useState('');
  const change = useMutation({
    mutationFn: () => changeOwnPassword({ currentPassword: current, newPassword: next }),
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setAgain('');
      clear();
      setDone('Salasana vaihdettu. Muut kirjautumisesi on päätetty.');
    },
    onError: refused,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const local: Record<string, string> = {};
    if (!current) local.currentPassword = 'Pakollinen tieto';
    if (next.length < STAFF_PASSWORD_MIN_LENGTH) local.newPassword = TOO_SHORT;
    else if (next === current) local.newPassword = 'Uusi salasana on sama kuin nykyinen';
    if (again !== next) local.again = 'Salasanat eivät ole samat';
    clear();
    setFields(local);
    if (Object.keys(local).length === 0) change.mutate();
  };
  return (
    <section className="card staff-account__password" aria-labelledby={ids.heading}>
      <h2 id={ids.heading} className="card__title">
        Vaihda salasana
      </h2>
      <form className="form-stack" onSubmit={submit} noValidate>
        <Field id={ids.current} label="Nykyinen salasana" required error={fields.currentPassword}>
          <input
            id={ids.current}
            type="password"
            autoComplete="current-password"
            className="input"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            {...invalid('currentPassword', ids.current)}
          />
        </Field>
        <Field id={ids.next} label="Uusi salasana" required hint={`Vähintään ${STAFF_PASSWORD_MIN_LENGTH} merkkiä.`} error={fields.newPassword}>
          <input
            id={ids.next}
            type="password"
            autoComplete="new-password"
            className="input"
            value={next}
            onChange={(e) => setNext(e.target.value)}
            {...invalid('newPassword', ids.next, true)}
          />
        </Field>
        <Field id={ids.again} label="Uusi salasana uudelleen" required error={fields.again}>
          <input
            id={ids.again}
            type="password"
            autoComplete="new-password"
            className="input"
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            {...invalid('again', ids.again)}
          />
        </Field>
        {problem && (
          <p className="notice notice--warning" role="alert">
            {problem}
          </p>
        )}
        <p role="status" className="staff-account__done">
          {done}
        </p>
        <div className="actions">
          <Button type="submit" disabled={change.isPending}>
            Vaihda salasana
          </Button>
        </div>
      </form>
    </section>
  );
}
