import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignCodeAdmin, CampaignCodeAdminBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/catalogue/campaign-codes/:code: a code's description, percent, validity and use (admins only). */
export const updateCampaignCode = (code: string, body: CampaignCodeAdminBody) =>
  staffApi.put<CampaignCodeAdmin>(`/catalogue/campaign-codes/${encodeURIComponent(code)}`, body);

/** Saves a code; the list is read again. */
export function useUpdateCampaignCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: CampaignCodeAdminBody }) => updateCampaignCode(code, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.campaignCodes }),
  });
}
