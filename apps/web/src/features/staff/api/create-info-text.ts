import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfoText, InfoTextBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/offices/:officeId/info-texts: a new notice to the office's customers, in use. */
export const createInfoText = (officeId: number, body: InfoTextBody) => staffApi.post<InfoText>(`/offices/${officeId}/info-texts`, body);

/** Adds a notice; the office's notices are read again. */
export function useCreateInfoText(officeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InfoTextBody) => createInfoText(officeId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.infoTexts(officeId) }),
  });
}
