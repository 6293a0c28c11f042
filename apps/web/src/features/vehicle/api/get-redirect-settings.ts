import type { RedirectSettings } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/**
 * GET /redirect-settings: where the booking's make books on its own site, or null
 * (requirements §4 "Redirect after vehicle step"). A failure counts as no redirect, so the
 * customer can always go on here.
 */
export async function getRedirectSettings(): Promise<RedirectSettings | null> {
  try {
    return await api.get<RedirectSettings | null>('/redirect-settings', { handleErrors: true });
  } catch {
    return null;
  }
}
