/**
 * tires.csv: a supplier's price and stock list (tire and tire_supplier, migrations 004, 013
 * and 022; each tire also a product of the group 'tires', provider TIRE). A row is a tire,
 * keyed by its supplier (by name, without case; a new name makes a new supplier) and the
 * supplier's product code (tire.supplier_code). New tires are added, known ones updated, and
 * a named supplier's tires that the file does not have are put out of stock (stock 0,
 * OUT_OF_STOCK): never deleted, as past bookings name them. A tire already out of stock that
 * the file leaves out is not listed again. The file may be 20,000 rows in one transaction,
 * so it is read and written set-based (tires-repository.ts): the suppliers' tires read once,
 * the changes worked out in memory, the new and changed rows written a thousand a statement.
 * A refused row leaves its tire as it was, and it is not put out of stock either; with
 * skipRefused the rows that pass are made (the file kind answers both).
 */
import {
  CATALOGUE_MAX_PRICE_CENTS,
  TIRE_LABEL_CLASSES,
  TIRE_NOISE_CLASSES,
  TIRE_TYPES,
  cleanLine,
  formatTireSize,
  isStorableText,
  type DataImportColumnName,
} from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { formatCents, formatList, parseInteger, parseList, parseScaled, type CsvRow, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, type Change, type FileKind } from './file-kind.ts';
import {
  ensureTireGroup,
  findAllTires,
  findMediaIds,
  findProductIds,
  findTireSuppliers,
  findTiresOfSuppliers,
  insertTireSuppliers,
  insertTires,
  setTiresOutOfStock,
  updateTireProducts,
  updateTireRows,
  type StoredTire,
} from './tires-repository.ts';

export const TIRE_COLUMNS = columnsOf('tires');
type TireColumn = DataImportColumnName<'tires'>;

/** Tire widths in mm, aspect ratios in % and rim diameters in inches the file takes (passenger cars to light trucks). */
const WIDTH = { min: 105, max: 355 };
const ASPECT_RATIO = { min: 25, max: 95 };
const RIM_DIAMETER = { min: 10, max: 24 };
/** Load index range, requirements §9 (and the tire table's check). */
const LOAD_INDEX = { min: 70, max: 130 };
/** Speed symbols of ETRTO/ISO 4000-1, slowest first. */
const SPEED_INDEXES = ['J', 'K', 'L', 'M', 'N', 'P', 'Q', 'R', 'S', 'T', 'U', 'H', 'V', 'W', 'Y', 'Z'];
/** The extra markings the tire search knows (TIRE_MARKING_TEXTS), in the order they are stored. */
const MARKINGS = ['C', 'XL'];
/** External rolling noise in dB(A) (the tire table's check). */
const NOISE_DB = { min: 50, max: 90 };
/** The largest stock a row takes (the tire table's tire_stock_range, migration 022). */
const STOCK_MAX = 100_000;
/** The longest supplier name, make, model and picture id. */
const MAX_NAME = 100;
/** The longest product code. */
const MAX_CODE = 60;

/** The columns the product's description is made of: a change in one writes it anew. */
const DESCRIBING = ['make', 'model', 'size', 'load_index', 'speed_index', 'markings'];

interface TireItem {
  line: number;
  supplier: string;
  code: string;
  /** undefined: the column is absent (kept; a new tire: the supplier's name); null: the supplier's name. */
  make: string | null | undefined;
  model: string;
  width: number;
  aspectRatio: number;
  rimDiameter: number;
  loadIndex: number;
  speedIndex: string;
  tireType: string;
  /** undefined: the column is absent (kept; a new tire: none). */
  markings: string[] | undefined;
  /** undefined: the column is absent (kept); null: no label value. */
  rollingResistance: string | null | undefined;
  wetGrip: string | null | undefined;
  noiseDb: number | null | undefined;
  noiseClass: string | null | undefined;
  priceCents: number;
  stock: number;
  /** undefined: the column is absent or the cell empty (the picture stays). */
  image: string | undefined;
}

/** A row's key: the supplier without case, and the code as written. */
const keyOf = (supplier: string, code: string) => `${supplier.toLowerCase()}\u0000${code}`;
/** The key of a change: 'Nokian Tyres / T430123'. */
const changeKey = (supplier: string, code: string) => `${supplier} / ${code}`;

function text(errors: RowErrors, line: number, column: TireColumn, value: string | undefined, max: number, required = true): string {
  const v = cleanLine(value ?? '');
  if (v === '') {
    if (required) errors.add(line, column, 'Pakollinen tieto');
  } else if (v.length > max) errors.add(line, column, `Teksti on liian pitkä (enintään ${max} merkkiä)`);
  else if (!isStorableText(v)) errors.add(line, column, 'Tekstissä on merkkejä, joita ei voi tallentaa');
  return v;
}

/** A cell of one of a list's values (upper case), null when empty, undefined when the column is absent. */
function oneOf(errors: RowErrors, row: CsvRow, column: TireColumn, values: readonly string[], message: string): string | null | undefined {
  const cell = cellOf(row, column);
  if (cell === undefined) return undefined;
  if (cell === '') return null;
  const v = cell.toUpperCase();
  if (!values.includes(v)) errors.add(row.line, column, message);
  return v;
}

function readRow(row: CsvRow, errors: RowErrors): TireItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const supplier = text(errors, line, 'supplier', cellOf(row, 'supplier'), MAX_NAME);
  const code = text(errors, line, 'product_code', cellOf(row, 'product_code'), MAX_CODE);
  const makeCell = cellOf(row, 'make');
  const make = makeCell === undefined ? undefined : text(errors, line, 'make', makeCell, MAX_NAME, false) || null;
  const model = text(errors, line, 'model', cellOf(row, 'model'), MAX_NAME);

  const size = /^(\d{3})\s*\/\s*(\d{2})\s*R\s*(\d{2})$/i.exec(cellOf(row, 'size') ?? '');
  const [width, aspectRatio, rimDiameter] = size ? [Number(size[1]), Number(size[2]), Number(size[3])] : [0, 0, 0];
  const within = (v: number, r: { min: number; max: number }) => v >= r.min && v <= r.max;
  if (!size || !within(width, WIDTH) || !within(aspectRatio, ASPECT_RATIO) || !within(rimDiameter, RIM_DIAMETER)) {
    errors.add(
      line,
      'size',
      `Koko muodossa leveys/profiili R vanne, esim. 205/55R16 (leveys ${WIDTH.min}–${WIDTH.max}, profiili ${ASPECT_RATIO.min}–${ASPECT_RATIO.max}, vanne ${RIM_DIAMETER.min}–${RIM_DIAMETER.max})`,
    );
  }
  const loadIndex = parseInteger(cellOf(row, 'load_index') ?? '');
  if (loadIndex === undefined || !within(loadIndex, LOAD_INDEX)) errors.add(line, 'load_index', `Kuormitusindeksi on kokonaisluku ${LOAD_INDEX.min}–${LOAD_INDEX.max}`);
  const speedIndex = (cellOf(row, 'speed_index') ?? '').toUpperCase();
  if (!SPEED_INDEXES.includes(speedIndex)) errors.add(line, 'speed_index', `Nopeusluokka on yksi kirjain: ${SPEED_INDEXES.join(', ')}`);
  const tireType = (cellOf(row, 'type') ?? '').toUpperCase();
  if (!(TIRE_TYPES as readonly string[]).includes(tireType)) errors.add(line, 'type', `Tyyppi on ${TIRE_TYPES.join(', ')}`);

  const markingsCell = cellOf(row, 'markings');
  let markings: string[] | undefined;
  if (markingsCell !== undefined) {
    const given = parseList(markingsCell).map((m) => m.toUpperCase());
    const unknown = given.filter((m) => !MARKINGS.includes(m));
    if (unknown.length > 0) errors.add(line, 'markings', `Tuntematon merkintä ${unknown.join(', ')}: merkinnät ovat XL ja C`);
    markings = MARKINGS.filter((m) => given.includes(m));
  }
  const labelClasses = TIRE_LABEL_CLASSES.join(', ');
  const rollingResistance = oneOf(errors, row, 'rolling_resistance', TIRE_LABEL_CLASSES, `Vierintävastusluokka on ${labelClasses} tai tyhjä`);
  const wetGrip = oneOf(errors, row, 'wet_grip', TIRE_LABEL_CLASSES, `Märkäpitoluokka on ${labelClasses} tai tyhjä`);
  const noiseClass = oneOf(errors, row, 'noise_class', TIRE_NOISE_CLASSES, `Melun luokka on ${TIRE_NOISE_CLASSES.join(', ')} tai tyhjä`);
  const noiseCell = cellOf(row, 'noise_db');
  let noiseDb: number | null | undefined;
  if (noiseCell !== undefined) {
    noiseDb = noiseCell === '' ? null : (parseInteger(noiseCell) ?? NaN);
    if (noiseDb !== null && !within(noiseDb, NOISE_DB)) errors.add(line, 'noise_db', `Melu desibeleinä, kokonaisluku ${NOISE_DB.min}–${NOISE_DB.max}, tai tyhjä`);
  }

  const priceCents = parseScaled(cellOf(row, 'price') ?? '', 2);
  if (priceCents === undefined || priceCents < 0 || priceCents > CATALOGUE_MAX_PRICE_CENTS) {
    errors.add(line, 'price', 'Hinta euroina, esim. 149,90 (0–100 000 €, enintään kaksi desimaalia)');
  }
  const stock = parseInteger(cellOf(row, 'stock') ?? '');
  if (stock === undefined || stock < 0 || stock > STOCK_MAX) errors.add(line, 'stock', 'Varasto kappaleina, kokonaisluku 0–100 000');
  const image = cellOf(row, 'image') || undefined;
  if (image !== undefined && (image.length > MAX_NAME || !isStorableText(image))) errors.add(line, 'image', 'Kuvan tunnus on enintään 100 merkkiä');

  if (errors.list.length > before) return undefined;
  return {
    line,
    supplier,
    code,
    make,
    model,
    width,
    aspectRatio,
    rimDiameter,
    loadIndex: loadIndex!,
    speedIndex,
    tireType,
    markings,
    rollingResistance,
    wetGrip,
    noiseDb,
    noiseClass,
    priceCents: priceCents!,
    stock: stock!,
    image,
  };
}

/** The customer's line of a tire, as the seed writes it: 'Nokian Hakkapeliitta R5 205/55R16 94T XL'. */
export function tireDescription(t: Pick<StoredTire, 'make' | 'model' | 'width' | 'aspect_ratio' | 'rim_diameter' | 'load_index' | 'speed_index' | 'extra_markings'>): string {
  const size = formatTireSize({ width: t.width, aspectRatio: t.aspect_ratio, rimDiameter: t.rim_diameter });
  return `${t.make} ${t.model} ${size} ${t.load_index}${t.speed_index}${t.extra_markings.length ? ` ${t.extra_markings.join(' ')}` : ''}`;
}

/** A new tire's product id from its supplier and code ('T-1-T430123'), made unique among `taken`. */
export function tireProductIdOf(supplierId: number, code: string, taken: Set<string>): string {
  const base = `T-${supplierId}-${code.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'rengas'}`.slice(0, 90);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join('|') === [...b].sort().join('|');

/**
 * The file's columns that differ between a tire as stored and as the file has it, in the
 * columns' order (a field at a time: 20,000 rows are compared in the import's transaction).
 */
function changedColumns(a: StoredTire, b: StoredTire): string[] {
  const fields: string[] = [];
  if (a.make !== b.make) fields.push('make');
  if (a.model !== b.model) fields.push('model');
  if (a.width !== b.width || a.aspect_ratio !== b.aspect_ratio || a.rim_diameter !== b.rim_diameter) fields.push('size');
  if (a.load_index !== b.load_index) fields.push('load_index');
  if (a.speed_index !== b.speed_index) fields.push('speed_index');
  if (a.tire_type !== b.tire_type) fields.push('type');
  if (!sameList(a.extra_markings, b.extra_markings)) fields.push('markings');
  if (a.rolling_resistance_class !== b.rolling_resistance_class) fields.push('rolling_resistance');
  if (a.wet_grip_class !== b.wet_grip_class) fields.push('wet_grip');
  if (a.noise_db !== b.noise_db) fields.push('noise_db');
  if (a.noise_class !== b.noise_class) fields.push('noise_class');
  if (a.price_cents !== b.price_cents) fields.push('price');
  if (a.stock !== b.stock) fields.push('stock');
  if ((a.image_ids[0] ?? null) !== (b.image_ids[0] ?? null)) fields.push('image');
  return fields;
}

async function run(trx: Executor, table: CsvTable): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  // Every row's supplier and code that can be read, refused or not: the tires of refused rows stay as they are.
  const named = new Set<string>();
  const namedSuppliers = new Set<string>();
  for (const row of table.rows) {
    const supplier = cleanLine(cellOf(row, 'supplier') ?? '');
    if (supplier === '') continue;
    namedSuppliers.add(supplier.toLowerCase());
    named.add(keyOf(supplier, cleanLine(cellOf(row, 'product_code') ?? '')));
  }
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is TireItem => i !== undefined);
  const firstLine = new Map<string, number>();
  const unique: TireItem[] = [];
  for (const item of read) {
    const key = keyOf(item.supplier, item.code);
    const first = firstLine.get(key);
    if (first !== undefined) errors.add(item.line, 'product_code', `Toimittajan ${item.supplier} tuotekoodi ${item.code} on jo rivillä ${first}`);
    else {
      firstLine.set(key, item.line);
      unique.push(item);
    }
  }
  const images = await findMediaIds(trx, [...new Set(unique.flatMap((i) => (i.image ? [i.image] : [])))]);
  const items = unique.filter((item) => {
    if (!item.image || images.has(item.image)) return true;
    errors.add(item.line, 'image', `Kuvaa ${item.image} ei ole: lisää kuva ensin ylläpidossa`);
    return false;
  });

  // The suppliers: known by name without case; a new name of a row that passes gets the next id.
  const suppliers = await findTireSuppliers(trx);
  const supplierByName = new Map(suppliers.map((s) => [s.name.toLowerCase(), s]));
  let nextId = Math.max(0, ...suppliers.map((s) => s.id));
  const newSuppliers: { id: number; name: string }[] = [];
  for (const item of items) {
    if (supplierByName.has(item.supplier.toLowerCase())) continue;
    const s = { id: ++nextId, name: item.supplier };
    supplierByName.set(s.name.toLowerCase(), s);
    newSuppliers.push(s);
  }
  await insertTireSuppliers(trx, newSuppliers);
  const fileSuppliers = [...namedSuppliers].flatMap((n) => supplierByName.get(n) ?? []);
  const existing = new Map((await findTiresOfSuppliers(trx, fileSuppliers.map((s) => s.id))).map((t) => [`${t.supplier_id}\u0000${t.supplier_code}`, t]));

  const changes: Change[] = [];
  const created: StoredTire[] = [];
  const productUpdates: StoredTire[] = [];
  const tireUpdates: StoredTire[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const supplier = supplierByName.get(item.supplier.toLowerCase())!;
    const before = existing.get(`${supplier.id}\u0000${item.code}`);
    if (before) seen.add(before.product_id);
    const after: StoredTire = {
      product_id: before?.product_id ?? '',
      supplier_id: supplier.id,
      supplier_code: item.code,
      make: item.make === undefined ? (before?.make ?? supplier.name) : (item.make ?? supplier.name),
      model: item.model,
      tire_type: item.tireType,
      width: item.width,
      aspect_ratio: item.aspectRatio,
      rim_diameter: item.rimDiameter,
      load_index: item.loadIndex,
      speed_index: item.speedIndex,
      extra_markings: item.markings ?? before?.extra_markings ?? [],
      rolling_resistance_class: item.rollingResistance === undefined ? (before?.rolling_resistance_class ?? null) : item.rollingResistance,
      wet_grip_class: item.wetGrip === undefined ? (before?.wet_grip_class ?? null) : item.wetGrip,
      noise_db: item.noiseDb === undefined ? (before?.noise_db ?? null) : item.noiseDb,
      noise_class: item.noiseClass === undefined ? (before?.noise_class ?? null) : item.noiseClass,
      stock: item.stock,
      price_cents: item.priceCents,
      image_ids: item.image === undefined || item.image === before?.image_ids[0] ? (before?.image_ids ?? []) : [item.image],
      description: before?.description ?? '',
    };
    const fields = before ? changedColumns(before, after) : [];
    changes.push({ key: changeKey(supplier.name, item.code), action: !before ? 'CREATE' : fields.length > 0 ? 'UPDATE' : 'UNCHANGED', fields });
    if (!before || fields.some((f) => DESCRIBING.includes(f))) after.description = tireDescription(after);
    if (!before) created.push(after);
    else if (fields.length > 0) {
      // The product holds the price, the picture, the description and the info text (make, model and type).
      if (after.description !== before.description || ['price', 'image', 'type'].some((f) => fields.includes(f))) productUpdates.push(after);
      if (fields.some((f) => f !== 'price' && f !== 'image')) tireUpdates.push(after);
    }
  }
  if (created.length > 0) {
    await ensureTireGroup(trx);
    const taken = await findProductIds(trx);
    for (const t of created) t.product_id = tireProductIdOf(t.supplier_id, t.supplier_code, taken);
    await insertTires(trx, created);
  }
  await updateTireProducts(trx, productUpdates);
  await updateTireRows(trx, tireUpdates);

  // The named suppliers' tires the file leaves out go out of stock (those already out are not listed).
  const supplierName = new Map(fileSuppliers.map((s) => [s.id, s.name]));
  // In the order they were read: by supplier and code.
  const gone = [...existing.values()].filter(
    (t) => !seen.has(t.product_id) && t.stock > 0 && !named.has(keyOf(supplierName.get(t.supplier_id)!, t.supplier_code)),
  );
  await setTiresOutOfStock(
    trx,
    gone.map((t) => t.product_id),
  );
  for (const t of gone) changes.push({ key: changeKey(supplierName.get(t.supplier_id)!, t.supplier_code), action: 'OUT_OF_STOCK', fields: ['stock'] });
  return { changes, errors: errors.list };
}

async function rows(db: Executor): Promise<string[][]> {
  return (await findAllTires(db)).map((t) => {
    const cells: Record<TireColumn, string> = {
      supplier: t.supplier,
      product_code: t.supplier_code,
      make: t.make,
      model: t.model,
      size: formatTireSize({ width: t.width, aspectRatio: t.aspect_ratio, rimDiameter: t.rim_diameter }),
      load_index: String(t.load_index),
      speed_index: t.speed_index,
      type: t.tire_type,
      markings: formatList(t.extra_markings),
      rolling_resistance: t.rolling_resistance_class ?? '',
      wet_grip: t.wet_grip_class ?? '',
      noise_db: t.noise_db === null ? '' : String(t.noise_db),
      noise_class: t.noise_class ?? '',
      price: formatCents(t.price_cents),
      stock: String(t.stock),
      image: t.image_ids[0] ?? '',
    };
    return TIRE_COLUMNS.map((c) => cells[c.name as TireColumn]);
  });
}

export const tiresFile: FileKind = { file: 'tires', columns: TIRE_COLUMNS, skipsRefused: true, run: (trx, table) => run(trx, table), rows };
