/**
 * What the rest of the server may import from modules/vehicle/: the register the booking
 * asks (VehicleSource, its database default), setting a process's car as the booking does (the
 * front desk books through it), and the register's reads and writes that the
 * data import's vehicles.csv makes; app.ts registers its routes (lint lets other modules,
 * jobs/, plugins/ and staff-api.ts import only this file of the module; tests may import any
 * file).
 */
export { searchVehicle, setVehicle, setVehicleKilometers } from './service.ts';
export { databaseVehicleSource, vehicleTiresSchema, type RegisteredVehicle, type VehicleSource } from './vehicle-source.ts';
export {
  findRegisterVehicles,
  insertMakes,
  listMakes,
  listRegisterVehicles,
  upsertRegisterVehicles,
  type RegisterVehicleRow,
  type RegisterVehicleValues,
} from './repository.ts';
