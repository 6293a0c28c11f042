import { LOYALTY_API_BASE } from '@huolto/domain';
import { ApiError, api } from '@/lib/api-client.ts';

/**
 * A call to the OmaLaakkonen API (SPEC §7 "Loyalty API"): POST with a JSON body, through
 * the app's http client for the XSRF and no-cache handling, without the process token.
 * Callers show their own messages, so the client raises none.
 */
export function loyaltyPost<T>(path: string, body: unknown): Promise<T> {
  return api.post<T>(path, body, { base: LOYALTY_API_BASE, handleErrors: true });
}

/** The server's Finnish message of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { message?: unknown } | null | undefined;
  return typeof body?.message === 'string' && body.message !== '' ? body.message : null;
}

/** The per-field messages of a 400 answer ({ fields: [{ path, message }] }). */
export function fieldErrors(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const fields = (error.body as { fields?: unknown } | null | undefined)?.fields;
  return Array.isArray(fields)
    ? fields.filter((f): f is { path: string; message: string } => typeof f?.path === 'string' && typeof f?.message === 'string')
    : [];
}
