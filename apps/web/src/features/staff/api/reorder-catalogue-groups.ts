import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CatalogueGroup, catalogueGroupOrderBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { catalogueChanged } from './catalogue-changed.ts';
import { staffKeys } from './keys.ts';

export type CatalogueGroupOrderBody = z.input<typeof catalogueGroupOrderBody>;

/** PUT /staff/catalogue/groups/order: a stage's groups in the order customers see them (admins only). */
export const reorderCatalogueGroups = (body: CatalogueGroupOrderBody) => staffApi.put<unknown>('/catalogue/groups/order', body);

/**
 * Saves a stage's new order. The list shows it at once; a refusal puts the old order back. Then
 * the catalogue is read again.
 */
export function useReorderCatalogueGroups() {
  const queryClient = useQueryClient();
  const key = staffKeys.catalogueGroups;
  return useMutation({
    mutationFn: reorderCatalogueGroups,
    onMutate: async ({ stage, groupIds }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<CatalogueGroup[]>(key);
      if (before) {
        const rank = new Map(groupIds.map((id, i) => [id, i]));
        const after = before.map((g) => (g.stage === stage && rank.has(g.id) ? { ...g, sort: rank.get(g.id)! } : g));
        queryClient.setQueryData(key, after);
      }
      return { before };
    },
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => catalogueChanged(queryClient),
  });
}
