/**
 * The data import and export through the staff API on the demo company: a bad line
 * changes nothing and is named, the same file twice changes nothing the second time, a dry
 * run writes nothing, an export imports back unchanged, and the rules of the set-up pages
 * (office-admin, staff-capacity) refuse rows here as there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_FILES,
  DATA_IMPORT_COLUMNS,
  DATA_IMPORT_LISTED_CHANGES,
  DATA_IMPORT_MAX_CHARS,
  DATA_IMPORT_MAX_ROWS,
  addDays,
  isWorkingDay,
  todayInHelsinki,
  type DataFile,
} from '@huolto/domain';
import { createTestApp, json, type TestApp } from '#test/helpers.ts';
import { columnsOf, type Change, type FileKind } from './file-kind.ts';
import { DATA_IMPORT_BODY_LIMIT_BYTES, DATA_IMPORT_TOO_LARGE_MESSAGE } from './routes.ts';
import { FILE_KINDS, summarize } from './service.ts';
import { changeMark, changesSince, installChangeLog } from '#test/fuzz-support.ts';
import { signedInStaff, type StaffClient } from '#test/staff.ts';

let t: TestApp;
let admin: StaffClient;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  await installChangeLog(t.db);
  const signedIn = await signedInStaff(t.app, t.db, { role: 'ADMIN' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
}, 60_000);
afterAll(() => t.close());

const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';
const importFile = (file: DataFile, text: string, apply = true) => admin.post('/data/import', { file, csv: text, apply });
const importAudits = () => t.db.selectFrom('audit_event').select(['id', 'staff_user_id', 'after']).where('entity', '=', 'IMPORT').orderBy('id').execute();

const OFFICE_HEADER = 'code;name;address;post_code;post_office;phone;email;processes;first_slot_time;slot_step_minutes';
const OFFICES = csv(
  OFFICE_HEADER,
  'TST1;Testi Tampere;Testikatu 1;33100;Tampere;03 111 2222;tst1@example.com;MAINTENANCE|TIRE_CHANGE;08:00;30',
  'TST2;Testi Turku;Testikatu 2;20100;Turku;;;MAINTENANCE;;',
);

describe('POST /data/import', () => {
  it('a dry run answers the changes and writes nothing; applying makes them with one IMPORT audit row; the same file again is UNCHANGED and writes nothing', async () => {
    const mark = await changeMark(t.db);
    const dry = await importFile('offices', OFFICES, false);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(json(dry)).toEqual({
      file: 'offices',
      applied: false,
      changes: [
        { key: 'TST1', action: 'CREATE', fields: [] },
        { key: 'TST2', action: 'CREATE', fields: [] },
      ],
      counts: { CREATE: 2, UPDATE: 0, UNCHANGED: 0, OUT_OF_STOCK: 0 },
      moreChanges: 0,
      refused: [],
    });
    expect(await changesSince(t.db, mark)).toEqual([]);

    const applied = await importFile('offices', OFFICES);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(json(applied)).toMatchObject({ applied: true, changes: [{ key: 'TST1', action: 'CREATE' }, { key: 'TST2', action: 'CREATE' }] });
    const office = await t.db.selectFrom('organization').selectAll().where('code', '=', 'TST1').executeTakeFirstOrThrow();
    expect(office).toMatchObject({ name: 'Testi Tampere', post_code: '33100', maintenance: true, tire_change: true, tire_sales: false, slot_step_minutes: 30 });
    const audits = await importAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.staff_user_id).toBe(adminId);
    expect(audits[0]!.after).toMatchObject({ file: 'offices.csv', changes: [{ key: 'TST1', action: 'CREATE' }, { key: 'TST2', action: 'CREATE' }] });
    const officeAudits = await t.db.selectFrom('audit_event').select('action').where('entity', '=', 'OFFICE').where('entity_id', '=', String(office.id)).execute();
    expect(officeAudits.map((a) => a.action)).toEqual(['CREATED']);

    const again = changeMark(t.db);
    const second = await importFile('offices', OFFICES);
    expect(second.statusCode, second.body).toBe(200);
    expect(json(second).changes).toEqual([
      { key: 'TST1', action: 'UNCHANGED', fields: [] },
      { key: 'TST2', action: 'UNCHANGED', fields: [] },
    ]);
    expect(json(second).counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 2, OUT_OF_STOCK: 0 });
    expect(await changesSince(t.db, await again)).toEqual([]);
    expect(await importAudits()).toHaveLength(1);
  });

  it('an update names the columns that change; a column the file leaves out keeps its value', async () => {
    const res = await importFile('offices', csv('code;name;address;post_code;post_office;processes', 'TST1;Testi Tampere Keskusta;Testikatu 1;33100;Tampere;MAINTENANCE|TIRE_CHANGE'));
    expect(json(res).changes).toEqual([{ key: 'TST1', action: 'UPDATE', fields: ['name'] }]);
    const office = await t.db.selectFrom('organization').selectAll().where('code', '=', 'TST1').executeTakeFirstOrThrow();
    expect(office).toMatchObject({ name: 'Testi Tampere Keskusta', phone: '03 111 2222', slot_step_minutes: 30 });
  });

  it('a file with a bad line changes nothing and names every refused line, column and reason in Finnish', async () => {
    const mark = await changeMark(t.db);
    const res = await importFile(
      'offices',
      csv(
        OFFICE_HEADER,
        'TST3;Uusi;Katu 3;33100;Tampere;;;MAINTENANCE;;',
        'TST4;Huono;Katu 4;3310;Tampere;;;HUOLTO;25:00;7',
        'TST3;Toinen;Katu 5;33100;Tampere;;;MAINTENANCE;;',
      ),
    );
    expect(res.statusCode, res.body).toBe(400);
    const body = json(res);
    expect(body.responseCode).toBe('IMPORT_INVALID');
    expect(body.message).toMatch(/eikä mitään muutettu/);
    const at = (line: number, column: string) => body.errors.filter((e: { line: number; column: string }) => e.line === line && e.column === column);
    expect(at(3, 'processes')[0]).toMatchObject({ file: 'offices.csv', message: expect.stringContaining('Tuntematon palvelu HUOLTO') });
    expect(at(3, 'first_slot_time')).toHaveLength(1);
    expect(at(4, 'code')[0].message).toBe('Toimipisteen tunnus TST3 on jo rivillä 2');
    expect(body.errors.every((e: { line: number }) => e.line !== 2)).toBe(true);
    expect(await changesSince(t.db, mark)).toEqual([]);

    // The domain's rules, applied when the row is written (a post code of five digits, a slot step of the list).
    const rules = await importFile('offices', csv(OFFICE_HEADER, 'TST4;Huono;Katu 4;3310;Tampere;;;MAINTENANCE;;7'));
    expect(json(rules).errors).toEqual([
      { file: 'offices.csv', line: 2, column: 'post_code', message: 'Postinumerossa on viisi numeroa' },
      { file: 'offices.csv', line: 2, column: 'slot_step_minutes', message: expect.stringContaining('Väli on jokin näistä') },
    ]);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('refuses on line 1 an unknown column and a missing required one, and a file that is not CSV', async () => {
    const res = await importFile('resources', csv('office_code;nimi;work_kinds', 'TST1;Nostin;MAINTENANCE'));
    expect(json(res).errors).toEqual([
      { file: 'resources.csv', line: 1, column: 'nimi', message: expect.stringContaining('Tuntematon sarake "nimi"') },
      { file: 'resources.csv', line: 1, column: 'name', message: 'Pakollinen sarake puuttuu' },
    ]);
    const quote = await importFile('resources', 'office_code;name;work_kinds\nTST1;"Nostin;MAINTENANCE\n');
    expect(json(quote).errors[0]).toMatchObject({ message: 'Lainausmerkki jää sulkematta' });
    const empty = await importFile('services', '');
    expect(json(empty).errors[0]).toMatchObject({ line: 1 });
  });

  it('resources: created in order with their kinds of work, an unknown office or kind refused, a reorder numbers them again', async () => {
    const header = 'office_code;name;display_name;selectable;work_kinds;sort;active';
    const bad = await importFile('resources', csv(header, 'EI-OLE;Nostin 1;;ei;MAINTENANCE;1;kyllä', 'TST1;Nostin 1;;ei;LENTOKONE;1;kyllä'));
    expect(json(bad).errors).toEqual([
      { file: 'resources.csv', line: 2, column: 'office_code', message: expect.stringContaining('Tuntematon toimipiste EI-OLE') },
      { file: 'resources.csv', line: 3, column: 'work_kinds', message: expect.stringContaining('LENTOKONE') },
    ]);
    const file = csv(header, 'TST1;Nostin 1;;ei;MAINTENANCE|TIRE_CHANGE;1;kyllä', 'tst1;Nostin 2;Mekaanikko Mikko;kyllä;TIRE_CHANGE;2;kyllä');
    const made = await importFile('resources', file);
    expect(json(made).changes).toEqual([
      { key: 'TST1 / Nostin 1', action: 'CREATE', fields: [] },
      { key: 'TST1 / Nostin 2', action: 'CREATE', fields: [] },
    ]);
    expect(json(await importFile('resources', file)).changes.map((c: { action: string }) => c.action)).toEqual(['UNCHANGED', 'UNCHANGED']);
    const swapped = await importFile('resources', csv(header, 'TST1;Nostin 1;;ei;MAINTENANCE|TIRE_CHANGE;20;kyllä', 'TST1;Nostin 2;Mekaanikko Mikko;kyllä;TIRE_CHANGE;10;kyllä'));
    expect(json(swapped).changes).toEqual([
      { key: 'TST1 / Nostin 1', action: 'UPDATE', fields: ['sort'] },
      { key: 'TST1 / Nostin 2', action: 'UPDATE', fields: ['sort'] },
    ]);
    const office = await t.db.selectFrom('organization').select('id').where('code', '=', 'TST1').executeTakeFirstOrThrow();
    const rows = await t.db.selectFrom('resource').select(['name', 'sort', 'selectable', 'display_name']).where('organization_id', '=', office.id).orderBy('sort').execute();
    expect(rows).toEqual([
      { name: 'Nostin 2', sort: 1, selectable: true, display_name: 'Mekaanikko Mikko' },
      { name: 'Nostin 1', sort: 2, selectable: false, display_name: null },
    ]);
    const kinds = await t.db.selectFrom('resource_work_kind as k').innerJoin('resource as r', 'r.id', 'k.resource_id').select(['r.name', 'k.work_kind']).where('r.organization_id', '=', office.id).orderBy('r.name').orderBy('k.work_kind').execute();
    expect(kinds.map((k) => `${k.name}:${k.work_kind}`)).toEqual(['Nostin 1:MAINTENANCE', 'Nostin 1:TIRE_CHANGE', 'Nostin 2:TIRE_CHANGE']);
  });

  it('a resource with bookings to come is not deactivated: the row is refused and nothing changes', async () => {
    const booked = await t.db
      .selectFrom('resource_time as rt')
      .innerJoin('booking as b', 'b.id', 'rt.booking_id')
      .innerJoin('resource as r', 'r.id', 'rt.resource_id')
      .innerJoin('organization as o', 'o.id', 'r.organization_id')
      .select(['o.code', 'r.name'])
      .where('b.status', '=', 'CONFIRMED')
      .where('rt.kind', '=', 'BOOKED')
      .where('b.start_at', '>', new Date(Date.now() + 86_400_000))
      .executeTakeFirstOrThrow();
    const mark = await changeMark(t.db);
    const res = await importFile('resources', csv('office_code;name;work_kinds;active', `${booked.code};${booked.name};MAINTENANCE;ei`));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ file: 'resources.csv', line: 2, column: 'active', message: expect.stringContaining('tulevia varauksia') }]);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('opening hours: the usual hours and an exception, keyed by office and day; a past or weekend date is refused when it changes', async () => {
    const today = todayInHelsinki();
    let workday = addDays(today, 14);
    while (!isWorkingDay(workday)) workday = addDays(workday, 1);
    let saturday = addDays(today, 1);
    while (new Date(`${saturday}T12:00:00Z`).getUTCDay() !== 6) saturday = addDays(saturday, 1);
    const header = 'office_code;day;opening_time;closing_time;reason';
    const bad = await importFile('opening-hours', csv(header, `TST1;${saturday};;;Inventaario`, `TST1;${addDays(today, -3)};10:00;14:00;`, 'TST1;ma-pe;17:00;8.00;'));
    expect(json(bad).errors).toEqual([
      { file: 'opening-hours.csv', line: 2, column: 'day', message: expect.stringContaining('suljettu') },
      { file: 'opening-hours.csv', line: 3, column: 'day', message: 'Päivä on jo mennyt' },
      { file: 'opening-hours.csv', line: 4, column: 'closing_time', message: 'Sulkemisaika ennen avaamisaikaa' },
    ]);
    const file = csv(header, 'TST1;ma-pe;7.00;16:00;', `TST1;${workday};;;Koulutuspäivä`, `TST2;${workday};10:00;14:00;Lyhyt päivä`);
    const res = await importFile('opening-hours', file);
    expect(json(res).changes).toEqual([
      { key: 'TST1 / ma-pe', action: 'UPDATE', fields: ['opening_time', 'closing_time'] },
      { key: `TST1 / ${workday}`, action: 'CREATE', fields: [] },
      { key: `TST2 / ${workday}`, action: 'CREATE', fields: [] },
    ]);
    const office = await t.db.selectFrom('organization').select(['id', 'opening_time', 'closing_time', 'first_slot_time']).where('code', '=', 'TST1').executeTakeFirstOrThrow();
    expect(office).toMatchObject({ opening_time: '07:00:00', closing_time: '16:00:00', first_slot_time: '08:00:00' });
    const closed = await t.db.selectFrom('opening_exception').selectAll().where('organization_id', '=', office.id).executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ opening_time: null, closing_time: null, reason: 'Koulutuspäivä' });
    expect(json(await importFile('opening-hours', file)).changes.every((c: { action: string }) => c.action === 'UNCHANGED')).toBe(true);
  });

  it('services: prices in euros to cents, a new group made, an unknown kind of work and a tire product code refused', async () => {
    const header = 'code;group;stage;kind;name;price;duration_minutes;work_kind;active';
    const tire = await t.db.selectFrom('tire').select('product_id').executeTakeFirstOrThrow();
    const bad = await importFile('services', csv(header, `${tire.product_id};Renkaat;TIRE_SERVICES;PRIMARY;Rengas;10;10;;kyllä`, 'X-1;Uudet;DEFAULT;PRIMARY;Testi;12,345;30;LENNOT;kyllä', 'X-2;Uudet;DEFAULT;TIRES;Testi;1;-5;;joo'));
    const errors = json(bad).errors.map((e: { line: number; column: string }) => `${e.line}:${e.column}`);
    expect(errors).toEqual(['2:code', '3:price', '4:kind', '4:duration_minutes', '4:active']);
    const file = csv(header, 'TESTI-HUOLTO;Testipalvelut;DEFAULT;PRIMARY;Testihuolto;89,00;60;MAINTENANCE;kyllä', 'TESTI-LISA;Testipalvelut;DEFAULT;PRIMARY;Testilisä;1 234.5;15;;ei');
    const res = await importFile('services', file);
    expect(json(res).changes).toEqual([
      { key: 'TESTI-HUOLTO', action: 'CREATE', fields: [] },
      { key: 'TESTI-LISA', action: 'CREATE', fields: [] },
    ]);
    const products = await t.db.selectFrom('product').selectAll().where('id', 'in', ['TESTI-HUOLTO', 'TESTI-LISA']).orderBy('id').execute();
    expect(products.map((p) => [p.id, p.price_cents, p.duration_minutes, p.work_kind, p.active])).toEqual([
      ['TESTI-HUOLTO', 8900, 60, 'MAINTENANCE', true],
      ['TESTI-LISA', 123450, 15, null, false],
    ]);
    const group = await t.db.selectFrom('service_group').selectAll().where('id', '=', products[0]!.group_id).executeTakeFirstOrThrow();
    expect(group).toMatchObject({ id: 'testipalvelut', stage: 'DEFAULT', kind: 'PRIMARY', title: 'Testipalvelut' });
    const changed = await importFile('services', csv(header, 'TESTI-HUOLTO;Testipalvelut;DEFAULT;PRIMARY;Testihuolto;99;60;MAINTENANCE;kyllä'));
    expect(json(changed).changes).toEqual([{ key: 'TESTI-HUOLTO', action: 'UPDATE', fields: ['price'] }]);
  });
});

describe('GET /data/export/:file', () => {
  it.each(DATA_FILES)('%s: CSV to download that imports back with every row UNCHANGED and nothing written', async (file) => {
    const res = await admin.get(`/data/export/${file}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    // The header is the domain's list of columns, the one the import page and the docs show.
    expect(res.body.slice(1).split('\r\n')[0]!.split(';')).toEqual(DATA_IMPORT_COLUMNS[file].map((c) => c.name));
    const mark = await changeMark(t.db);
    const back = await importFile(file, res.body);
    expect(back.statusCode, back.body).toBe(200);
    const changes = json(back).changes as { action: string }[];
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((c) => c.action !== 'UNCHANGED')).toEqual([]);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });

  it('an unknown file is 400 naming it', async () => {
    const res = await admin.get('/data/export/users');
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toContain('file');
  });
});

describe('the row limit', () => {
  it(`refuses a file of more than DATA_IMPORT_MAX_ROWS rows at once, naming the first line past it, and changes nothing`, async () => {
    const max = DATA_IMPORT_MAX_ROWS.offices;
    const rows = Array.from({ length: max + 1 }, (_, i) => `RAJA${i};Raja ${i};Katu 1;00100;Helsinki;;;MAINTENANCE;08:00;60`);
    const csv = [OFFICE_HEADER, ...rows].join('\n');
    const before = await t.db.selectFrom('organization').select('id').execute();
    const started = performance.now();
    const res = await importFile('offices', csv, true);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(json(res).responseCode).toBe('IMPORT_INVALID');
    expect(json(res).errors).toEqual([{ file: 'offices.csv', line: max + 2, column: null, message: `Tiedostossa voi olla enintään ${max} riviä: tuo loput omana tiedostonaan` }]);
    expect(await t.db.selectFrom('organization').select('id').execute()).toEqual(before);
  });

  it.each(['offices', 'tires', 'vehicles'] as const)('%s: a file of 50,000 lines is refused within a second at the first line past its own limit, and nothing changes', async (file) => {
    const max = DATA_IMPORT_MAX_ROWS[file];
    const columns = DATA_IMPORT_COLUMNS[file].map((c) => c.name);
    // Every row distinct and well-formed enough to be read; the limit comes before the rows' checks.
    const row = (i: number) => columns.map((c, j) => (j === 0 ? `R${i}` : c === 'processes' ? 'MAINTENANCE' : 'x')).join(';');
    const csv = [columns.join(';'), ...Array.from({ length: 49_999 }, (_, i) => row(i))].join('\r\n');
    const mark = await changeMark(t.db);
    const started = performance.now();
    const res = await admin.post('/data/import', { file, csv, apply: true, skipRefused: true });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ file: `${file}.csv`, line: max + 2, column: null, message: expect.stringContaining(`enintään ${max.toLocaleString('fi-FI')} riviä`) }]);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });
});

describe('formula cells', () => {
  it('a cell that starts with = is refused naming its line and column, in any file, and nothing changes; the export\'s guarded cells read back', async () => {
    const mark = await changeMark(t.db);
    const res = await importFile('offices', csv(OFFICE_HEADER, 'TST1;Testi Tampere;Testikatu 1;33100;Tampere;;;MAINTENANCE;;', 'TST5;"  =HYPERLINK(""http://x"")";Katu 5;33100;Tampere;;;MAINTENANCE;;'));
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([
      { file: 'offices.csv', line: 3, column: 'name', message: 'Solu alkaa =-merkillä: taulukko-ohjelma lukisi sen kaavana. Kirjoita arvo ilman sitä.' },
    ]);
    const services = await importFile('services', csv('code;group;stage;kind;name;price;duration_minutes', 'X;Ryhmä;DEFAULT;PRIMARY;Nimi;=1+1;30'), false);
    expect(json(services).errors).toEqual([{ file: 'services.csv', line: 2, column: 'price', message: expect.stringContaining('kaavana') }]);
    expect(await changesSince(t.db, mark)).toEqual([]);

    // A phone number's + and the export's guard '= are values, not formulas.
    const guarded = await importFile('offices', csv(OFFICE_HEADER, "TST5;'=Testi;Katu 5;33100;Tampere;+358 40 123 4567;;MAINTENANCE;;"), false);
    expect(guarded.statusCode, guarded.body).toBe(200);
    expect(json(guarded).changes).toEqual([{ key: 'TST5', action: 'CREATE', fields: [] }]);
  });
});

describe('skipRefused', () => {
  const header = DATA_IMPORT_COLUMNS.tires.map((c) => c.name).join(';');
  const tireRow = (code: string) => DATA_IMPORT_COLUMNS.tires.map((c) => (c.name === 'product_code' ? code : c.example)).join(';');
  /** A tires file kind that writes nothing: each row a CREATE, a row coded BAD refused. */
  const fakeTires: FileKind = {
    file: 'tires',
    columns: columnsOf('tires'),
    skipsRefused: true,
    run: (_trx, table) =>
      Promise.resolve({
        changes: table.rows.filter((r) => r.cells.get('product_code') !== 'BAD').map((r) => ({ key: r.cells.get('product_code')!, action: 'CREATE' as const, fields: [] })),
        errors: table.rows.filter((r) => r.cells.get('product_code') === 'BAD').map((r) => ({ line: r.line, column: 'product_code', message: 'Huono' })),
      }),
    rows: () => Promise.resolve([]),
  };
  let realTires: FileKind;
  beforeAll(() => {
    realTires = FILE_KINDS.tires;
    FILE_KINDS.tires = fakeTires;
  });
  afterAll(() => {
    FILE_KINDS.tires = realTires;
  });

  it('tires with skipRefused: the rows that pass are answered (and applied), the refused ones and formula rows in refused; without it the file is refused', async () => {
    const file = csv(header, tireRow('T1'), tireRow('BAD'), tireRow('=T3'), tireRow('T4'));
    const strict = await admin.post('/data/import', { file: 'tires', csv: file, apply: true });
    expect(strict.statusCode).toBe(400);
    // The formula's row is refused as such, the others by the file's own checks.
    expect(json(strict).errors).toEqual([
      { file: 'tires.csv', line: 3, column: 'product_code', message: 'Huono' },
      { file: 'tires.csv', line: 4, column: 'product_code', message: expect.stringContaining('kaavana') },
    ]);

    const skipped = await admin.post('/data/import', { file: 'tires', csv: file, apply: true, skipRefused: true });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(json(skipped)).toEqual({
      file: 'tires',
      applied: true,
      changes: [
        { key: 'T1', action: 'CREATE', fields: [] },
        { key: 'T4', action: 'CREATE', fields: [] },
      ],
      counts: { CREATE: 2, UPDATE: 0, UNCHANGED: 0, OUT_OF_STOCK: 0 },
      moreChanges: 0,
      refused: [
        { file: 'tires.csv', line: 3, column: 'product_code', message: 'Huono' },
        { file: 'tires.csv', line: 4, column: 'product_code', message: expect.stringContaining('kaavana') },
      ],
    });
    const audit = (await importAudits()).at(-1)!;
    expect(audit.after).toMatchObject({ file: 'tires.csv', counts: { CREATE: 2 }, refused: [{ line: 3 }, { line: 4 }] });

    const noFormula = csv(header, tireRow('T1'), tireRow('BAD'));
    const refusedRows = await admin.post('/data/import', { file: 'tires', csv: noFormula, apply: false });
    expect(json(refusedRows).errors).toEqual([{ file: 'tires.csv', line: 3, column: 'product_code', message: 'Huono' }]);
  });

  it('other files ignore skipRefused: a refused row refuses the file and nothing changes', async () => {
    const mark = await changeMark(t.db);
    const res = await admin.post('/data/import', { file: 'offices', csv: csv(OFFICE_HEADER, 'TST6;Uusi;Katu 6;33100;Tampere;;;MAINTENANCE;;', 'TST7;Huono;Katu 7;3310;Tampere;;;MAINTENANCE;;'), apply: true, skipRefused: true });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual([{ file: 'offices.csv', line: 3, column: 'post_code', message: expect.any(String) }]);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });
});

describe('summarize', () => {
  const change = (i: number, action: Change['action']): Change => ({ key: `K${i}`, action, fields: [] });

  it('lists every change of a small file, UNCHANGED too, and counts each action', () => {
    const changes = [change(1, 'UNCHANGED'), change(2, 'CREATE'), change(3, 'OUT_OF_STOCK'), change(4, 'UPDATE'), change(5, 'UNCHANGED')];
    expect(summarize(changes)).toEqual({ changes, counts: { CREATE: 1, UPDATE: 1, UNCHANGED: 2, OUT_OF_STOCK: 1 }, moreChanges: 0 });
  });

  it('past DATA_IMPORT_LISTED_CHANGES lists the changes that change something first, then unchanged ones, and counts the rest in moreChanges', () => {
    const n = DATA_IMPORT_LISTED_CHANGES + 500;
    const changes = Array.from({ length: n }, (_, i) => change(i, i % 100 === 99 ? 'UPDATE' : 'UNCHANGED'));
    const { changes: listed, counts, moreChanges } = summarize(changes);
    expect(listed).toHaveLength(DATA_IMPORT_LISTED_CHANGES);
    expect(moreChanges).toBe(500);
    expect(counts).toEqual({ CREATE: 0, UPDATE: n / 100, UNCHANGED: n - n / 100, OUT_OF_STOCK: 0 });
    expect(listed.slice(0, n / 100).every((c) => c.action === 'UPDATE')).toBe(true);
    expect(listed[n / 100]).toEqual(change(0, 'UNCHANGED'));
  });
});

describe('the body limit', () => {
  it('takes a file of DATA_IMPORT_MAX_CHARS characters of Finnish text (past the app-wide limit) and refuses a longer one with 400 naming csv, each within a second', async () => {
    const line = 'ö'.repeat(99) + '\n';
    const big = 'code\n' + line.repeat(Math.floor((DATA_IMPORT_MAX_CHARS - 5) / line.length));
    let started = performance.now();
    const res = await importFile('services', big, false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(400);
    expect(json(res).responseCode).toBe('IMPORT_INVALID');
    started = performance.now();
    const tooBig = await importFile('services', 'code\n' + 'x'.repeat(DATA_IMPORT_MAX_CHARS), false);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(tooBig.statusCode).toBe(400);
    expect(json(tooBig).fields).toEqual([{ path: 'csv', message: 'Tiedosto on liian suuri' }]);
  });

  it('refuses a body past DATA_IMPORT_BODY_LIMIT_BYTES with 413 and a Finnish message, before reading it', async () => {
    // Two bytes a character in UTF-8: past the limit in bytes, if not in characters.
    const body = { file: 'services', csv: 'ö'.repeat(Math.ceil(DATA_IMPORT_BODY_LIMIT_BYTES / 2)), apply: false };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(DATA_IMPORT_BODY_LIMIT_BYTES);
    const started = performance.now();
    const res = await admin.post('/data/import', body);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(DATA_IMPORT_TOO_LARGE_MESSAGE);
    expect(json(res).message).toContain('Tiedosto on liian suuri');
  });

  it('a tire list of 20 MB, applied, is refused with 413 and its Finnish message, and nothing changes', async () => {
    const columns = DATA_IMPORT_COLUMNS.tires;
    const row = (i: number) => columns.map((c) => (c.name === 'product_code' ? `ISO${i}` : c.example)).join(';');
    const lines = [columns.map((c) => c.name).join(';')];
    let bytes = 0;
    for (let i = 0; bytes < 20 * 1024 * 1024; i++) {
      lines.push(row(i));
      bytes += Buffer.byteLength(lines.at(-1)!) + 2;
    }
    const text = lines.join('\r\n') + '\r\n';
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(20 * 1024 * 1024);
    const mark = await changeMark(t.db);
    const res = await admin.post('/data/import', { file: 'tires', csv: text, apply: true, skipRefused: true });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(DATA_IMPORT_TOO_LARGE_MESSAGE);
    expect(await changesSince(t.db, mark)).toEqual([]);
  });
});
