import './loyalty-block.css';
import type { ReactNode, Ref } from 'react';
import { NEUTRAL_LOYALTY_TITLE, loyaltyAccountName } from '@huolto/domain';
import { useSiteSettings } from '@/components/layout/site-settings-context.tsx';

/** Why to log in, on the vehicle step (the details step gives its own reason). */
export const LOYALTY_INTRO = 'Kirjaudu, niin saat tallennetut autosi, esitäytetyt yhteystiedot ja jäsenetusi käyttöön.';

/** A member's account as the site settings name the programme: 'OmaLaakkonen-tili', else 'kanta-asiakastili'. */
export const useLoyaltyAccountName = (): string => loyaltyAccountName(useSiteSettings()?.loyaltyName);

/** The login button's text: the same with any programme name, so the prerendered page names no company. */
export const LOYALTY_LOGIN = 'Kirjaudu kanta-asiakkaana';

/**
 * The loyalty block's card: the programme's name from the site settings (the company's
 * details), 'Kanta-asiakkuus' without one and while they load (the prerendered first paint
 * names no company, decision 015), and what it holds.
 */
export function LoyaltyCard({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className="card loyalty" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title loyalty__title">
        {useSiteSettings()?.loyaltyName || NEUTRAL_LOYALTY_TITLE}
      </h2>
      {children}
    </section>
  );
}

export interface LoyaltyLoginPromptProps {
  intro?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  /** The login popup's code is fetched when the link is pointed at or focused. */
  onPrefetch?: () => void;
  onLogin: () => void;
  /** Until the page's script can act on it (the stand-alone first step before hydration). */
  disabled?: boolean;
}

/**
 * The logged-out block's content: why to log in and 'Kirjaudu kanta-asiakkaana'. Plain
 * markup without the loyalty context, so that the stand-alone first step and the
 * vehicle step's placeholder (while the block's code loads) show the same thing.
 */
export function LoyaltyLoginPrompt({ intro = LOYALTY_INTRO, buttonRef, onPrefetch, onLogin, disabled }: LoyaltyLoginPromptProps) {
  return (
    <>
      <p className="loyalty__note muted">{intro}</p>
      <button
        ref={buttonRef}
        type="button"
        className="link-button"
        onPointerEnter={onPrefetch}
        onFocus={onPrefetch}
        onClick={onLogin}
        disabled={disabled}
      >
        {LOYALTY_LOGIN}
      </button>
    </>
  );
}
