import { PROCESS_TOKEN_HEADER, type ProcessType } from '@huolto/domain';

/**
 * The booking process ("session") this tab is working on: the process token from
 * init-session and the process type it was opened for. Both live in sessionStorage
 * (requirements §4), so a reload keeps the booking and a new tab starts its own.
 *
 * It is a tiny external store: React reads it with useSyncExternalStore, the api
 * client writes it when a response carries a new token.
 */

/** sessionStorage key of the process token (requirements §4). */
export const TOKEN_STORAGE_KEY = PROCESS_TOKEN_HEADER;
/** sessionStorage key of the process type the token belongs to. */
export const PROCESS_TYPE_STORAGE_KEY = 'x-process-type';

export interface ProcessSession {
  token: string | null;
  processType: ProcessType | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: ProcessSession | null = null;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode in some browsers)
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    /* storage disabled: the session then lasts until the page is left */
  }
}

function emit(): void {
  snapshot = null;
  for (const l of listeners) l();
}

export function getProcessSession(): ProcessSession {
  if (!snapshot) {
    snapshot = {
      token: read(TOKEN_STORAGE_KEY),
      processType: read(PROCESS_TYPE_STORAGE_KEY) as ProcessType | null,
    };
  }
  return snapshot;
}

export function getProcessToken(): string | null {
  return getProcessSession().token;
}

export function setProcessToken(token: string): void {
  if (read(TOKEN_STORAGE_KEY) === token) return;
  write(TOKEN_STORAGE_KEY, token);
  emit();
}

export function setSessionProcessType(type: ProcessType): void {
  write(PROCESS_TYPE_STORAGE_KEY, type);
  emit();
}

/** Forgets the process: a new booking starts with a new init-session. */
export function clearProcessSession(): void {
  write(TOKEN_STORAGE_KEY, null);
  write(PROCESS_TYPE_STORAGE_KEY, null);
  emit();
}

export function subscribeProcessSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
