import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskTimes, deskTimesBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { deskKeys } from './desk-keys.ts';

export type DeskTimesBody = z.input<typeof deskTimesBody>;

/** POST /staff/offices/:officeId/desk/times: a day's starts where the work fits, per resource, and the first free one. */
export const getDeskTimes = (officeId: number, body: DeskTimesBody) => staffApi.post<DeskTimes>(`/offices/${officeId}/desk/times`, body);

/** Asked for once the car, the work and the day are known (`body` not null); the previous answer shows while the next is read. */
export const deskTimesQueryOptions = (officeId: number, body: DeskTimesBody | null) =>
  queryOptions({
    queryKey: deskKeys.times(officeId, body ?? { vehicle: { registerNumber: '' }, items: [], date: '' }),
    queryFn: () => getDeskTimes(officeId, body!),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });

export const useDeskTimes = (officeId: number, body: DeskTimesBody | null) => useQuery(deskTimesQueryOptions(officeId, body));
