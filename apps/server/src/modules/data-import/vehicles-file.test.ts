/**
 * vehicles.csv through the staff API: the cars it brings are what the booking's plate
 * look-up answers (a new make added to the list), refused rows are named at their columns
 * and with skipRefused the others still apply, the demo register's export imports back
 * unchanged, and a file of DATA_IMPORT_MAX_ROWS cars is written a few statements at a time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_IMPORT_MAX_ROWS } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import { StatementCounter } from '#test/statement-counter.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';

let t: TestApp;
let admin: StaffClient;
const statements = new StatementCounter();
beforeAll(async () => {
  t = await createTestApp({}, { wrapDb: (db) => db.withPlugin(statements) });
  await installChangeLog(t.db);
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
}, 60_000);
afterAll(() => t.close());

const HEADER = 'register_number;make;model;class;first_registration;model_year;fuel;front_tires;rear_tires';
const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const importCars = (text: string, opts: { apply?: boolean; skipRefused?: boolean } = {}) =>
  admin.post('/data/import', { file: 'vehicles', csv: text, apply: opts.apply ?? true, skipRefused: opts.skipRefused ?? false });
const tire = (width: number, aspectRatio: number, rimDiameter: number, loadIndex: number) => ({ width, aspectRatio, constructionType: 'R', rimDiameter, loadIndex });
const makeNamed = (name: string) => t.db.selectFrom('vehicle_make').select(['id', 'name']).where('name', '=', name).executeTakeFirst();

/** The booking's plate look-up (search-vehicle) in a new session. */
async function lookUp(registerNumber: string) {
  const c = new ApiClient(t.app);
  await c.init();
  const res = await c.post('/search-vehicle', { registerNumber });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

const CARS = csv(
  HEADER,
  'tst-101;Volkswagen;Passat;1;2018-03-05;2018;Diesel;215/55R17 94;',
  'TST-102;Lada;Niva;1;14.5.2012;;Bensiini;175/80R16 88;',
  'TST-103;volkswagen;Crafter;2;2021-09-30;2022;Diesel;235/65R16 115;235/65 R16 115',
  'TST-104;BMW;330e;;;;;225/45R18 95;255/40R18 99',
);

describe('vehicles.csv', () => {
  it('the demo register exports and imports back with every car UNCHANGED and nothing written', async () => {
    const res = await admin.get('/data/export/vehicles');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('ABC-123;Volkswagen;Golf;1;2019-04-12;2019;Bensiini;205/55R16 91;');
    expect(lines).toContain('BMW-123;BMW;320i;1;2020-05-08;2020;Bensiini;225/45R18 95;255/40R18 99');
    expect(lines).toContain('VAN-123;Volkswagen;Transporter;2;2020-02-21;2020;Diesel;215/65R16 106;');
    const { n } = await t.db.selectFrom('vehicle').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(3000);

    const mark = await changeMark(t.db);
    const back = await importCars(res.body);
    expect(back.statusCode, back.body).toBe(200);
    expect(json(back).counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: Number(n), OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('imports cars (a new make added with the next id) that the plate look-up then answers; the same file again is UNCHANGED', async () => {
    expect(await makeNamed('Lada')).toBeUndefined();
    const { max } = await t.db.selectFrom('vehicle_make').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const mark = await changeMark(t.db);
    const dry = await importCars(CARS, { apply: false });
    expect(json(dry).changes).toEqual(['TST-101', 'TST-102', 'TST-103', 'TST-104'].map((key) => ({ key, action: 'CREATE', fields: [] })));
    expect(await changesSince(t.db, mark)).toEqual([]);

    const res = await importCars(CARS);
    expect(json(res)).toMatchObject({ applied: true, counts: { CREATE: 4, UPDATE: 0, UNCHANGED: 0 }, refused: [] });
    expect(await makeNamed('Lada')).toEqual({ id: Number(max) + 1, name: 'Lada' });
    const makes = json(await new ApiClient(t.app).get('/vehicle-makes')) as { name: string }[];
    expect(makes.map((m) => m.name)).toContain('Lada');

    expect(await lookUp('TST-101')).toEqual({
      responseCode: 'SUCCESS',
      vehicle: {
        register_number: 'TST-101',
        make: 'Volkswagen',
        model: 'Passat',
        model_year: 2018,
        classification: { id: 1 },
        tires: { front: tire(215, 55, 17, 94), rear: tire(215, 55, 17, 94) },
      },
    });
    expect((await lookUp('tst-102')).vehicle).toMatchObject({ make: 'Lada', model: 'Niva', model_year: 2012, tires: { front: tire(175, 80, 16, 88) } });
    expect((await lookUp('TST-103')).vehicle).toMatchObject({ make: 'Volkswagen', classification: { id: 2 }, model_year: 2022 });
    expect((await lookUp('TST-104')).vehicle).toMatchObject({ make: 'BMW', model_year: null, tires: { front: tire(225, 45, 18, 95), rear: tire(255, 40, 18, 99) } });
    const lada = await t.db.selectFrom('vehicle').selectAll().where('register_number', '=', 'TST-102').executeTakeFirstOrThrow();
    expect(lada).toMatchObject({ introduction_date: '2012-05-14', fuel: 'Bensiini', classification_id: 1 });

    const again = await changeMark(t.db);
    expect(json(await importCars(CARS)).counts).toMatchObject({ CREATE: 0, UPDATE: 0, UNCHANGED: 4 });
    expect(await changesSince(t.db, again)).toEqual([]);
  });

  it('an update names the columns that change; columns left out keep a known car’s values, a new car gets the defaults', async () => {
    const res = await importCars(csv(HEADER, 'TST-101;Volkswagen;Passat Variant;1;2018-03-05;2018;Diesel;225/45R17 94;'));
    expect(json(res).changes).toEqual([{ key: 'TST-101', action: 'UPDATE', fields: ['model', 'front_tires', 'rear_tires'] }]);
    expect((await lookUp('TST-101')).vehicle.tires).toEqual({ front: tire(225, 45, 17, 94), rear: tire(225, 45, 17, 94) });

    const short = await importCars(csv('register_number;make;model', 'TST-101;Volkswagen;Passat Variant', 'TST-105;Skoda;Octavia'));
    expect(json(short).changes).toEqual([
      { key: 'TST-101', action: 'UNCHANGED', fields: [] },
      { key: 'TST-105', action: 'CREATE', fields: [] },
    ]);
    expect((await lookUp('TST-101')).vehicle).toMatchObject({ model_year: 2018, tires: { front: tire(225, 45, 17, 94) } });
    const skoda = await t.db.selectFrom('vehicle').selectAll().where('register_number', '=', 'TST-105').executeTakeFirstOrThrow();
    expect(skoda).toMatchObject({ classification_id: 1, model_year: null, introduction_date: null, fuel: null, tires: null });
  });

  it('the example file of docs/data-import/ imports, and the look-up answers its cars', async () => {
    const example = readFileSync(join(import.meta.dirname, '../../../../../docs/data-import/vehicles.csv'), 'utf8');
    const res = await importCars(example);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).counts).toMatchObject({ CREATE: 5, UPDATE: 0, UNCHANGED: 0 });
    expect((await lookUp('ESI-103')).vehicle).toMatchObject({ make: 'BMW', model: '320i', tires: { front: tire(225, 45, 18, 95), rear: tire(255, 40, 18, 99) } });
  });

  const REFUSED = csv(
    HEADER,
    'ABC123;Volkswagen;Golf;1;;;;;',
    'TST-201;;Golf;1;;;;;',
    'TST-202;Hylättymerkki;Yaris;3;;;;;',
    'TST-203;Toyota;Yaris;1;2019-02-30;;;;',
    'TST-204;Toyota;Yaris;1;2099-01-01;;;;',
    'TST-205;Toyota;Yaris;1;;19;;;',
    'TST-206;Toyota;Yaris;1;;;;205/55-16;',
    'TST-207;Toyota;Yaris;1;;;;;205/55R16 91',
    'TST-208;Uusimerkki;Malli;1;;;;;',
    'tst-208;Toyota;Yaris;1;;;;;',
  );
  const REFUSED_AT = ['2:register_number', '3:make', '4:class', '5:first_registration', '6:first_registration', '7:model_year', '8:front_tires', '9:front_tires', '11:register_number'];
  const at = (errors: { line: number; column: string }[]) => errors.map((e) => `${e.line}:${e.column}`);

  it('a refused row is named at its column in Finnish and nothing changes', async () => {
    const mark = await changeMark(t.db);
    const res = await importCars(REFUSED);
    expect(res.statusCode).toBe(400);
    const { errors } = json(res);
    expect(at(errors)).toEqual(REFUSED_AT);
    expect(errors[0]).toEqual({ file: 'vehicles.csv', line: 2, column: 'register_number', message: expect.stringContaining('ABC-123') });
    expect(errors[2].message).toBe('Ajoneuvoluokka on 1 (henkilöauto) tai 2 (pakettiauto)');
    expect(errors.at(-1).message).toBe('Rekisteritunnus TST-208 on jo rivillä 10');
    expect(await changesSince(t.db, mark)).toEqual([]);
    expect(await makeNamed('Uusimerkki')).toBeUndefined();
  });

  it('with skipRefused the rows that pass are applied and the refused ones answered; a refused row adds no make', async () => {
    const res = await importCars(REFUSED, { skipRefused: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ applied: true, changes: [{ key: 'TST-208', action: 'CREATE', fields: [] }] });
    expect(at(json(res).refused)).toEqual(REFUSED_AT);
    expect((await lookUp('TST-208')).vehicle).toMatchObject({ make: 'Uusimerkki', model: 'Malli' });
    expect(await makeNamed('Hylättymerkki')).toBeUndefined();
    expect((await lookUp('TST-202')).responseCode).toBe('NOT_FOUND');
  });

  it(`a file of DATA_IMPORT_MAX_ROWS cars is written in one transaction a few statements at a time, and reads back UNCHANGED`, async () => {
    const count = DATA_IMPORT_MAX_ROWS.vehicles;
    const lines = Array.from({ length: count }, (_, i) => `CQ-${10_000 + i};Toyota;Corolla;1;2020-01-15;2020;Hybridi;205/55R16 91;`);
    statements.reset();
    const res = await importCars(csv(HEADER, ...lines));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).counts).toMatchObject({ CREATE: count, UPDATE: 0, UNCHANGED: 0 });
    expect(statements.count).toBeLessThan(30);
    expect((await lookUp(`CQ-${10_000 + count - 1}`)).vehicle).toMatchObject({ make: 'Toyota', model: 'Corolla' });

    const changed = lines.map((l, i) => (i % 2 === 0 ? l.replace('Corolla', 'Corolla Touring Sports') : l));
    statements.reset();
    const again = await importCars(csv(HEADER, ...changed));
    expect(json(again).counts).toMatchObject({ CREATE: 0, UPDATE: count / 2, UNCHANGED: count / 2 });
    expect(statements.count).toBeLessThan(30);
  }, 120_000);
});
