import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveOrganizationInfoText } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { useProcessSession } from '@/hooks/use-process-session.ts';

/** GET /get-active-organization-info-text: the booking office's current notice, if any. */
export const getActiveOrganizationInfoText = () =>
  api.get<ActiveOrganizationInfoText>('/get-active-organization-info-text', { handleErrors: true });

export function useActiveOrganizationInfoText(organizationId: number | null) {
  const { token } = useProcessSession();
  return useQuery(
    queryOptions({
      queryKey: ['organization-info-text', token, organizationId],
      queryFn: getActiveOrganizationInfoText,
      enabled: token !== null && organizationId !== null,
      staleTime: 5 * 60 * 1000,
    }),
  );
}
