import { useMutation } from '@tanstack/react-query';
import { VEHICLE_CLASS, type ApiResponse, type SetVehicleBody } from '@huolto/domain';
import { api } from '@/lib/api-client.ts';

/** POST /set-vehicle: a vehicle the register does not know (requirements §3 "Unknown vehicle payload"). */
export const setVehicle = (input: Pick<SetVehicleBody, 'make' | 'regNbr' | 'model'>) =>
  api.post<ApiResponse>('/set-vehicle', {
    make: input.make,
    regNbr: input.regNbr,
    model: input.model,
    classification: { id: VEHICLE_CLASS.PASSENGER_CAR, name: 'henkilöauto' },
    introductionDate: null,
  });

export const useSetVehicle = () => useMutation({ mutationFn: setVehicle });
