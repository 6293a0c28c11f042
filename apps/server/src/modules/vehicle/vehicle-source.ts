/**
 * Where the booking looks a car up by its plate (docs/data-import.md "Ajoneuvotiedot:
 * VehicleSource"). The booking code asks only this interface; the register in the database
 * (the vehicle table, filled by the seed or vehicles.csv) is the default, and a chain with a
 * register service of its own passes its source to buildApp (AppDeps.vehicleSource) without
 * touching the booking code. The makes stay in the database (vehicle_make): the customer's
 * "Muu merkki" list, the offices' dealer makes and the catalogue's make rules all name them.
 */
import { bookingSchema, type BookingVehicle } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';
import { findRegisterVehicle } from './repository.ts';

/** vehicle.tires: the front and rear tire sizes of a registered car, or null. */
export const vehicleTiresSchema = bookingSchema.shape.vehicle.unwrap().shape.tires;

/** A car as a register knows it. */
export interface RegisteredVehicle {
  /** The plate as asked (upper case, as normalizeRegisterNumber writes it: ABC-123). */
  registerNumber: string;
  /** The make's name; the booking takes the make of vehicle_make with this name (any case), if any. */
  make: string;
  /** Its id in vehicle_make when the source knows it; undefined: found by `make`. */
  makeId?: number | undefined;
  model: string;
  /** null: not known. */
  modelYear: number | null;
  /** VEHICLE_CLASS: 1 passenger car, 2 van. */
  classification: number;
  /** Käyttövoima as the register writes it ('Bensiini', 'Diesel' …); null: not known. */
  fuel: string | null;
  /** Ensirekisteröinti, YYYY-MM-DD; null: not known. */
  firstRegistration: string | null;
  /** The tire sizes by axle (the tire search suggests them); null: not known. */
  tires: BookingVehicle['tires'];
}

/** A vehicle register the booking can ask. */
export interface VehicleSource {
  /**
   * The car with this plate (already normalised and valid, REGISTER_NUMBER_PATTERN), or
   * undefined when the register does not know it; the customer then describes the car. A
   * source that fails throws: the customer gets the 500 answer and may try again.
   */
  findByRegisterNumber(registerNumber: string): Promise<RegisteredVehicle | undefined>;
}

/** The default source: the register in the database's vehicle table. */
export function databaseVehicleSource(db: Executor): VehicleSource {
  return {
    async findByRegisterNumber(registerNumber) {
      const row = await findRegisterVehicle(db, registerNumber);
      if (!row) return undefined;
      return {
        registerNumber: row.register_number,
        make: row.make,
        makeId: row.make_id,
        model: row.model,
        modelYear: row.model_year,
        classification: row.classification_id,
        fuel: row.fuel,
        firstRegistration: row.introduction_date,
        tires: storedJson(vehicleTiresSchema, row.tires ?? null, 'vehicle.tires'),
      };
    },
  };
}
