import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DeskCatalogue, deskCatalogueBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { deskKeys } from './desk-keys.ts';

export type DeskCatalogueBody = z.input<typeof deskCatalogueBody>;

/** POST /staff/offices/:officeId/desk/catalogue: what the desk may book for the car at the office (the car as the register knows it). */
export const getDeskCatalogue = (officeId: number, body: DeskCatalogueBody) =>
  staffApi.post<DeskCatalogue>(`/offices/${officeId}/desk/catalogue`, body);

/** Asked for once a plate has been looked up (`body` not null). */
export const deskCatalogueQueryOptions = (officeId: number, body: DeskCatalogueBody | null) =>
  queryOptions({
    queryKey: deskKeys.catalogue(officeId, body ?? { vehicle: { registerNumber: '' } }),
    queryFn: () => getDeskCatalogue(officeId, body!),
    enabled: body !== null,
  });

export const useDeskCatalogue = (officeId: number, body: DeskCatalogueBody | null) => useQuery(deskCatalogueQueryOptions(officeId, body));
