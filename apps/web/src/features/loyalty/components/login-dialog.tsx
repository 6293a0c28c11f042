import { useState } from 'react';
import { Modal } from '@/components/ui/modal.tsx';
import { LOYALTY_LOGIN } from './loyalty-prompt.tsx';
import { ConfirmForm } from './confirm-form.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

type View = { name: 'login'; username: string; note: string | null } | { name: 'register' } | { name: 'confirm'; username: string };

const TITLES: Record<View['name'], string> = {
  // As the button that opens it; no programme name, which would not inflect ('…-seen').
  login: LOYALTY_LOGIN,
  register: 'Rekisteröidy kanta-asiakkaaksi',
  confirm: 'Vahvista tilisi',
};

export interface LoginDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The login popup (requirements §2 "Vehicle page", "Customer details page"; §5 "Login"):
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
