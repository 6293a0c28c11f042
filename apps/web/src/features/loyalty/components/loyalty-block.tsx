import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useSiteSettings } from '@/components/layout/site-settings-context.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useLoyalty } from '@/features/loyalty/loyalty-context.tsx';
import { getLoyaltyToken } from '@/features/loyalty/loyalty-token.ts';
import { clearLoginRequest, isLoginRequested, subscribeLoginRequest } from '@/lib/first-step-handoff.ts';
import { LOYALTY_INTRO, LoyaltyCard, LoyaltyLoginPrompt } from './loyalty-prompt.tsx';

/**
 * The login popup with its forms (react-hook-form and the loyalty schemas) is a chunk of
 * its own, fetched when the login link is pointed at, focused or clicked: the vehicle and
 * details steps do not carry it for the customers who never log in.
 */
const loadLoginDialog = () => import('./login-dialog.tsx');
const LoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
/** Likewise the saved cars, which only a logged-in customer can open. */
const VehicleListDialog = lazy(() => import('./vehicle-list-dialog.tsx').then((m) => ({ default: m.VehicleListDialog })));
/** And 'Omat tiedot', the customer's own download and account deletion, through a loader (see there). */
const PersonalDataDialog = lazy(() => import('./personal-data-dialog-loader.tsx'));

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
 * The loyalty block (requirements §2 "Vehicle page", "Customer details page"), shown when the
 * company has a loyalty programme (GET /settings `loyalty`): 'Kirjaudu kanta-asiakkaana' opens the
 * login popup; logged in, it greets the customer and offers their saved cars and 'Kirjaudu
 * ulos'. Part of the steps' own code, not loaded after them: a placeholder swapped for the
 * loaded block would lose a press begun on its button
 * (docs/decisions/015-prerendered-first-step.md).
 */
export function LoyaltyBlock(props: LoyaltyBlockProps) {
  // A company without the loyalty programme (GET /settings `loyalty` false) shows none of it;
  // while the settings load the block stands, so that the demo's steps paint as they always have.
  if (useSiteSettings()?.loyalty === false) return null;
  return <LoyaltyBlockContent {...props} />;
}

function LoyaltyBlockContent({ onSelectVehicle, intro = LOYALTY_INTRO }: LoyaltyBlockProps) {
  const { token, account, signOut } = useLoyalty();
  const titleId = useId();
  /**
   * 'Kirjaudu kanta-asiakkaana' chosen on the stand-alone first step, before the app had loaded,
   * opens the popup as if chosen here.
   */
  const loginRequested = useSyncExternalStore(subscribeLoginRequest, isLoginRequested, isLoginRequested) && token === null;
  const [loginClicked, setLoginOpen] = useState(false);
  const loginOpen = loginClicked || loginRequested;
  /** The login popup is mounted from its first opening on (closing it keeps it loaded). */
  const [loginUsed, setLoginUsed] = useState(false);
  if (loginRequested && !loginUsed) setLoginUsed(true);
  const [vehiclesOpen, setVehiclesOpen] = useState(false);
  const [dataOpen, setDataOpen] = useState(false);
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
    if (loggedIn) clearLoginRequest();
    // Also when 'Omat tiedot' closes: after the account was deleted its opener is gone, and the login takes the focus.
  }, [loggedIn, dataOpen]);
  useEffect(() => {
    if (loginRequested) focusNext.current = 'greeting';
  }, [loginRequested]);

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
    <LoyaltyCard titleId={titleId}>
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
            <Button variant="secondary" onClick={() => setDataOpen(true)}>
              Omat tiedot
            </Button>
            <Button variant="ghost" onClick={() => void onLogout()} disabled={signingOut}>
              Kirjaudu ulos
            </Button>
          </div>
        </>
      ) : (
        <LoyaltyLoginPrompt
          intro={intro}
          buttonRef={loginButton}
          onPrefetch={() => void loadLoginDialog()}
          onLogin={() => {
            focusNext.current = 'greeting';
            setLoginUsed(true);
            setLoginOpen(true);
          }}
        />
      )}
      {loginUsed && (
        <Suspense fallback={null}>
          <LoginDialog
            open={loginOpen}
            onClose={() => {
              setLoginOpen(false);
              clearLoginRequest();
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
      {dataOpen && (
        <Suspense fallback={null}>
          <PersonalDataDialog
            onClose={() => {
              setDataOpen(false);
              focusNext.current = 'login';
            }}
          />
        </Suspense>
      )}
    </LoyaltyCard>
  );
}
