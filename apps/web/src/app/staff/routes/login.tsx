import './login.css';
import { LoginForm } from '@/features/staff/components/login-form.tsx';
import { useStaffTitle } from '@/features/staff/components/staff-title.tsx';

/** The back-office's sign-in: e-mail and password; the server's Finnish message on a refusal. */
export function LoginPage() {
  useStaffTitle('Kirjautuminen');
  return (
    <main className="staff-login" id="sisalto">
      <div className="staff-login__card">
        <p className="staff-login__brand">Laakkonen</p>
        <h1 className="staff-login__title">Hallinta – kirjaudu sisään</h1>
        <p className="muted">Korjaamon henkilökunnan ajanvarausten hallinta.</p>
        <LoginForm />
      </div>
    </main>
  );
}
