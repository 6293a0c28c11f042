import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignCodeAdmin } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/catalogue/campaign-codes: every campaign code with its bookings (admins only). */
export const getCampaignCodes = () => staffApi.get<CampaignCodeAdmin[]>('/catalogue/campaign-codes');

export const campaignCodesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: staffKeys.campaignCodes, queryFn: getCampaignCodes, enabled });

export const useCampaignCodes = (enabled = true) => useQuery(campaignCodesQueryOptions(enabled));
