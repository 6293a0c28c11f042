import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateServiceBody, ServiceDetails } from '@huolto/domain';
import { staffApi } from '@/lib/api-client.ts';
import { catalogueChanged } from './catalogue-changed.ts';
import { staffKeys } from './keys.ts';

/** POST /staff/catalogue/services: a new service with its code (admins only). */
export const createService = (body: CreateServiceBody) => staffApi.post<ServiceDetails>('/catalogue/services', body);

/** Adds a service; it is cached as itself, and the catalogue is read again. */
export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createService,
    onSuccess: async (service) => {
      await catalogueChanged(queryClient);
      queryClient.setQueryData(staffKeys.service(service.code), service);
    },
  });
}
