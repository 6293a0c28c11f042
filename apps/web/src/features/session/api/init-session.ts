import { INSTALLATION_TYPE, type ApiResponse, type ProcessType } from '@huolto/domain';
import { api, ApiError } from '@/lib/api-client.ts';
import { serverMessage } from '@/lib/form-errors.ts';
import { setSessionProcessType } from '@/lib/process-session.ts';

const pending = new Map<ProcessType, Promise<void>>();

/**
 * POST /init-session: opens a new booking process of the given type. The api client
 * stores the token from the response header; here we remember which process type it
 * belongs to. Concurrent calls for one type share one request (React's StrictMode
 * runs effects twice in development).
 */
export function initSession(processType: ProcessType): Promise<void> {
  let p = pending.get(processType);
  if (!p) {
    p = api
      .post<ApiResponse>('/init-session', undefined, {
        query: { usedProcessType: processType, installationType: INSTALLATION_TYPE },
      })
      .then(() => setSessionProcessType(processType))
      .finally(() => pending.delete(processType));
    pending.set(processType, p);
  }
  return p;
}

/** The server's own words when it refused to start another booking from this address (429); null for any other failure. */
export function initRefusalOf(err: unknown): string | null {
  return err instanceof ApiError && err.status === 429 ? serverMessage(err) : null;
}
