import './login.css';
import { brandName } from '@/components/layout/site-settings-context.tsx';
import { useSettings } from '@/features/session/api/get-settings.ts';
import { LoginForm } from '@/features/staff/components/login-form.tsx';
import { useStaffTitle } from '@/features/staff/components/staff-title.tsx';

/** The back-office's sign-in: e-mail and password; the server's Finnish message on a refusal. */
export function LoginPage() {
  useStaffTitle('Kirjautuminen');
  const companyName = useSettings().data?.companyName;
  return (
    <main className="staff-login" id="sisalto">
      <div className="staff-login__card">
        <p className="staff-login__brand">{brandName(companyName)}</p>
        <h1 className="staff-login__title">Hallinta – kirjaudu sisään</h1>
        <p className="muted">Korjaamon henkilökunnan ajanvarausten hallinta.</p>
        <LoginForm />
      </div>
    </main>
  );
}
