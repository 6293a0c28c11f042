import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WorkKind, createWorkKindBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export type CreateWorkKindBody = z.input<typeof createWorkKindBody>;

/** POST /staff/work-kinds: a new kind of work (admins only). */
export const createWorkKind = (body: CreateWorkKindBody) => staffApi.post<WorkKind>('/work-kinds', body);

/** Adds a kind of work; the list is read again. */
export function useCreateWorkKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkKind,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.workKinds }),
  });
}
