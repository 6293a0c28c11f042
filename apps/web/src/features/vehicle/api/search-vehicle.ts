import { useMutation } from '@tanstack/react-query';
import type { BookingVehicle, ResponseCode } from '@huolto/domain';
import { api } from '../../../lib/api-client.ts';

export interface SearchVehicleInput {
  registerNumber: string;
  kilometers: number | null;
}

export interface SearchVehicleResponse {
  responseCode: ResponseCode;
  vehicle?: Partial<BookingVehicle> | null;
}

/** POST /search-vehicle: looks the plate up in the vehicle register (SPEC §4). */
export const searchVehicle = (input: SearchVehicleInput) =>
  // The vehicle step shows its own error (vehicleSearchFailed) for any failure.
  api.post<SearchVehicleResponse>('/search-vehicle', input, { handleErrors: true });

export const useSearchVehicle = () => useMutation({ mutationFn: searchVehicle });
