import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueGroup, UpdateCatalogueGroupBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { catalogueChanged } from './catalogue-changed.ts';

/** PUT /staff/catalogue/groups/:groupId: a group's title and kind (admins only). */
export const updateCatalogueGroup = (groupId: string, body: UpdateCatalogueGroupBody) =>
  staffApi.put<CatalogueGroup>(`/catalogue/groups/${encodeURIComponent(groupId)}`, body);

/** Saves a group; the catalogue is read again (the services show their group's title). */
export function useUpdateCatalogueGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: UpdateCatalogueGroupBody }) => updateCatalogueGroup(groupId, body),
    onSuccess: () => catalogueChanged(queryClient),
  });
}
