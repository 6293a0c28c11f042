import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCodeAdmin, CreateCampaignCodeBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/catalogue/campaign-codes: a new campaign code (admins only). */
export const createCampaignCode = (body: CreateCampaignCodeBody) => staffApi.post<CampaignCodeAdmin>('/catalogue/campaign-codes', body);

/** Adds a code; the list is read again. */
export function useCreateCampaignCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCampaignCode, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.campaignCodes }) });
}
