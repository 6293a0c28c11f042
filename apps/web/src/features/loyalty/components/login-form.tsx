import './login-form.css';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBody } from '@huolto/domain';
import { useSiteSettings } from '@/components/layout/site-settings-context.tsx';
import { Button } from '@/components/ui/button.tsx';
import { InputField, PasswordField } from '@/components/ui/field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notifyMessage } from '@/lib/notifications.ts';
import { login } from '@/features/loyalty/api/login.ts';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';
import { clearLoginFailures, notifyLoginFailure } from './login-form-errors.ts';

/** The username field's label: docs/glossary.md "login popup" names it Käyttäjätunnus; it is the account's e-mail address. */
export const USERNAME_LABEL = 'Käyttäjätunnus (sähköposti)';

interface LoginValues {
  username: string;
  password: string;
}

/** Username and password, both required; 'Kirjaudu' stays disabled until both are filled. */
export function LoginForm({
  defaultUsername,
  note,
  onLoggedIn,
  onRegister,
}: {
  defaultUsername: string;
  note: string | null;
  onLoggedIn: () => void;
  onRegister: () => void;
}) {
  const uid = useId();
  const { signIn } = useLoyalty();
  /** Where a customer resets a forgotten password: the loyaltyPassword link of the settings; without one, no link. */
  const forgotPasswordUrl = useSiteSettings()?.links.loyaltyPassword;
  /** The failed attempt's message, shown in the dialog as well: its dimming covers the notifications. */
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginValues, unknown, LoginValues>({
    defaultValues: { username: defaultUsername, password: '' },
    resolver: zodResolver(loginBody),
    mode: 'onChange',
  });

  // A view of the dialog that replaces another starts with the focus in its first empty field.
  useEffect(() => setFocus(defaultUsername ? 'password' : 'username'), [defaultUsername, setFocus]);

  const onSubmit = async (values: LoginValues) => {
    setFailure(null);
    try {
      const { token } = await login(values);
      signIn(token);
      clearLoginFailures();
      notifyMessage('loginSuccess');
      onLoggedIn();
    } catch (error) {
      setFailure(notifyLoginFailure(error));
      if (error instanceof ApiError && error.status === 401) setFocus('password', { shouldSelect: true });
    }
  };

  const usernameId = `${uid}-username`;
  const passwordId = `${uid}-password`;
  return (
    <form className="login-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Kirjautuminen">
      {note && (
        <p className="notice notice--success" role="status">
          {note}
        </p>
      )}
      <p className="login-form__intro">
        Kirjautuneena saat tallennetut autosi, esitäytetyt yhteystiedot ja jäsenetusi varaukseen.
      </p>
      {failure && (
        <p className="notice login-form__failure" role="alert">
          {failure}
        </p>
      )}
      <div className="form-grid">
        <InputField
          id={usernameId}
          label={USERNAME_LABEL}
          required
          error={errors.username?.message}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...register('username')}
        />
        <PasswordField id={passwordId} required error={errors.password?.message} {...register('password')} />
      </div>
      {forgotPasswordUrl && (
        <p className="login-form__forgot">
          <a href={forgotPasswordUrl} target="_blank" rel="noopener noreferrer">
            Unohtuiko salasana?<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
          </a>
        </p>
      )}
      <Button type="submit" block disabled={!isValid || isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? 'Kirjaudutaan…' : 'Kirjaudu'}
      </Button>
      <p className="login-form__register">
        <button type="button" className="link-button" onClick={onRegister}>
          Uusi asiakas? Rekisteröidy
        </button>
      </p>
    </form>
  );
}
