import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueGroup, CatalogueGroupBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { catalogueChanged } from './catalogue-changed.ts';

/** POST /staff/catalogue/groups: a new group, last in its stage (admins only). */
export const createCatalogueGroup = (body: CatalogueGroupBody) => staffApi.post<CatalogueGroup>('/catalogue/groups', body);

/** Adds a group; the catalogue is read again. */
export function useCreateCatalogueGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCatalogueGroup, onSuccess: () => catalogueChanged(queryClient) });
}
