import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleMake } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';
import { staffKeys } from './keys.ts';

/**
 * GET /vehicle-makes of the booking API (public, no session): the makes an office can be an
 * authorised dealer for. The page shows its own message when it cannot be read.
 */
export const getVehicleMakes = () => api.get<VehicleMake[]>('/vehicle-makes', { handleErrors: true });

export const vehicleMakesQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.vehicleMakes, queryFn: getVehicleMakes, staleTime: 60 * 60 * 1000 });

export const useVehicleMakes = () => useQuery(vehicleMakesQueryOptions());
