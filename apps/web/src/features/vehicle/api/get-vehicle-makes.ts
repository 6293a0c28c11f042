import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleMake } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** GET /vehicle-makes (no session needed): the options of 'Merkki'. */
export const getVehicleMakes = () => api.get<VehicleMake[]>('/vehicle-makes');

export const vehicleMakesQueryOptions = () =>
  queryOptions({ queryKey: ['vehicle-makes'], queryFn: getVehicleMakes, staleTime: 60 * 60 * 1000 });

export const useVehicleMakes = (enabled: boolean) => useQuery({ ...vehicleMakesQueryOptions(), enabled });
