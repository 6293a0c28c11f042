/**
 * The catalogue's import files on the demo catalogue: services (every column), operations,
 * extra-items and campaign-codes. Each file is run as the import runs it (its header checked,
 * its rows in one transaction rolled back on a refusal): an export imports back with every
 * row UNCHANGED and nothing written; a new service with its includes, extras and operations;
 * the refusals at their line and column, nothing changed; a campaign code with its validity.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_IMPORT_MAX_ROWS } from '@huolto/domain';
import { createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import type { Db } from '#src/db/database.ts';
import { parseCsv, writeCsv } from './csv.ts';
import { checkHeader, type Change, type FileKind, type RowError } from './file-kind.ts';
import { campaignCodesFile } from './campaign-codes-file.ts';
import { extraItemsFile } from './extra-items-file.ts';
import { operationsFile } from './operations-file.ts';
import { servicesFile } from './services-file.ts';
import { productParametersFile } from './product-parameters-file.ts';
import { windshieldProducts } from '#src/modules/windshield/service.ts';

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await installChangeLog(db);
}, 60_000);
afterAll(() => database.drop());

class Refused extends Error {
  constructor(readonly errors: RowError[]) {
    super('refused');
  }
}

/** A file imported as importData does: nothing changes when any row is refused. */
async function importFile(kind: FileKind, text: string): Promise<{ changes: Change[]; errors: RowError[] }> {
  const read = parseCsv(text);
  if (!read.table) return { changes: [], errors: read.problems };
  const headerErrors = checkHeader(read.table, kind.columns);
  if (headerErrors.length > 0) return { changes: [], errors: headerErrors };
  const table = read.table;
  try {
    return await db.transaction().execute(async (trx) => {
      const result = await kind.run(trx, table, { staffUserId: null, now: new Date() });
      if (result.errors.length > 0) throw new Refused(result.errors);
      return result;
    });
  } catch (err) {
    if (err instanceof Refused) return { changes: [], errors: err.errors };
    throw err;
  }
}
const exportFile = async (kind: FileKind) => writeCsv(kind.columns.map((c) => c.name), await kind.rows(db, new Date()));
const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const where = (errors: RowError[]) => errors.map((e) => `${e.line}:${e.column}`);

const FILES = {
  services: servicesFile,
  operations: operationsFile,
  'product-parameters': productParametersFile,
  'extra-items': extraItemsFile,
  'campaign-codes': campaignCodesFile,
} as const;

describe('the catalogue files', () => {
  it.each(Object.entries(FILES))('%s: the demo catalogue exported imports back with every row UNCHANGED and nothing written', async (name, kind) => {
    const text = await exportFile(kind);
    // Within the file's row limit, so that the import takes it whole.
    expect(parseCsv(text).table!.rows.length).toBeLessThanOrEqual(DATA_IMPORT_MAX_ROWS[name as keyof typeof FILES]);
    const mark = await changeMark(db);
    const back = await importFile(kind, text);
    expect(back.errors).toEqual([]);
    expect(back.changes.length).toBeGreaterThan(1);
    expect(back.changes.filter((c) => c.action !== 'UNCHANGED')).toEqual([]);
    expect(await changesSince(db, mark)).toEqual([]);
  });

  it('services export every column: the make by name, mileage, extras, pictures, the three stages', async () => {
    const table = parseCsv(await exportFile(servicesFile)).table!;
    const row = (code: string) => Object.fromEntries(table.rows.find((r) => r.cells.get('code') === code)!.cells);
    expect(row('VW-MAINT-60000')).toMatchObject({
      group: 'Määräaikaishuolto',
      stage: 'DEFAULT',
      kind: 'PRIMARY',
      make: 'Volkswagen',
      min_km: '45000',
      max_km: '74999',
      extras: 'BRAKE-FLUID|CABIN-FILTER|WASH-EXTERIOR',
      images: 'service-maintenance',
    });
    expect(row('WINTER-CHECK')).toMatchObject({ stage: 'FIXED_CAMPAIGN_SERVICES', normal_price: '49,90', price: '29,90' });
    expect(row('CODE-WINTER-SERVICE')).toMatchObject({ kind: 'CODE', service_code: 'TALVI2026' });
    expect(row('TIRE-WASH-BALANCE')).toMatchObject({ stage: 'TIRE_SERVICES', includes: 'TIRE-WASH|TIRE-BALANCE' });
    expect(row('INTERIOR-CLEAN')).toMatchObject({ kind: 'EXTRA' });
  });

  it('a new service with includes, extras (one made by a later row) and its operations; the same files again change nothing', async () => {
    const header = 'code;group;stage;kind;name;price;duration_minutes;work_kind;normal_price;info_html;vehicle_class;make;min_km;max_km;service_code;includes;extras;images;valid_from;valid_to;sort';
    const services = csv(
      header,
      'KAMPANJAHUOLTO;Kevätkampanja;FIXED_CAMPAIGN_SERVICES;PRIMARY;Kevätkampanjan huolto;199,00;90;MAINTENANCE;249,00;"<p>Sisältää öljynvaihdon.</p>\n<p>Ja suodattimen.</p>";1;toyota;0;60000;;OIL-CHANGE|CABIN-FILTER;KAMPANJAPESU|BRAKE-FLUID;service-oil;2027-03-01;2027-05-31;',
      'KAMPANJAPESU;Kevätkampanjan lisät;DEFAULT;EXTRA;Kevätpesu;19,90;30;;;;;;;;;;;;;;5',
    );
    const made = await importFile(servicesFile, services);
    expect(made.errors).toEqual([]);
    expect(made.changes).toEqual([
      { key: 'KAMPANJAHUOLTO', action: 'CREATE', fields: [] },
      { key: 'KAMPANJAPESU', action: 'CREATE', fields: [] },
    ]);
    const product = await db.selectFrom('product').selectAll().where('id', '=', 'KAMPANJAHUOLTO').executeTakeFirstOrThrow();
    const toyota = await db.selectFrom('vehicle_make').select('id').where('name', '=', 'Toyota').executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      price_cents: 19900,
      normal_price_cents: 24900,
      info_html: '<p>Sisältää öljynvaihdon.</p>\n<p>Ja suodattimen.</p>',
      vehicle_class: 1,
      make_id: toyota.id,
      min_km: 0,
      max_km: 60000,
      service_code: null,
      included_product_ids: ['OIL-CHANGE', 'CABIN-FILTER'],
      image_ids: ['service-oil'],
      valid_from: '2027-03-01',
      valid_to: '2027-05-31',
      active: true,
    });
    const extras = await db.selectFrom('product_additional').select(['additional_product_id', 'sort']).where('product_id', '=', 'KAMPANJAHUOLTO').orderBy('sort').execute();
    expect(extras.map((e) => e.additional_product_id)).toEqual(['KAMPANJAPESU', 'BRAKE-FLUID']);
    const groupOf = (code: string) =>
      db.selectFrom('service_group as g').innerJoin('product as p', 'p.group_id', 'g.id').select(['g.stage', 'g.kind', 'g.calculator_id', 'p.sort']).where('p.id', '=', code).executeTakeFirstOrThrow();
    expect(await groupOf('KAMPANJAPESU')).toEqual({ stage: 'DEFAULT', kind: 'EXTRA', calculator_id: null, sort: 5 });
    // A new group of maintenance packages (a make, a mileage) is priced by mileage, as the demo's maintenance group.
    expect(await groupOf('KAMPANJAHUOLTO')).toEqual({ stage: 'FIXED_CAMPAIGN_SERVICES', kind: 'PRIMARY', calculator_id: 'MAINTENANCE_BY_MILEAGE', sort: 10 });

    const operations = csv(
      'service_code;position;description;spare_parts',
      'KAMPANJAHUOLTO;2;Öljynsuodattimen vaihto;Öljynsuodatin',
      'KAMPANJAHUOLTO;1;Moottoriöljyn vaihto;Moottoriöljy 0W-20, 4,2 l|Tyhjennystulpan tiiviste',
      'KAMPANJAHUOLTO;3;Koeajo;',
    );
    const ops = await importFile(operationsFile, operations);
    expect(ops.errors).toEqual([]);
    expect(ops.changes.map((c) => `${c.key}:${c.action}`)).toEqual(['KAMPANJAHUOLTO / 1:CREATE', 'KAMPANJAHUOLTO / 2:CREATE', 'KAMPANJAHUOLTO / 3:CREATE']);
    const stored = await db.selectFrom('product_operation').select(['sort', 'description', 'spare_parts']).where('product_id', '=', 'KAMPANJAHUOLTO').orderBy('sort').execute();
    expect(stored).toEqual([
      { sort: 1, description: 'Moottoriöljyn vaihto', spare_parts: [{ description: 'Moottoriöljy 0W-20, 4,2 l' }, { description: 'Tyhjennystulpan tiiviste' }] },
      { sort: 2, description: 'Öljynsuodattimen vaihto', spare_parts: [{ description: 'Öljynsuodatin' }] },
      { sort: 3, description: 'Koeajo', spare_parts: [] },
    ]);

    const mark = await changeMark(db);
    expect((await importFile(servicesFile, services)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
    expect((await importFile(operationsFile, operations)).changes.every((c) => c.action === 'UNCHANGED')).toBe(true);
    expect(await changesSince(db, mark)).toEqual([]);

    // Fewer operations replace the service's; a service the file does not name keeps its own.
    const oilBefore = await db.selectFrom('product_operation').select(['sort', 'description']).where('product_id', '=', 'OIL-CHANGE').orderBy('sort').execute();
    const fewer = await importFile(operationsFile, csv('service_code;position;description;spare_parts', 'KAMPANJAHUOLTO;1;Öljynvaihto;Moottoriöljy 0W-20, 4,2 l'));
    expect(fewer.changes).toEqual([
      { key: 'KAMPANJAHUOLTO / 1', action: 'UPDATE', fields: ['description', 'spare_parts'] },
      { key: 'KAMPANJAHUOLTO / 2', action: 'UPDATE', fields: ['description', 'spare_parts'] },
      { key: 'KAMPANJAHUOLTO / 3', action: 'UPDATE', fields: ['description', 'spare_parts'] },
    ]);
    expect(await db.selectFrom('product_operation').select('description').where('product_id', '=', 'KAMPANJAHUOLTO').execute()).toEqual([{ description: 'Öljynvaihto' }]);
    expect(await db.selectFrom('product_operation').select(['sort', 'description']).where('product_id', '=', 'OIL-CHANGE').orderBy('sort').execute()).toEqual(oilBefore);

    // A column the file leaves out keeps its value; an empty one is its default; a new order of extras is a change.
    const partial = await importFile(
      servicesFile,
      csv('code;group;stage;kind;name;price;duration_minutes;make;extras;valid_to', 'KAMPANJAHUOLTO;Kevätkampanja;FIXED_CAMPAIGN_SERVICES;PRIMARY;Kevätkampanjan huolto;199,00;90;;BRAKE-FLUID|KAMPANJAPESU;'),
    );
    expect(partial.changes).toEqual([{ key: 'KAMPANJAHUOLTO', action: 'UPDATE', fields: ['make', 'extras', 'valid_to'] }]);
    const after = await db.selectFrom('product').selectAll().where('id', '=', 'KAMPANJAHUOLTO').executeTakeFirstOrThrow();
    expect(after).toMatchObject({ make_id: null, valid_from: '2027-03-01', valid_to: null, normal_price_cents: 24900, max_km: 60000, image_ids: ['service-oil'] });
    const reordered = await db.selectFrom('product_additional').select('additional_product_id').where('product_id', '=', 'KAMPANJAHUOLTO').orderBy('sort').execute();
    expect(reordered.map((e) => e.additional_product_id)).toEqual(['BRAKE-FLUID', 'KAMPANJAPESU']);
  });

  it('services: refuses an unknown make, include, extra or picture, a price of -1, a duration of 10000, a lower upper mileage and a date not in the calendar; nothing changes', async () => {
    const header = 'code;group;stage;kind;name;price;duration_minutes;make;min_km;max_km;includes;extras;images;valid_from;valid_to';
    const mark = await changeMark(db);
    const bad = await importFile(
      servicesFile,
      csv(
        header,
        'UUSI-1;Uudet;DEFAULT;PRIMARY;Hyvä rivi;10,00;30;;;;;;;;',
        'UUSI-2;Uudet;DEFAULT;PRIMARY;Merkki;10,00;30;Trabant;;;;;;;',
        'UUSI-3;Uudet;DEFAULT;PRIMARY;Sisältää;10,00;30;;;;EI-OLE|OIL-CHANGE;EI-MYOSKAAN;ei-kuvaa;;',
        'UUSI-4;Uudet;DEFAULT;PRIMARY;Hinta;-1;10000;;;;;;;;',
        'UUSI-5;Uudet;DEFAULT;PRIMARY;Kilometrit;10,00;30;;60000;30000;;;;;',
        'UUSI-6;Uudet;DEFAULT;PRIMARY;Päivä;10,00;30;;;;;;;2026-02-30;2026-01-01',
        'UUSI-7;Uudet;DEFAULT;PRIMARY;Järjestys;10,00;30;;;;;;;2026-03-01;2026-02-28',
        'UUSI-8;Uudet;TIRES;PRIMARY;Vaihe;10,00;30;;;;;;;;',
      ),
    );
    expect(where(bad.errors).sort()).toEqual(
      ['3:make', '4:includes', '4:extras', '4:images', '5:price', '5:duration_minutes', '6:max_km', '7:valid_from', '8:valid_to', '9:stage'].sort(),
    );
    const message = (line: number, column: string) => bad.errors.find((e) => e.line === line && e.column === column)!.message;
    expect(message(3, 'make')).toContain('Tuntematon merkki Trabant');
    expect(message(4, 'includes')).toBe('Tuntematon palvelu EI-OLE: tuo se tässä tiedostossa tai ensin');
    expect(message(4, 'extras')).toContain('EI-MYOSKAAN');
    expect(message(5, 'price')).toMatch(/^Hinta ei voi olla negatiivinen/);
    expect(message(5, 'duration_minutes')).toBe('Kesto minuutteina, kokonaisluku 0–720');
    expect(message(6, 'max_km')).toBe('Yläraja on pienempi kuin alaraja');
    expect(message(7, 'valid_from')).toBe('Päivämäärää 2026-02-30 ei ole kalenterissa');
    expect(message(8, 'valid_to')).toBe('Viimeinen päivä ennen ensimmäistä');
    expect(message(9, 'stage')).toBe('Vaihe on DEFAULT, FIXED_CAMPAIGN_SERVICES tai TIRE_SERVICES');
    expect(await changesSince(db, mark)).toEqual([]);
    expect(await db.selectFrom('product').select('id').where('id', 'like', 'UUSI-%').execute()).toEqual([]);

    // A tire is not the catalogue's: its code is refused, as are its operations.
    const tire = await db.selectFrom('tire').select('product_id').executeTakeFirstOrThrow();
    const taken = await importFile(servicesFile, csv('code;group;stage;kind;name;price;duration_minutes', `${tire.product_id};Renkaat;TIRE_SERVICES;PRIMARY;Rengas;10;10`));
    expect(where(taken.errors)).toEqual(['2:code']);
    const tireOps = await importFile(operationsFile, csv('service_code;position;description', `${tire.product_id};1;Asennus`));
    expect(tireOps.errors).toEqual([{ line: 2, column: 'service_code', message: expect.stringContaining('ei ole palveluluettelon palvelu') }]);
  });

  it('services: the windshield products (kind WINDSHIELD) take a new price, name and duration and keep their group; a bad row is named and nothing changes', async () => {
    const exported = parseCsv(await exportFile(servicesFile)).table!.rows.filter((r) => r.cells.get('kind') === 'WINDSHIELD');
    expect(exported.map((r) => r.cells.get('code'))).toEqual(['windshieldChange', 'windshieldRepair', 'windshieldInsuranceRepair']);
    const header = 'code;group;stage;kind;name;price;normal_price;duration_minutes;active;make;includes';
    const mark = await changeMark(db);
    const bad = await importFile(
      servicesFile,
      csv(
        header,
        'windshieldChange;Tuulilasipalvelut;DEFAULT;PRIMARY;Tuulilasin vaihto;420,00;;180;;;',
        'windshieldRepair;Tuulilasipalvelut;DEFAULT;WINDSHIELD;Kiveniskemän korjaus;0;;30;kyllä;;',
        'windshieldInsuranceRepair;Tuulilasipalvelut;DEFAULT;WINDSHIELD;Korjaus vakuutuksella;0;69,00;30;;Toyota;',
        'TUULILASI-X;Tuulilasipalvelut;DEFAULT;WINDSHIELD;Muu lasi;10,00;;30;;;',
        'OIL-PLUS;Uudet;DEFAULT;PRIMARY;Öljynvaihto ja lasi;10,00;;30;;;windshieldRepair',
      ),
    );
    expect(where(bad.errors).sort()).toEqual(['2:kind', '3:price', '4:make', '5:code', '6:includes']);
    const message = (line: number) => bad.errors.find((e) => e.line === line)!.message;
    expect(message(2)).toBe('windshieldChange on tuulilasituote: tyyppi on WINDSHIELD');
    expect(message(3)).toBe('Aseta hinta ennen kuin otat tuotteen käyttöön (active = kyllä)');
    expect(message(4)).toBe('Ei käytössä tuulilasituotteella: jätä tyhjäksi');
    expect(message(5)).toContain('vain tuulilasituotteilla');
    expect(await changesSince(db, mark)).toEqual([]);

    const good = csv(header, 'windshieldChange;Tuulilasipalvelut;DEFAULT;WINDSHIELD;Tuulilasin vaihto asennettuna;420,00;;200;kyllä;;');
    expect((await importFile(servicesFile, good)).changes).toEqual([{ key: 'windshieldChange', action: 'UPDATE', fields: ['name', 'price', 'duration_minutes'] }]);
    const offered = (await windshieldProducts(db)).find((p) => p.id === 'windshieldChange');
    expect(offered).toMatchObject({ description: 'Tuulilasin vaihto asennettuna', price: 42000, duration_minutes: 200, from_price: true });
    const stored = await db.selectFrom('product').select(['group_id', 'provider', 'duration_per_unit']).where('id', '=', 'windshieldChange').executeTakeFirstOrThrow();
    expect(stored).toEqual({ group_id: 'windshield', provider: 'PROAUTOLASI', duration_per_unit: false });
    const again = await changeMark(db);
    expect((await importFile(servicesFile, good)).changes.map((c) => c.action)).toEqual(['UNCHANGED']);
    expect(await changesSince(db, again)).toEqual([]);
  });

  it("product parameters: the example file is the demo's choices; a bad line is named and nothing changes", async () => {
    const example = readFileSync(join(import.meta.dirname, '../../../../../docs/data-import/product-parameters.csv'), 'utf8');
    const same = await importFile(productParametersFile, example);
    expect(same.errors).toEqual([]);
    expect(same.changes.map((c) => `${c.key}:${c.action}`)).toEqual([
      'windshieldRepair / INSURANCE_CAMPAIGN / true:UNCHANGED',
      'windshieldRepair / INSURANCE_CAMPAIGN / false:UNCHANGED',
      'windshieldInsuranceRepair / INSURANCE_CAMPAIGN / true:UNCHANGED',
      'windshieldInsuranceRepair / INSURANCE_CAMPAIGN / false:UNCHANGED',
    ]);

    const header = 'product_code;parameter_code;value;description;campaign';
    const mark = await changeMark(db);
    const bad = await importFile(
      productParametersFile,
      csv(
        header,
        'windshieldChange;INSURANCE_CAMPAIGN;true;Vakuutusyhtiön kampanja;kyllä',
        'OIL-CHANGE;INSURANCE_CAMPAIGN;true;Kampanja;kyllä',
        'windshieldRepair;vakuutus kampanja;true;Kampanja;kyllä',
        'windshieldRepair;INSURANCE_CAMPAIGN;kyllä ei;Kampanja;kyllä',
        'windshieldRepair;INSURANCE_CAMPAIGN;maybe;;joo',
        'windshieldChange;INSURANCE_CAMPAIGN;true;Toistamiseen;ei',
      ),
    );
    expect(bad.errors).toEqual([
      { line: 3, column: 'product_code', message: 'Valintoja on vain tuulilasituotteilla: windshieldChange, windshieldRepair, windshieldInsuranceRepair' },
      { line: 4, column: 'parameter_code', message: 'Valinnan tunnuksessa on 1–40 merkkiä A–Z, 0–9 ja _, alussa kirjain' },
      { line: 5, column: 'value', message: 'Arvossa on 1–40 merkkiä a–z, 0–9, ., - ja _' },
      { line: 6, column: 'description', message: 'Pakollinen tieto' },
      { line: 6, column: 'campaign', message: 'Kirjoita kyllä tai ei' },
      { line: 7, column: 'value', message: 'Vaihtoehto windshieldChange / INSURANCE_CAMPAIGN / true on jo rivillä 2' },
    ]);
    expect(await changesSince(db, mark)).toEqual([]);
  });

  it('product parameters: a new choice and a changed description reach the windshield form; the same file again changes nothing', async () => {
    const file = csv(
      'product_code;parameter_code;value;description;campaign',
      'windshieldRepair;INSURANCE_CAMPAIGN;false;Ilman vakuutusta;',
      'windshieldChange;INSURANCE_CAMPAIGN;true;Vakuutusyhtiön kampanja;kyllä',
      'windshieldChange;INSURANCE_CAMPAIGN;false;Normaalihinta;ei',
    );
    const made = await importFile(productParametersFile, file);
    expect(made.errors).toEqual([]);
    expect(made.changes).toEqual([
      { key: 'windshieldRepair / INSURANCE_CAMPAIGN / false', action: 'UPDATE', fields: ['description'] },
      { key: 'windshieldChange / INSURANCE_CAMPAIGN / true', action: 'CREATE', fields: [] },
      { key: 'windshieldChange / INSURANCE_CAMPAIGN / false', action: 'CREATE', fields: [] },
    ]);
    const offered = new Map((await windshieldProducts(db)).map((p) => [p.id, p.productParameters]));
    expect(offered.get('windshieldRepair')).toEqual([
      {
        parameterCode: 'INSURANCE_CAMPAIGN',
        type: 'CHOICE',
        values: [
          { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
          { value: 'false', description: 'Ilman vakuutusta', campaign: false },
        ],
      },
    ]);
    expect(offered.get('windshieldChange')).toEqual([
      {
        parameterCode: 'INSURANCE_CAMPAIGN',
        type: 'CHOICE',
        values: [
          { value: 'true', description: 'Vakuutusyhtiön kampanja', campaign: true },
          { value: 'false', description: 'Normaalihinta', campaign: false },
        ],
      },
    ]);
    const mark = await changeMark(db);
    expect((await importFile(productParametersFile, file)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED', 'UNCHANGED']);
    expect(await changesSince(db, mark)).toEqual([]);
    // The export imports back equal.
    const exported = await exportFile(productParametersFile);
    expect((await importFile(productParametersFile, exported)).changes.every((c) => c.action === 'UNCHANGED')).toBe(true);
    expect(await changesSince(db, mark)).toEqual([]);
    expect(parseCsv(exported).table!.rows.map((r) => r.cells.get('product_code'))).toEqual([
      'windshieldChange',
      'windshieldChange',
      'windshieldRepair',
      'windshieldRepair',
      'windshieldInsuranceRepair',
      'windshieldInsuranceRepair',
    ]);
  });

  it('operations: positions 1 … n without gaps, a known service, a position once; nothing changes', async () => {
    const mark = await changeMark(db);
    const bad = await importFile(
      operationsFile,
      csv(
        'service_code;position;description;spare_parts',
        'OIL-CHANGE;1;Öljynvaihto;',
        'OIL-CHANGE;3;Koeajo;',
        'EI-OLE;1;Jotain;',
        'BRAKE-FLUID;1;Vaihto;',
        'BRAKE-FLUID;1;Ilmaus;',
        'BRAKE-FLUID;0;Nolla;',
      ),
    );
    expect([...bad.errors].sort((a, b) => a.line - b.line)).toEqual([
      { line: 3, column: 'position', message: 'Palvelun OIL-CHANGE työvaiheet numeroidaan 1, 2, 3 … ilman aukkoja: vaihe 2 puuttuu' },
      { line: 4, column: 'service_code', message: expect.stringContaining('Tuntematon palvelu EI-OLE') },
      { line: 6, column: 'position', message: 'Työvaihe BRAKE-FLUID / 1 on jo rivillä 5' },
      { line: 7, column: 'position', message: 'Järjestysnumero on kokonaisluku 1–50' },
    ]);
    expect(await changesSince(db, mark)).toEqual([]);
  });

  it('extra items: a new one last, a price in euros; a price of -1 refused', async () => {
    const header = 'code;name;price;sort;active';
    const bad = await importFile(extraItemsFile, csv(header, 'PYYHKIJAT;Pyyhkijät;-1;;', 'KAHVI;;1,00;;joo'));
    expect(bad.errors).toEqual([
      { line: 2, column: 'price', message: expect.stringMatching(/^Hinta ei voi olla negatiivinen/) },
      { line: 3, column: 'name', message: 'Pakollinen tieto' },
      { line: 3, column: 'active', message: 'Kirjoita kyllä tai ei' },
    ]);
    const file = csv(header, 'PYYHKIJAT;Tuulilasinpyyhkijät;29,90;;', 'wiper-blades;Tuulilasinpyyhkimien sulat, pari;41,90;;');
    const made = await importFile(extraItemsFile, file);
    expect(made.changes).toEqual([
      { key: 'PYYHKIJAT', action: 'CREATE', fields: [] },
      { key: 'WIPER-BLADES', action: 'UPDATE', fields: ['price'] },
    ]);
    const items = await db.selectFrom('extra_order_item').selectAll().orderBy('sort', 'desc').execute();
    expect(items[0]).toEqual({ id: 'PYYHKIJAT', description: 'Tuulilasinpyyhkijät', price_cents: 2990, sort: 60, active: true });
    expect(items.find((i) => i.id === 'WIPER-BLADES')).toMatchObject({ price_cents: 4190, sort: 10 });
    expect((await importFile(extraItemsFile, file)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
  });

  it('campaign codes: a code in capitals with its validity; the last day before the first and 0 % refused', async () => {
    const header = 'code;description;percent_off;members_only;valid_from;valid_to;active';
    const bad = await importFile(campaignCodesFile, csv(header, 'KEVAT2027;Kevät;0;;;;', 'KESA 2027;Kesä;10;;;;', 'SYYS2027;Syksy;10;;2027-10-01;2027-09-01;'));
    expect(where(bad.errors)).toEqual(['2:percent_off', '3:code', '4:valid_to']);
    const file = csv(header, 'kevat2027;Kevätkampanja 10 %;10;ei;2027-03-01;2027-05-31;', 'SYKSY2026;Syyskampanja 5 %;5;;;2026-11-30;');
    const made = await importFile(campaignCodesFile, file);
    expect(made.errors).toEqual([]);
    expect(made.changes).toEqual([
      { key: 'KEVAT2027', action: 'CREATE', fields: [] },
      { key: 'SYKSY2026', action: 'UPDATE', fields: ['valid_to'] },
    ]);
    const codes = await importFile(campaignCodesFile, csv('code;description;percent_off', 'KEVAT2027;Kevätkampanja 10 %;10'));
    expect(codes.changes).toEqual([{ key: 'KEVAT2027', action: 'UNCHANGED', fields: [] }]);
    const stored = await db.selectFrom('campaign_code').selectAll().where('code', '=', 'KEVAT2027').executeTakeFirstOrThrow();
    expect(stored).toEqual({ code: 'KEVAT2027', description: 'Kevätkampanja 10 %', percent_off: 10, members_only: false, valid_from: '2027-03-01', valid_to: '2027-05-31', active: true });
    expect((await importFile(campaignCodesFile, file)).changes.map((c) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
  });
});
