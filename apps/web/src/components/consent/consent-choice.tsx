import { useEffect, useRef, useState, type RefObject } from 'react';
import { CONSENT_EVENT, CONSENT_KEY, loadTagManager, readConsent, storeConsent, type ConsentChoice as Choice } from '@/lib/consent.ts';
import { ConsentBanner } from './consent-banner.tsx';

export interface ConsentChoiceProps {
  /** The company's tag manager container (the footer renders this only when there is one). */
  container: string;
  /** Counts the presses of the footer's 'Evästeasetukset': each one opens the choice again. */
  reopenRequests: number;
  /** The footer's 'Evästeasetukset', where the focus goes once a choice is made. */
  settingsButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The analytics choice of a page (docs/decisions/022), loaded as a chunk of its own only when
 * the company has a tag manager: asked until the customer has chosen (the banner, at the foot
 * of the window), opened again from the footer. 'granted' loads the tag manager, once per
 * page; 'denied' loads nothing. A consent withdrawn on a page leaves a tag manager already
 * loaded there until the page is left: the next page load loads nothing.
 */
export function ConsentChoice({ container, reopenRequests, settingsButton }: ConsentChoiceProps) {
  const [choice, setChoice] = useState<Choice | null>(readConsent);
  const [reopened, setReopened] = useState(false);
  const seenRequests = useRef(reopenRequests);

  useEffect(() => {
    if (choice === 'granted') loadTagManager(container);
  }, [container, choice]);

  // A choice made in another footer of the page, or in another tab, is this one's too.
  useEffect(() => {
    const follow = (stored: Choice | null) => {
      setChoice(stored);
      setReopened(false);
    };
    const onChoice = (e: Event) => follow((e as CustomEvent<Choice>).detail);
    const onStorage = (e: StorageEvent) => {
      if (e.key === CONSENT_KEY) follow(readConsent());
    };
    window.addEventListener(CONSENT_EVENT, onChoice);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(CONSENT_EVENT, onChoice);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (reopenRequests !== seenRequests.current) {
      seenRequests.current = reopenRequests;
      setReopened(true);
    }
  }, [reopenRequests]);

  const choose = (next: Choice) => {
    storeConsent(next);
    // The pressed button goes away with the banner: the focus goes where the choice can be
    // changed again (without scrolling there when the banner was not opened from it).
    if (reopened || document.activeElement?.closest('.consent')) settingsButton.current?.focus({ preventScroll: !reopened });
  };

  if (choice !== null && !reopened) return null;
  return <ConsentBanner current={reopened ? choice : null} takeFocus={reopened} onChoose={choose} />;
}

export default ConsentChoice;
