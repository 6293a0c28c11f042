/**
 * vehicles.csv: the vehicle register search-vehicle looks cars up in (the vehicle table,
 * migration 001), keyed by the plate as the booking normalises it. A row names its make;
 * a make the list does not have (any case) is added to vehicle_make with the next id. The
 * register is an extract of thousands of cars, so it is read and written a few statements a
 * file (modules/vehicle's repository, a chunk of rows per statement), and an import asked
 * with skipRefused writes the rows that pass and answers the others. A column the file
 * leaves out keeps a known car's value (a new car gets the default); an empty cell is the
 * default. Nothing is deleted: a car left out of the file stays.
 */
import {
  REGISTER_NUMBER_PATTERN,
  VEHICLE_CLASS,
  VEHICLE_MAKE_MAX_LENGTH,
  VEHICLE_MODEL_MAX_LENGTH,
  cleanLine,
  isStorableText,
  normalizeRegisterNumber,
  todayInHelsinki,
  type BookingVehicle,
  type DataImportColumnName,
} from '@huolto/domain';
import { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import {
  findRegisterVehicles,
  insertMakes,
  listMakes,
  listRegisterVehicles,
  upsertRegisterVehicles,
  vehicleTiresSchema,
  type RegisterVehicleRow,
  type RegisterVehicleValues,
} from '#src/modules/vehicle/index.ts';
import { storedJson } from '#src/modules/process/index.ts';
import type { CsvRow, CsvTable } from './csv.ts';
import { RowErrors, cellOf, changeOf, columnsOf, uniqueByKey, type Change, type FileKind, type ImportContext } from './file-kind.ts';

export const VEHICLE_COLUMNS = columnsOf('vehicles');
type VehicleColumn = DataImportColumnName<'vehicles'>;

/** The longest fuel text ('Bensiini/sähkö (ladattava hybridi)' is 34). */
const FUEL_MAX_LENGTH = 60;
/** The first model year and first registration the file takes (the register's oldest cars). */
const FIRST_YEAR = 1900;

type AxleTires = NonNullable<BookingVehicle['tires']>;
type Tire = NonNullable<AxleTires['front']>;

/** '205/55R16 91' (also '205/55 R16 91', 'r'): width, aspect ratio, rim diameter, load index. */
const TIRE_SIZE = /^(\d{3})\s*\/\s*(\d{2})\s*R\s*(\d{2})\s+(\d{2,3})$/i;
const TIRE_MESSAGE = 'Rengaskoko muodossa 205/55R16 91 (leveys/profiili, R, vanne ja kuormitusindeksi)';
/** The sizes a car's tire may have: width mm, aspect ratio %, rim inches, load index. */
const TIRE_BOUNDS = { width: [125, 395], aspectRatio: [20, 95], rimDiameter: [10, 24], loadIndex: [60, 130] } as const;

const DATE = z.iso.date();
/** A Finnish spreadsheet's date: 14.5.2019. */
const FINNISH_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** A tire size as the file writes it. */
export const formatTire = (t: Tire) => `${t.width}/${t.aspectRatio}${t.constructionType}${t.rimDiameter} ${t.loadIndex}`;

function parseTire(cell: string): Tire | undefined {
  const m = TIRE_SIZE.exec(cell);
  if (!m) return undefined;
  const tire = { width: Number(m[1]), aspectRatio: Number(m[2]), constructionType: 'R', rimDiameter: Number(m[3]), loadIndex: Number(m[4]) };
  const fits = (Object.keys(TIRE_BOUNDS) as (keyof typeof TIRE_BOUNDS)[]).every((k) => tire[k] >= TIRE_BOUNDS[k][0] && tire[k] <= TIRE_BOUNDS[k][1]);
  return fits ? tire : undefined;
}

/** YYYY-MM-DD from '2019-05-14' or '14.5.2019'; undefined when neither or no such day. */
function parseDate(cell: string): string | undefined {
  const fi = FINNISH_DATE.exec(cell);
  const iso = fi ? `${fi[3]}-${fi[2]!.padStart(2, '0')}-${fi[1]!.padStart(2, '0')}` : cell;
  return DATE.safeParse(iso).success ? iso : undefined;
}

/** A car as a row gives it: undefined where the file has no such column. */
interface VehicleItem {
  line: number;
  key: string;
  make: string;
  model: string;
  classification: number | undefined;
  firstRegistration: string | null | undefined;
  /** null: the first registration's year (or none without one). */
  modelYear: number | null | undefined;
  fuel: string | null | undefined;
  tires: AxleTires | null | undefined;
}

function text(errors: RowErrors, line: number, column: VehicleColumn, value: string | undefined, max: number, required: boolean): string {
  const v = cleanLine(value ?? '');
  if (v === '' && required) errors.add(line, column, 'Pakollinen tieto');
  else if (v.length > max) errors.add(line, column, `Teksti on liian pitkä (enintään ${max} merkkiä)`);
  else if (!isStorableText(v)) errors.add(line, column, 'Tekstissä on merkkejä, joita ei voi tallentaa');
  return v;
}

function readTires(row: CsvRow, errors: RowErrors, line: number): AxleTires | null | undefined {
  const frontCell = cellOf(row, 'front_tires');
  const rearCell = cellOf(row, 'rear_tires');
  if (frontCell === undefined && rearCell === undefined) return undefined;
  const front = frontCell ? parseTire(frontCell) : null;
  const rear = rearCell ? parseTire(rearCell) : null;
  if (front === undefined) errors.add(line, 'front_tires', TIRE_MESSAGE);
  if (rear === undefined) errors.add(line, 'rear_tires', TIRE_MESSAGE);
  if (front === null && rearCell) errors.add(line, 'front_tires', 'Etuakselin rengaskoko puuttuu, vaikka taka-akselin koko on annettu');
  if (!front || rear === undefined) return null;
  return { front, rear: rear ?? front };
}

function readRow(row: CsvRow, errors: RowErrors, today: string): VehicleItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const key = normalizeRegisterNumber(cellOf(row, 'register_number') ?? '');
  if (key === '') errors.add(line, 'register_number', 'Pakollinen tieto');
  else if (!REGISTER_NUMBER_PATTERN.test(key)) errors.add(line, 'register_number', 'Rekisteritunnus muodossa ABC-123 (tai C-alkuinen, esim. CD-1234)');
  const make = text(errors, line, 'make', cellOf(row, 'make'), VEHICLE_MAKE_MAX_LENGTH, true);
  const model = text(errors, line, 'model', cellOf(row, 'model'), VEHICLE_MODEL_MAX_LENGTH, true);

  const classCell = cellOf(row, 'class');
  let classification: number | undefined;
  if (classCell !== undefined) {
    classification = classCell === '' ? VEHICLE_CLASS.PASSENGER_CAR : Number(classCell);
    if (classification !== VEHICLE_CLASS.PASSENGER_CAR && classification !== VEHICLE_CLASS.VAN) {
      errors.add(line, 'class', 'Ajoneuvoluokka on 1 (henkilöauto) tai 2 (pakettiauto)');
    }
  }

  const dateCell = cellOf(row, 'first_registration');
  let firstRegistration: string | null | undefined;
  if (dateCell !== undefined) {
    firstRegistration = dateCell === '' ? null : parseDate(dateCell);
    if (firstRegistration === undefined) errors.add(line, 'first_registration', 'Päivämäärä muodossa VVVV-KK-PP (tai PP.KK.VVVV)');
    else if (firstRegistration !== null && (firstRegistration > today || firstRegistration < `${FIRST_YEAR}-01-01`)) {
      errors.add(line, 'first_registration', `Ensirekisteröinti on vuodesta ${FIRST_YEAR} tähän päivään`);
    }
  }

  const lastModelYear = Number(today.slice(0, 4)) + 1;
  const yearCell = cellOf(row, 'model_year');
  let modelYear: number | null | undefined;
  if (yearCell !== undefined) {
    modelYear = yearCell === '' ? null : /^\d{4}$/.test(yearCell) ? Number(yearCell) : NaN;
    if (modelYear !== null && !(modelYear >= FIRST_YEAR && modelYear <= lastModelYear)) {
      errors.add(line, 'model_year', `Vuosimalli on vuosi ${FIRST_YEAR}–${lastModelYear}`);
    }
  }

  const fuelCell = cellOf(row, 'fuel');
  const fuel = fuelCell === undefined ? undefined : text(errors, line, 'fuel', fuelCell, FUEL_MAX_LENGTH, false) || null;
  const tires = readTires(row, errors, line);
  if (errors.list.length > before) return undefined;
  return { line, key, make, model, classification, firstRegistration, modelYear, fuel, tires };
}

/** A car's columns as the file compares them: tires as their sizes, '' for none. */
type Compared = {
  make: string;
  model: string;
  classification: number;
  firstRegistration: string | null;
  modelYear: number | null;
  fuel: string | null;
  front: string;
  rear: string;
};

const COMPARED_COLUMNS = {
  make: 'make',
  model: 'model',
  class: 'classification',
  first_registration: 'firstRegistration',
  model_year: 'modelYear',
  fuel: 'fuel',
  front_tires: 'front',
  rear_tires: 'rear',
} as const satisfies Partial<Record<VehicleColumn, keyof Compared>>;

const tiresOf = (row: RegisterVehicleRow) => storedJson(vehicleTiresSchema, row.tires ?? null, 'vehicle.tires');

function compared(v: { make: string; model: string; classification: number; firstRegistration: string | null; modelYear: number | null; fuel: string | null; tires: BookingVehicle['tires'] }): Compared {
  return {
    make: v.make,
    model: v.model,
    classification: v.classification,
    firstRegistration: v.firstRegistration,
    modelYear: v.modelYear,
    fuel: v.fuel,
    front: v.tires?.front ? formatTire(v.tires.front) : '',
    rear: v.tires?.rear ? formatTire(v.tires.rear) : '',
  };
}

const comparedRow = (r: RegisterVehicleRow) =>
  compared({
    make: r.make,
    model: r.model,
    classification: r.classification_id,
    firstRegistration: r.introduction_date,
    modelYear: r.model_year,
    fuel: r.fuel,
    tires: tiresOf(r),
  });

/**
 * Checks every row, then writes the cars of the rows that pass (skipsRefused: the caller
 * rolls them back unless the import leaves refused rows out): the new makes first, then the
 * new and changed cars a chunk per statement.
 */
async function run(trx: Executor, table: CsvTable, ctx: ImportContext): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const today = todayInHelsinki(ctx.now);
  const read = table.rows.map((r) => readRow(r, errors, today)).filter((i): i is VehicleItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'register_number', 'Rekisteritunnus');

  const makes = new Map((await listMakes(trx)).map((m) => [m.name.toLowerCase(), m]));
  const newMakes = [...new Map(items.filter((i) => !makes.has(i.make.toLowerCase())).map((i) => [i.make.toLowerCase(), i.make])).values()];
  for (const m of await insertMakes(trx, newMakes)) makes.set(m.name.toLowerCase(), m);

  const existing = new Map((await findRegisterVehicles(trx, items.map((i) => i.key))).map((v) => [v.register_number, v]));
  const changes: Change[] = [];
  const writes: RegisterVehicleValues[] = [];
  for (const item of items) {
    const before = existing.get(item.key);
    const make = makes.get(item.make.toLowerCase())!;
    const firstRegistration = item.firstRegistration === undefined ? (before?.introduction_date ?? null) : item.firstRegistration;
    const yearOfRegistration = firstRegistration === null ? null : Number(firstRegistration.slice(0, 4));
    // An empty model year is the first registration's year; a column left out keeps a known car's.
    const modelYear = item.modelYear === undefined && before ? before.model_year : (item.modelYear ?? yearOfRegistration);
    const after = {
      make: make.name,
      model: item.model,
      classification: item.classification ?? before?.classification_id ?? VEHICLE_CLASS.PASSENGER_CAR,
      firstRegistration,
      modelYear,
      fuel: item.fuel === undefined ? (before?.fuel ?? null) : item.fuel,
      tires: item.tires === undefined ? (before ? tiresOf(before) : null) : item.tires,
    };
    const change = changeOf(item.key, before && comparedRow(before), compared(after), COMPARED_COLUMNS);
    changes.push(change);
    if (change.action === 'UNCHANGED') continue;
    writes.push({
      register_number: item.key,
      make_id: make.id,
      model: after.model,
      model_year: after.modelYear,
      classification_id: after.classification,
      fuel: after.fuel,
      introduction_date: after.firstRegistration,
      tires: after.tires,
    });
  }
  await upsertRegisterVehicles(trx, writes);
  return { changes, errors: errors.list };
}

/** The register as the file writes it, by plate; the rear tires empty when they are the front's. */
async function rows(db: Executor): Promise<string[][]> {
  return (await listRegisterVehicles(db)).map((r) => {
    const c = comparedRow(r);
    return [
      r.register_number,
      c.make,
      c.model,
      String(c.classification),
      c.firstRegistration ?? '',
      c.modelYear === null ? '' : String(c.modelYear),
      c.fuel ?? '',
      c.front,
      c.rear === c.front ? '' : c.rear,
    ];
  });
}

export const vehiclesFile: FileKind = {
  file: 'vehicles',
  columns: VEHICLE_COLUMNS,
  skipsRefused: true,
  run,
  rows,
};
