import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceBody, ServiceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { catalogueChanged } from './catalogue-changed.ts';
import { staffKeys } from './keys.ts';

/** PUT /staff/catalogue/services/:code: every field of a service (admins only). */
export const updateService = (code: string, body: ServiceBody) =>
  staffApi.put<ServiceDetails>(`/catalogue/services/${encodeURIComponent(code)}`, body);

/** Saves a service; it is cached as the answer, and the catalogue is read again. */
export function useUpdateService(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceBody) => updateService(code, body),
    onSuccess: async (service) => {
      await catalogueChanged(queryClient);
      queryClient.setQueryData(staffKeys.service(code), service);
    },
  });
}
