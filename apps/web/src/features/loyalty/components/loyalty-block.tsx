import './loyalty-block.css';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';
import { getLoyaltyToken } from '@/features/loyalty/loyalty-token.ts';

/**
 * The login popup with its forms (react-hook-form and the loyalty schemas) is a chunk of
 * its own, fetched when the login link is pointed at, focused or clicked: the vehicle and
 * details steps do not carry it for the customers who never log in.
 */
const loadLoginDialog = () => import('./login-dialog.tsx');
const LoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
/** Likewise the saved cars, which only a logged-in customer can open. */
const VehicleListDialog = lazy(() => import('./vehicle-list-dialog.tsx').then((m) => ({ default: m.VehicleListDialog })));

export interface LoyaltyBlockProps {
  /**
   * Given on the vehicle step: after login a 'Valitse ajoneuvo' button opens the saved
   * cars, and the picked car's registration number comes here.
   */
  onSelectVehicle?: (license: string) => void;
  /** Why to log in, shown before login. */
  intro?: string;
}

/**
 * The loyalty block (SPEC §2 "Vehicle page", "Customer details page"): 'Kirjaudu
 * OmaLaakkoseen' opens the login popup; logged in, it greets the customer and offers
 * their saved cars and 'Kirjaudu ulos'.
 */
export function LoyaltyBlock({
  onSelectVehicle,
  intro = 'Kirjaudu, niin saat tallennetut autosi, esitäytetyt yhteystiedot ja jäsenetusi käyttöön.',
}: LoyaltyBlockProps) {
  const { token, account, signOut } = useLoyalty();
  const titleId = useId();
  const [loginOpen, setLoginOpen] = useState(false);
  /** The login popup is mounted from its first opening on (closing it keeps it loaded). */
  const [loginUsed, setLoginUsed] = useState(false);
  const [vehiclesOpen, setVehiclesOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const loginButton = useRef<HTMLButtonElement>(null);
  const greeting = useRef<HTMLParagraphElement>(null);
  /** Where the focus goes once the block has changed under it. */
  const focusNext = useRef<'greeting' | 'login' | null>(null);

  const loggedIn = token !== null;
  useEffect(() => {
    if (focusNext.current === 'greeting' && loggedIn) greeting.current?.focus();
    if (focusNext.current === 'login' && !loggedIn) loginButton.current?.focus();
    focusNext.current = null;
  }, [loggedIn]);

  const onLogout = async () => {
    setSigningOut(true);
    focusNext.current = 'login';
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <section className="card loyalty" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title loyalty__title">
        OmaLaakkonen
      </h2>
      {loggedIn ? (
        <>
          <p ref={greeting} className="loyalty__greeting" tabIndex={-1}>
            {account ? `Tervetuloa, ${account.firstname}` : 'Tervetuloa!'}
          </p>
          <p className="loyalty__note muted">Jäsenetusi lasketaan varaukseen automaattisesti.</p>
          <div className="loyalty__actions">
            {onSelectVehicle && (
              <Button variant="secondary" onClick={() => setVehiclesOpen(true)}>
                Valitse ajoneuvo
              </Button>
            )}
            <Button variant="ghost" onClick={() => void onLogout()} disabled={signingOut}>
              Kirjaudu ulos
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="loyalty__note muted">{intro}</p>
          <button
            ref={loginButton}
            type="button"
            className="link-button"
            onPointerEnter={() => void loadLoginDialog()}
            onFocus={() => void loadLoginDialog()}
            onClick={() => {
              focusNext.current = 'greeting';
              setLoginUsed(true);
              setLoginOpen(true);
            }}
          >
            Kirjaudu OmaLaakkoseen
          </button>
        </>
      )}
      {loginUsed && (
        <Suspense fallback={null}>
          <LoginDialog
            open={loginOpen}
            onClose={() => {
              setLoginOpen(false);
              // Closed without logging in: the opener gets the focus back (the dialog does that).
              if (focusNext.current === 'greeting' && getLoyaltyToken() === null) focusNext.current = null;
            }}
          />
        </Suspense>
      )}
      {onSelectVehicle && loggedIn && (
        <Suspense fallback={null}>
          <VehicleListDialog open={vehiclesOpen} onClose={() => setVehiclesOpen(false)} onSelect={onSelectVehicle} />
        </Suspense>
      )}
    </section>
  );
}
