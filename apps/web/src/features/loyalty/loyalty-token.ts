import { LOYALTY_TOKEN_KEY } from '@huolto/domain';

/**
 * The OmaLaakkonen login of this tab: the loyalty token in sessionStorage under
 * LOYALTY_TOKEN_KEY (requirements §4 "Login"). A tiny external store like the process session,
 * so that the provider and every loyalty block re-render when it changes.
 */

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return window.sessionStorage.getItem(LOYALTY_TOKEN_KEY);
  } catch {
    return null; // storage disabled
  }
}

let snapshot: string | null | undefined;

export function getLoyaltyToken(): string | null {
  if (snapshot === undefined) snapshot = read();
  return snapshot;
}

function write(token: string | null): void {
  try {
    if (token === null) window.sessionStorage.removeItem(LOYALTY_TOKEN_KEY);
    else window.sessionStorage.setItem(LOYALTY_TOKEN_KEY, token);
  } catch {
    /* storage disabled: the login then lasts until the page is left */
  }
  snapshot = token;
  for (const l of listeners) l();
}

export function setLoyaltyToken(token: string): void {
  if (getLoyaltyToken() !== token) write(token);
}

export function clearLoyaltyToken(): void {
  if (getLoyaltyToken() !== null || read() !== null) write(null);
}

export function subscribeLoyaltyToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the cached value (tests change sessionStorage behind the store's back). */
export function resetLoyaltyTokenCache(): void {
  snapshot = undefined;
}
