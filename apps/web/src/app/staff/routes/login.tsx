import './login.css';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Field, describedBy } from '@/components/ui/field.tsx';
import { login } from '@/features/staff/api/login.ts';
import { ApiError } from '@/lib/api-client.ts';
import { fieldMessage } from '@/lib/form-errors.ts';
import { useStaff } from '@/features/staff/hooks/use-staff.tsx';
import { useStaffTitle } from '@/features/staff/components/staff-title.tsx';

/** 'Voit yrittää uudelleen noin 5 minuutin kuluttua.' */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1
    ? 'Voit yrittää uudelleen noin minuutin kuluttua.'
    : `Voit yrittää uudelleen noin ${minutes} minuutin kuluttua.`;
}

/** The back-office's sign-in: e-mail and password; the server's Finnish message on a refusal. */
export function LoginPage() {
  useStaffTitle('Kirjautuminen');
  const { setMe } = useStaff();
  const emailId = useId();
  const passwordId = useId();
  const errorRef = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const emailError = fieldMessage(error, 'email');
  const passwordError = fieldMessage(error, 'password');
  const message =
    error instanceof ApiError ? error.message : error ? 'Kirjautuminen ei onnistunut. Yritä uudelleen.' : null;
  const wait = error instanceof ApiError && error.status === 429 && error.retryAfter ? waitText(error.retryAfter) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      const me = await login({ email, password });
      setMe(me);
    } catch (e) {
      setError(e);
      setPassword('');
      // The message is read out (role="alert"); focus goes to it so it is also seen.
      queueMicrotask(() => errorRef.current?.focus());
    } finally {
      setPending(false);
    }
  }

  return (
    <main className="staff-login" id="sisalto">
      <div className="staff-login__card">
        <p className="staff-login__brand">Laakkonen</p>
        <h1 className="staff-login__title">Hallinta – kirjaudu sisään</h1>
        <p className="muted">Korjaamon henkilökunnan ajanvarausten hallinta.</p>
        <div ref={errorRef} tabIndex={-1} role="alert" className={message ? 'staff-error' : undefined}>
          {message && <p>{message}</p>}
          {wait && <p className="staff-login__wait">{wait}</p>}
        </div>
        <form className="form-grid" noValidate onSubmit={(e) => void submit(e)}>
          <Field id={emailId} label="Sähköposti" required error={emailError}>
            <input
              id={emailId}
              className="input"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={describedBy(emailId, { error: Boolean(emailError) })}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field id={passwordId} label="Salasana" required error={passwordError}>
            <input
              id={passwordId}
              className="input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={describedBy(passwordId, { error: Boolean(passwordError) })}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {/* Not disabled while signing in (a second press does nothing): it keeps its contrast and focus. */}
          <Button type="submit" block aria-busy={pending || undefined}>
            {pending ? 'Kirjaudutaan…' : 'Kirjaudu sisään'}
          </Button>
        </form>
      </div>
    </main>
  );
}
