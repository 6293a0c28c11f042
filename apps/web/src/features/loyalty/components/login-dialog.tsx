import { useEffect, useId, useState } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH, confirmUserBody, loginBody, registerUserBody } from '@huolto/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Field, describedBy } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify, notifyMessage } from '../../../lib/notifications.ts';
import { confirmUser } from '../api/confirm-user.ts';
import { login } from '../api/login.ts';
import { fieldErrors, serverMessage } from '../api/loyalty-request.ts';
import { registerUser } from '../api/register-user.ts';
import { useLoyalty } from '../loyalty-context.tsx';

/** Where a customer resets a forgotten password (the loyalty service's own site). */
export const FORGOT_PASSWORD_URL = 'https://www.laakkonen.fi/omalaakkonen/salasana';

type View = { name: 'login'; username: string; note: string | null } | { name: 'register' } | { name: 'confirm'; username: string };

const TITLES: Record<View['name'], string> = {
  login: 'Kirjaudu OmaLaakkoseen',
  register: 'Rekisteröidy OmaLaakkoseen',
  confirm: 'Vahvista tilisi',
};

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The login popup (SPEC §2 "Vehicle page", "Customer details page"; §5 "Login"):
 * username and password, both required, 'Kirjaudu' disabled until both are filled;
 * a forgot-password link and a new-customer registration that e-mails a code to
 * confirm the account with.
 */
export function LoginDialog({ open, onClose }: LoginDialogProps) {
  const [view, setView] = useState<View>({ name: 'login', username: '', note: null });
  const close = () => {
    setView({ name: 'login', username: '', note: null });
    onClose();
  };

  return (
    <Modal open={open} title={TITLES[view.name]} onClose={close} className="login-dialog">
      {view.name === 'login' && (
        <LoginForm
          key={view.username}
          defaultUsername={view.username}
          note={view.note}
          onLoggedIn={close}
          onRegister={() => setView({ name: 'register' })}
        />
      )}
      {view.name === 'register' && (
        <RegisterForm
          onRegistered={(username) => setView({ name: 'confirm', username })}
          onBack={() => setView({ name: 'login', username: '', note: null })}
        />
      )}
      {view.name === 'confirm' && (
        <ConfirmForm
          username={view.username}
          onConfirmed={() =>
            setView({ name: 'login', username: view.username, note: 'Tilisi on vahvistettu. Voit nyt kirjautua.' })
          }
          onBack={() => setView({ name: 'register' })}
        />
      )}
    </Modal>
  );
}

/** 429 with the server's message; anything else but a handled status is the server-error warning. */
function notifyFailure(error: unknown) {
  if (error instanceof ApiError && error.status === 429) {
    notify('ERROR', serverMessage(error) ?? 'Liian monta yritystä. Yritä myöhemmin uudelleen.');
  } else {
    notifyMessage('serverError');
  }
}

/** Puts the server's per-field messages of a 400 on the form's fields; false when it had none. */
function showFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, names: readonly Path<T>[]) {
  const fields = fieldErrors(error).filter((f) => (names as readonly string[]).includes(f.path));
  for (const f of fields) setError(f.path as Path<T>, { type: 'server', message: f.message }, { shouldFocus: true });
  return fields.length > 0;
}

interface LoginValues {
  username: string;
  password: string;
}

function LoginForm({
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
    try {
      const { token } = await login(values);
      signIn(token);
      notifyMessage('loginSuccess');
      onLoggedIn();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notifyMessage('loginFailed');
        setFocus('password', { shouldSelect: true });
      } else {
        notifyFailure(error);
      }
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
      <div className="form-grid">
        <Field id={usernameId} label="Käyttäjätunnus" required error={errors.username?.message}>
          <input
            id={usernameId}
            className="input"
            type="text"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-required="true"
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy(usernameId, { error: !!errors.username })}
            {...register('username')}
          />
        </Field>
        <Field id={passwordId} label="Salasana" required error={errors.password?.message}>
          <input
            id={passwordId}
            className="input"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy(passwordId, { error: !!errors.password })}
            {...register('password')}
          />
        </Field>
      </div>
      <p className="login-form__forgot">
        <a href={FORGOT_PASSWORD_URL} target="_blank" rel="noopener noreferrer">
          Unohtuiko salasana?<span className="visually-hidden"> (avautuu uuteen välilehteen)</span>
        </a>
      </p>
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

interface RegisterInput {
  username: string;
  password: string;
  firstname: string;
  lastname: string;
  phone?: string;
}

const REGISTER_FIELDS = ['username', 'password', 'firstname', 'lastname', 'phone'] as const;

function RegisterForm({ onRegistered, onBack }: { onRegistered: (username: string) => void; onBack: () => void }) {
  const uid = useId();
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
      <p className="login-form__intro">Luo OmaLaakkonen-tili. Lähetämme sähköpostiisi vahvistuskoodin.</p>
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

const confirmCodeBody = confirmUserBody.pick({ code: true });

function ConfirmForm({ username, onConfirmed, onBack }: { username: string; onConfirmed: () => void; onBack: () => void }) {
  const uid = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }, unknown, { code: string }>({
    defaultValues: { code: '' },
    resolver: zodResolver(confirmCodeBody),
    mode: 'onTouched',
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await confirmUser({ username, code });
      onConfirmed();
    } catch (error) {
      if (!showFieldErrors(error, setError, ['code'] as const)) {
        if (error instanceof ApiError && error.status === 400) {
          setError('code', { type: 'server', message: serverMessage(error) ?? 'Vahvistuskoodi ei kelpaa' }, { shouldFocus: true });
        } else {
          notifyFailure(error);
        }
      }
    }
  };

  const id = `${uid}-code`;
  return (
    <form className="login-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Tilin vahvistus">
      <p className="login-form__intro" role="status">
        Lähetimme vahvistuskoodin osoitteeseen <strong>{username}</strong>. Syötä koodi alle.
      </p>
      <div className="form-grid">
        <Field id={id} label="Vahvistuskoodi" required error={errors.code?.message}>
          <input
            id={id}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-required="true"
            aria-invalid={errors.code ? true : undefined}
            aria-describedby={describedBy(id, { error: !!errors.code })}
            {...register('code')}
          />
        </Field>
      </div>
      <Button type="submit" block disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        Vahvista
      </Button>
      <p className="login-form__register">
        <button type="button" className="link-button" onClick={onBack}>
          Takaisin
        </button>
      </p>
    </form>
  );
}
