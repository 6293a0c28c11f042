import './login-form.css';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, registerUserBody } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { SITE_PAGES } from '@/config/site-pages.ts';
import { registerUser } from '@/features/loyalty/api/register-user.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import { notifyFailure } from './login-form-errors.ts';
import { useLoyaltyAccountName } from './loyalty-prompt.tsx';

interface RegisterInput {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  phone?: string;
}

const REGISTER_FIELDS = ['username', 'password', 'firstname', 'lastname', 'phone'] as const;

/** A new customer's account; the service e-mails a code to confirm it with. */
export function RegisterForm({ onRegistered, onBack }: { onRegistered: (username: string) => void; onBack: () => void }) {
  const uid = useId();
  const account = useLoyaltyAccountName();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterInput>({
    defaultValues: { username: '', password: '', firstname: '', lastname: '', phone: '' },
    resolver: zodResolver(registerUserBody),
    mode: 'onTouched',
  });

  useEffect(() => setFocus('username'), [setFocus]);

  const onSubmit = async (values: RegisterInput) => {
    try {
      await registerUser({ ...values, phone: values.phone || undefined });
      onRegistered(values.username);
    } catch (error) {
      if (!showFieldErrors(error, setError, REGISTER_FIELDS)) notifyFailure(error);
    }
  };

  const field = (
    name: (typeof REGISTER_FIELDS)[number],
    label: string,
    props: { type?: string; autoComplete: string; inputMode?: 'email' | 'tel'; required?: boolean; hint?: string },
  ) => {
    const id = `${uid}-${name}`;
    const error = errors[name]?.message;
    const required = props.required ?? true;
    return (
      <Field id={id} label={label} required={required} hint={props.hint} error={error}>
        <input
          id={id}
          className="input"
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint: !!props.hint, error: !!error })}
          {...register(name)}
        />
      </Field>
    );
  };

  return (
    <form className="login-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Rekisteröityminen">
      <p className="login-form__intro">Luo {account}. Lähetämme sähköpostiisi vahvistuskoodin.</p>
      <p className="login-form__intro">
        Tietojesi käsittelystä kerrotaan{' '}
        <a href={SITE_PAGES.privacy} target="_blank">
          tietosuojaselosteessa<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
        </a>
        .
      </p>
      <div className="form-grid">
        {field('username', 'Sähköposti', { type: 'email', inputMode: 'email', autoComplete: 'email' })}
        {field('password', 'Salasana', {
          type: 'password',
          autoComplete: 'new-password',
          hint: `Vähintään ${MIN_PASSWORD_LENGTH} merkkiä.`,
        })}
        {field('firstname', 'Etunimi', { autoComplete: 'given-name' })}
        {field('lastname', 'Sukunimi', { autoComplete: 'family-name' })}
        {field('phone', 'Puhelinnumero', { type: 'tel', inputMode: 'tel', autoComplete: 'tel', required: false })}
      </div>
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Rekisteröidy
      </Button>
      <p className="login-form__register">
        <button type="button" className="link-button" onClick={onBack}>
          Takaisin kirjautumiseen
        </button>
      </p>
    </form>
  );
}
