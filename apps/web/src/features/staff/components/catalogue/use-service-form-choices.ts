import { useCatalogueGroups } from '@/features/staff/api/get-catalogue-groups.ts';
import { useServices } from '@/features/staff/api/get-services.ts';
import { useVehicleMakes } from '@/features/staff/api/get-vehicle-makes.ts';
import { useWorkKinds } from '@/features/staff/api/get-work-kinds.ts';
import type { ServiceFormChoices } from './service-form.tsx';

/**
 * What the service form offers, read together: the groups, the kinds of work, the makes and the
 * other services. The makes are optional (a service fits every make without them): when they
 * cannot be read the form still opens.
 */
export function useServiceFormChoices(enabled: boolean): { data: ServiceFormChoices | null; error: unknown; retry: () => Promise<unknown> } {
  const groups = useCatalogueGroups(enabled);
  const services = useServices(enabled);
  const workKinds = useWorkKinds(enabled);
  const makes = useVehicleMakes();
  const error = groups.error ?? services.error ?? workKinds.error ?? null;
  const ready = groups.isSuccess && services.isSuccess && workKinds.isSuccess && !makes.isPending;
  return {
    data: ready ? { groups: groups.data, services: services.data, workKinds: workKinds.data, makes: makes.data ?? [] } : null,
    error,
    retry: () => Promise.all([groups.refetch(), services.refetch(), workKinds.refetch(), makes.refetch()]),
  };
}
