import type { CampaignCodeBody, CampaignCodeResult } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/**
 * POST /campaign-code/v2 on the current booking process: the members' code with the
 * loyalty token (which also applies the account's valid vouchers), or null to remove the
 * code and the vouchers. Runs in the background, so the caller handles failures.
 */
export const setCampaignCode = (value: string | null, loyaltyToken: string | null = null) =>
  api.post<CampaignCodeResult>('/campaign-code/v2', { value, loyaltyToken } satisfies CampaignCodeBody, { handleErrors: true });
