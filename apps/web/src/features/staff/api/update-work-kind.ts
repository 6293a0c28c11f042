import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WorkKind, updateWorkKindBody } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

export type UpdateWorkKindBody = z.input<typeof updateWorkKindBody>;

/** PUT /staff/work-kinds/:code: a kind of work's new name, or active or not (admins only). */
export const updateWorkKind = (code: string, body: UpdateWorkKindBody) => staffApi.put<WorkKind>(`/work-kinds/${encodeURIComponent(code)}`, body);

/** Saves a kind of work; the list is read again. */
export function useUpdateWorkKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateWorkKindBody }) => updateWorkKind(code, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.workKinds }),
  });
}
