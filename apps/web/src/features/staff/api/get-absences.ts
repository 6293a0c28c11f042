import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Absence } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/** GET /staff/offices/:officeId/absences: the resources' absences between two dates. */
export const getAbsences = (officeId: number, from: string, to: string) =>
  staffApi.get<Absence[]>(`/offices/${officeId}/absences`, { query: { from, to } });

export const absencesQueryOptions = (officeId: number, from: string, to: string) =>
  queryOptions({ queryKey: staffKeys.absences(officeId, from, to), queryFn: () => getAbsences(officeId, from, to) });

export const useAbsences = (officeId: number, from: string, to: string) => useQuery(absencesQueryOptions(officeId, from, to));
