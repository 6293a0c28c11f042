/**
 * A chain's own register plugged in (AppDeps.vehicleSource): the booking's plate look-up and
 * the back-office's catalogue preview ask it and nothing else, and its cars book like the
 * database's; its makes are matched to vehicle_make by name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { signedInStaff } from '#test/staff.ts';
import { databaseVehicleSource, type RegisteredVehicle, type VehicleSource } from './vehicle-source.ts';

const TIRE = { width: 195, aspectRatio: 65, constructionType: 'R', rimDiameter: 15, loadIndex: 91 };

/** A register service of its own: two cars the database does not have, and the plates it was asked. */
class ChainRegister implements VehicleSource {
  readonly asked: string[] = [];
  readonly cars = new Map<string, RegisteredVehicle>([
    [
      'XYZ-987',
      {
        registerNumber: 'XYZ-987',
        make: 'VOLKSWAGEN',
        model: 'Polo',
        modelYear: 2015,
        classification: 1,
        fuel: 'Bensiini',
        firstRegistration: '2015-06-01',
        tires: { front: TIRE, rear: TIRE },
      },
    ],
    [
      'CD-12345',
      {
        registerNumber: 'CD-12345',
        make: 'Lada',
        model: 'Niva',
        modelYear: null,
        classification: 2,
        fuel: null,
        firstRegistration: null,
        tires: null,
      },
    ],
  ]);
  async findByRegisterNumber(registerNumber: string) {
    this.asked.push(registerNumber);
    return this.cars.get(registerNumber);
  }
}

let t: TestApp;
const register = new ChainRegister();
beforeAll(async () => {
  t = await createTestApp({}, { vehicleSource: register });
});
afterAll(async () => {
  await t?.close();
});

async function search(registerNumber: string) {
  const c = new ApiClient(t.app);
  await c.init();
  const res = await c.post('/search-vehicle', { registerNumber, kilometers: 120_000 });
  expect(res.statusCode, res.body).toBe(200);
  return { c, answer: json(res) };
}

const storedVehicle = async (c: ApiClient) =>
  (await t.db.selectFrom('process').select(['vehicle', 'kilometers']).where('token', '=', c.token!).executeTakeFirstOrThrow()).vehicle;

describe('a VehicleSource given to buildApp', () => {
  it("is what search-vehicle asks: its car is the booking's, with the make of the list (its id and name) and the tire sizes", async () => {
    const { c, answer } = await search(' xyz-987 ');
    expect(register.asked.at(-1)).toBe('XYZ-987');
    expect(answer).toEqual({
      responseCode: 'SUCCESS',
      vehicle: {
        register_number: 'XYZ-987',
        make: 'Volkswagen',
        model: 'Polo',
        model_year: 2015,
        classification: { id: 1 },
        tires: { front: TIRE, rear: TIRE },
      },
    });
    const volkswagen = await t.db.selectFrom('vehicle_make').select('id').where('name', '=', 'Volkswagen').executeTakeFirstOrThrow();
    expect(await storedVehicle(c)).toMatchObject({ make: 'Volkswagen', make_id: volkswagen.id, registered: true });
    expect(json(await c.get('/get-booking/v2')).vehicle).toMatchObject({ register_number: 'XYZ-987', make: 'Volkswagen', model: 'Polo' });
  });

  it('a make the list does not have is kept by its name, without an id', async () => {
    const { c, answer } = await search('CD-12345');
    expect(answer.vehicle).toEqual({ register_number: 'CD-12345', make: 'Lada', model: 'Niva', model_year: null, classification: { id: 2 }, tires: null });
    expect(await storedVehicle(c)).toMatchObject({ make: 'Lada', make_id: null, registered: true });
  });

  it("the database's register is not read: a demo plate the source does not know is NOT_FOUND", async () => {
    const inDatabase = await databaseVehicleSource(t.db).findByRegisterNumber('ABC-123');
    expect(inDatabase).toMatchObject({ registerNumber: 'ABC-123', make: 'Volkswagen', model: 'Golf' });
    const { c, answer } = await search('ABC-123');
    expect(answer).toEqual({ responseCode: 'NOT_FOUND' });
    expect(register.asked.at(-1)).toBe('ABC-123');
    expect(await storedVehicle(c)).toBeNull();
  });

  it("the back-office's catalogue preview looks the plate up in the same source", async () => {
    const { client } = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
    const preview = async (registerNumber: string) => {
      const res = await client.get('/catalogue/preview', { registerNumber, officeId: '1' });
      expect(res.statusCode, res.body).toBe(200);
      return json(res).vehicle;
    };
    expect(await preview('XYZ-987')).toEqual({ registerNumber: 'XYZ-987', make: 'VOLKSWAGEN', model: 'Polo', found: true });
    expect(register.asked.at(-1)).toBe('XYZ-987');
    expect(await preview('ABC-123')).toMatchObject({ found: false });
  });
});
