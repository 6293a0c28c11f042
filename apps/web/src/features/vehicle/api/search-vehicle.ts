import { useMutation } from '@tanstack/react-query';
import type { SearchVehicleBody, SearchVehicleResponse } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /search-vehicle: looks the plate up in the vehicle register (requirements §4). */
export const searchVehicle = (input: SearchVehicleBody) =>
  // The vehicle step shows its own error (vehicleSearchFailed) for any failure.
  api.post<SearchVehicleResponse>('/search-vehicle', input, { handleErrors: true });

export const useSearchVehicle = () => useMutation({ mutationFn: searchVehicle });
