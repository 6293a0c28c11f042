import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfoText, UpdateInfoTextBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * PUT /staff/offices/:officeId/info-texts/:infoTextId: a notice's text and days, and whether
 * it is in use (a notice is never deleted).
 */
export const updateInfoText = (officeId: number, infoTextId: number, body: UpdateInfoTextBody) =>
  staffApi.put<InfoText>(`/offices/${officeId}/info-texts/${infoTextId}`, body);

/** Saves a notice; the office's notices are read again. */
export function useUpdateInfoText(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ infoTextId, body }: { infoTextId: number; body: UpdateInfoTextBody }) => updateInfoText(officeId, infoTextId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.infoTexts(officeId) }),
  });
}
