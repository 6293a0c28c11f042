/**
 * The customer's choice about analytics (docs/decisions/022-consent-and-cookies.md), and the
 * tag manager it lets in. The choice is asked only when the company has configured a tag
 * manager (GET /settings tagManagerId); it is kept in localStorage under CONSENT_STORAGE_KEY
 * (not a cookie: it is never sent to the server). 'granted' loads Google Tag Manager once
 * per page; 'denied', no choice yet, or no tag manager loads nothing. The events of
 * lib/analytics.ts go to window.dataLayer whatever the choice: without the tag manager no
 * script reads them, and they never leave the browser.
 *
 * Loaded only when a tag manager is configured (components/consent/consent-choice.tsx, a
 * chunk of its own), without the domain's schemas: the key is CONSENT_STORAGE_KEY of the
 * domain's personal-data.ts, and consent.test.ts holds the two equal.
 */

import { tagManagerContainer } from './tag-manager-id.ts';

export type ConsentChoice = 'granted' | 'denied';

/** localStorage key of the choice: the domain's CONSENT_STORAGE_KEY. */
export const CONSENT_KEY = 'huolto.consent';

/** The tag manager's origin: the only one the page loads anything from, and only after consent. */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** The stored choice, or null when none is stored (or the storage cannot be read). */
export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}

/** Sent on the window when the choice is stored, so that every footer of the page follows it. */
export const CONSENT_EVENT = 'huolto:consent';

/**
 * Stores the choice and tells the page (the first step and the app it hands over to each
 * have a footer); a browser that refuses storage keeps it for this page only.
 */
export function storeConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, choice);
  } catch {
    /* storage disabled: the choice lasts until the page is left */
  }
  window.dispatchEvent(new CustomEvent<ConsentChoice>(CONSENT_EVENT, { detail: choice }));
}

/** The address gtm.js is loaded from. */
export const tagManagerScriptUrl = (containerId: string) => `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;

let loaded = false;

/**
 * Loads Google Tag Manager as its own snippet does (the 'gtm.start' event, then gtm.js
 * async), once per page: a second call, from another entry's footer after the first step
 * hands over to the app, finds it loaded. Does nothing for an id that is not a container.
 */
export function loadTagManager(tagManagerId: string): boolean {
  const id = tagManagerContainer(tagManagerId);
  if (id === null || loaded) return false;
  const src = tagManagerScriptUrl(id);
  if (document.querySelector(`script[src="${src}"]`)) {
    loaded = true;
    return false;
  }
  loaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
  return true;
}

/** For tests: forget that the tag manager was loaded. */
export function resetTagManagerForTests(): void {
  loaded = false;
}
