import { bookingSchema } from '@huolto/domain';
import type { ProcessVehicle } from '../process/index.ts';
import type { Executor } from '#src/db/database.ts';
import { storedJson } from '../process/index.ts';

/** vehicle.tires: the front and rear tire sizes of a registered car, or null. */
const vehicleTiresSchema = bookingSchema.shape.vehicle.unwrap().shape.tires;

/** A car of the vehicle register as a process stores it; undefined when not registered. */
export async function findRegisteredVehicle(db: Executor, registerNumber: string): Promise<ProcessVehicle | undefined> {
  const row = await db
    .selectFrom('vehicle as v')
    .innerJoin('vehicle_make as m', 'm.id', 'v.make_id')
    .select(['v.register_number', 'v.make_id', 'm.name as make', 'v.model', 'v.model_year', 'v.classification_id', 'v.tires'])
    .where('v.register_number', '=', registerNumber)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    register_number: row.register_number,
    make: row.make,
    make_id: row.make_id,
    model: row.model,
    model_year: row.model_year,
    classification: { id: row.classification_id },
    tires: storedJson(vehicleTiresSchema, row.tires ?? null, 'vehicle.tires'),
    registered: true,
  };
}

export async function listMakes(db: Executor) {
  return db.selectFrom('vehicle_make').select(['id', 'name']).orderBy('name').execute();
}

export async function findMakeByName(db: Executor, name: string) {
  return db
    .selectFrom('vehicle_make')
    .select(['id', 'name'])
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}
