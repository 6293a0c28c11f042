import { LOYALTY_API_BASE } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/**
 * A call to the OmaLaakkonen API (requirements §7 "Loyalty API"): POST with a JSON body, through
 * the app's http client for the XSRF and no-cache handling, without the process token.
 * Callers show their own messages, so the client raises none.
 */
export function loyaltyPost<T>(path: string, body: unknown): Promise<T> {
  return api.post<T>(path, body, { base: LOYALTY_API_BASE, handleErrors: true });
}
