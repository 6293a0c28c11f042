import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfficeBody, OfficeDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { officeChanged } from './office-changed.ts';

/** POST /staff/offices: a new office (admins only). */
export const createOffice = (body: OfficeBody) => staffApi.post<OfficeDetails>('/offices', body);

/** Creates an office; it is cached as its details, and the lists of offices are read again. */
export function useCreateOffice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffice,
    onSuccess: (office) => officeChanged(queryClient, office.id, office),
  });
}
