import type { Db, Executor } from '#src/db/database.ts';
import { updateProcess, type ProcessVehicle } from '../process/index.ts';
import { findMakeByName, listMakes } from './repository.ts';
import type { RegisteredVehicle, VehicleSource } from './vehicle-source.ts';

/** The makes of the vehicle register, by name (vehicle-makes). */
export async function vehicleMakes(db: Executor) {
  return listMakes(db);
}

/**
 * A register's car as a process stores it: the make's id and name from vehicle_make when
 * the source names a make the list has (any case), else the name as given without an id.
 */
async function processVehicleOf(db: Executor, found: RegisteredVehicle): Promise<ProcessVehicle> {
  const make = found.makeId !== undefined ? { id: found.makeId, name: found.make } : await findMakeByName(db, found.make);
  return {
    register_number: found.registerNumber,
    make: make?.name ?? found.make,
    make_id: make?.id ?? null,
    model: found.model,
    model_year: found.modelYear,
    classification: { id: found.classification },
    tires: found.tires,
    registered: true,
  };
}

/**
 * Looks a car up in the register (the app's VehicleSource) and makes it the process's car,
 * with the mileage given; a new search replaces the vehicle of an earlier one, also when
 * the car is not found.
 */
export async function searchVehicle(
  db: Db,
  vehicles: VehicleSource,
  token: string,
  search: { registerNumber: string; kilometers?: number | null | undefined },
) {
  const found = await vehicles.findByRegisterNumber(search.registerNumber);
  if (!found) {
    await updateProcess(db, token, { vehicle: null, kilometers: search.kilometers ?? null });
    return { responseCode: 'NOT_FOUND' as const };
  }
  const vehicle = await processVehicleOf(db, found);
  await updateProcess(db, token, {
    vehicle,
    kilometers: search.kilometers ?? null,
  });
  const { registered: _registered, make_id: _makeId, ...shown } = vehicle;
  return { responseCode: 'SUCCESS' as const, vehicle: shown };
}

/** A vehicle the register does not know, described by the customer (requirements §3). */
export async function setVehicle(
  db: Db,
  token: string,
  described: { regNbr: string; make: string; model: string; classification: { id: number } },
) {
  const make = await findMakeByName(db, described.make);
  await updateProcess(db, token, {
    vehicle: {
      register_number: described.regNbr,
      make: make?.name ?? described.make,
      make_id: make?.id ?? null,
      model: described.model,
      model_year: null,
      classification: { id: described.classification.id },
      tires: null,
      registered: false,
    },
  });
}

/** The car's mileage (set-vehicle-kilometers). */
export async function setVehicleKilometers(db: Db, token: string, kilometers: number) {
  await updateProcess(db, token, { kilometers });
}
