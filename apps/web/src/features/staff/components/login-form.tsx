import './login-form.css';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginBody, type StaffLoginBody } from '@huolto/domain';
import { Button } from '@/components/ui/button.tsx';
import { InputField, PasswordField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { showFieldErrors } from '@/lib/form-errors.ts';
import { useLogin } from '@/features/staff/api/login.ts';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';

const LOGIN_FIELDS = ['email', 'password'] as const;

/** 'Voit yrittää uudelleen noin 5 minuutin kuluttua.' */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1
    ? 'Voit yrittää uudelleen noin minuutin kuluttua.'
    : `Voit yrittää uudelleen noin ${minutes} minuutin kuluttua.`;
}

/**
 * E-mail and password, checked with the domain's staffLoginBody; a refusal shows the server's
 * Finnish message above the form (with how long to wait after too many attempts) and the
 * fields it names at the fields, and empties the password.
 */
export function LoginForm() {
  const { setMe } = useStaff();
  const uid = useId();
  const emailId = `${uid}-email`;
  const passwordId = `${uid}-password`;
  const errorRef = useRef<HTMLDivElement>(null);
  const signIn = useLogin({ onSuccess: setMe });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<StaffLoginBody, unknown, StaffLoginBody>({
    defaultValues: { email: '', password: '' },
    resolver: zodResolver(staffLoginBody),
  });

  const error = signIn.error;
  const message = error instanceof ApiError ? error.message : error ? 'Kirjautuminen ei onnistunut. Yritä uudelleen.' : null;
  const wait = error instanceof ApiError && error.status === 429 && error.retryAfter ? waitText(error.retryAfter) : null;

  const onSubmit = async (values: StaffLoginBody) => {
    // Not disabled while signing in: a second press does nothing.
    if (signIn.isPending) return;
    try {
      await signIn.mutateAsync(values);
    } catch (e) {
      showFieldErrors(e, setError, LOGIN_FIELDS);
      setValue('password', '');
      // The message is read out (role="alert"); focus goes to it so it is also seen.
      queueMicrotask(() => errorRef.current?.focus());
    }
  };

  return (
    <>
      <div ref={errorRef} tabIndex={-1} role="alert" className={message ? 'notice notice--error' : undefined}>
        {message && <p>{message}</p>}
        {wait && <p className="staff-login__wait">{wait}</p>}
      </div>
      {/* A form the schema refuses is not sent; the earlier refusal's message goes with it. */}
      <form className="form-grid" noValidate onSubmit={handleSubmit(onSubmit, () => signIn.reset())}>
        <InputField
          id={emailId}
          label="Sähköposti"
          required
          error={errors.email?.message}
          type="email"
          autoComplete="username"
          {...register('email')}
        />
        <PasswordField id={passwordId} required error={errors.password?.message} {...register('password')} />
        {/* Not disabled while signing in (a second press does nothing): it keeps its contrast and focus. */}
        <Button type="submit" block aria-busy={signIn.isPending || undefined}>
          {signIn.isPending ? 'Kirjaudutaan…' : 'Kirjaudu sisään'}
        </Button>
      </form>
    </>
  );
}
