import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InfoText } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * GET /staff/offices/:officeId/info-texts: the office's dated notices to customers, in use or
 * not, that have not ended or ended within the last 30 days, newest first.
 */
export const getInfoTexts = (officeId: number) => staffApi.get<InfoText[]>(`/offices/${officeId}/info-texts`);

export const infoTextsQueryOptions = (officeId: number) =>
  queryOptions({ queryKey: staffKeys.infoTexts(officeId), queryFn: () => getInfoTexts(officeId) });

export const useInfoTexts = (officeId: number) => useQuery(infoTextsQueryOptions(officeId));
