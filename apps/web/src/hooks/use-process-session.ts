import { useSyncExternalStore } from 'react';
import { getProcessSession, subscribeProcessSession, type ProcessSession } from '@/lib/process-session.ts';

/** The current process token and type; re-renders when either changes. */
export function useProcessSession(): ProcessSession {
  return useSyncExternalStore(subscribeProcessSession, getProcessSession, getProcessSession);
}
