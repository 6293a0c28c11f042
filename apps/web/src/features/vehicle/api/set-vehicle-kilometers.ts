import { useMutation } from '@tanstack/react-query';
import type { ApiResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /set-vehicle-kilometers. */
export const setVehicleKilometers = (kilometers: number) =>
  api.post<ApiResponse>('/set-vehicle-kilometers', { kilometers });

export const useSetVehicleKilometers = () => useMutation({ mutationFn: setVehicleKilometers });
