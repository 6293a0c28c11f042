/**
 * offices.csv: every detail of an office, keyed by its code. Each row is checked with the
 * domain's officeBody and written through modules/office-admin (createOffice, updateOffice,
 * setOfficeActive), so the rules and audit rows of the set-up pages hold here too; what
 * changed is read from the office's details before and after, as those rules store them.
 * A column the file leaves out keeps an existing office's value (a new office gets the
 * default); an empty cell is the default.
 */
import { OFFICE_TIME_SELECTION_TYPES, PROCESS_TYPES, type DataImportColumnName, type OfficeBody, type OfficeDetails } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { DomainError, ValidationError } from '#src/lib/errors.ts';
import { createOffice, officeDetails, setOfficeActive, updateOffice } from '#src/modules/office-admin/index.ts';
import { formatBoolean, formatDecimal, formatList, parseBoolean, parseClock, parseDecimal, parseInteger, parseList, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, uniqueByKey, type Change, type FileKind, type ImportContext } from './file-kind.ts';
import { findMakes, findOfficeCodes } from './repository.ts';

/** The columns (the domain's, every one of them), each with the office detail (officeBody's field) it holds. */
const FIELDS = {
  code: 'code',
  name: 'name',
  address: 'address',
  post_code: 'postCode',
  post_office: 'postOffice',
  latitude: 'latitude',
  longitude: 'longitude',
  phone: 'phone',
  email: 'email',
  processes: 'processes',
  dealer_makes: 'dealerMakeIds',
  time_selection: 'timeSelectionType',
  lead_only: 'leadOnly',
  first_slot_time: 'firstSlotTime',
  slot_step_minutes: 'slotStepMinutes',
  locker_compartments: 'lockerCompartments',
  customer_selects_resource: 'customerSelectsResource',
  show_loan_calculator: 'showLoanCalculator',
  damage_inspection: 'damageInspection',
  customer_notice: 'customerNotice',
  active: 'active',
} as const satisfies Record<OfficeColumn, keyof OfficeDetails>;
type OfficeColumn = DataImportColumnName<'offices'>;

export const OFFICE_COLUMNS = columnsOf('offices');

const COLUMN_OF_FIELD = new Map<string, string>(Object.entries(FIELDS).map(([column, field]) => [field, column]));
const columnOf = (path: string) => COLUMN_OF_FIELD.get(path) ?? null;

const BOOLEAN_COLUMNS = ['lead_only', 'customer_selects_resource', 'show_loan_calculator', 'damage_inspection'] as const;

interface OfficeItem {
  line: number;
  key: string;
  /** The details the file gives (absent columns left out; empty cells as the defaults). */
  values: Partial<OfficeBody>;
  active: boolean | undefined;
}

function readRow(row: CsvTable['rows'][number], errors: RowErrors, makeIdOf: Map<string, number>): OfficeItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const values: Partial<Record<keyof OfficeBody, unknown>> = {};
  const has = (column: OfficeColumn) => row.cells.has(column);
  const cell = (column: OfficeColumn) => cellOf(row, column) ?? '';
  for (const column of ['code', 'name', 'address', 'post_code', 'post_office', 'phone', 'email'] as const) {
    if (has(column)) values[FIELDS[column]] = cell(column);
  }
  if (has('customer_notice')) values.customerNotice = row.cells.get('customer_notice') ?? '';
  for (const column of ['latitude', 'longitude'] as const) {
    if (!has(column)) continue;
    const v = cell(column) === '' ? null : parseDecimal(cell(column));
    if (v === undefined) errors.add(line, column, 'Desimaaliluku, esim. 61,4978 (tyhjä: postinumeron alueen mukaan)');
    values[FIELDS[column]] = v ?? null;
  }
  if (has('processes')) {
    const processes = parseList(cell('processes')).map((p) => p.toUpperCase());
    const unknown = processes.filter((p) => !(PROCESS_TYPES as readonly string[]).includes(p));
    if (unknown.length > 0) errors.add(line, 'processes', `Tuntematon palvelu ${unknown.join(', ')}: palvelut ovat ${PROCESS_TYPES.join(', ')}`);
    values.processes = processes;
  }
  if (has('dealer_makes')) {
    const names = parseList(cell('dealer_makes'));
    const unknown = names.filter((n) => !makeIdOf.has(n.toLowerCase()));
    if (unknown.length > 0) errors.add(line, 'dealer_makes', `Tuntematon automerkki ${unknown.join(', ')}`);
    values.dealerMakeIds = [...new Set(names.map((n) => makeIdOf.get(n.toLowerCase())).filter((id) => id !== undefined))];
  }
  if (has('time_selection')) {
    const v = cell('time_selection').toUpperCase();
    if (v !== '' && !(OFFICE_TIME_SELECTION_TYPES as readonly string[]).includes(v)) {
      errors.add(line, 'time_selection', `Ajanvalinta on ${OFFICE_TIME_SELECTION_TYPES.join(' tai ')}`);
    }
    values.timeSelectionType = v === '' ? undefined : v;
  }
  for (const column of BOOLEAN_COLUMNS) {
    if (!has(column)) continue;
    const v = cell(column) === '' ? false : parseBoolean(cell(column));
    if (v === undefined) errors.add(line, column, 'Kirjoita kyllä tai ei');
    values[FIELDS[column]] = v;
  }
  if (has('first_slot_time')) {
    const v = cell('first_slot_time') === '' ? undefined : parseClock(cell('first_slot_time'));
    if (cell('first_slot_time') !== '' && v === undefined) errors.add(line, 'first_slot_time', 'Kellonaika muodossa HH:MM, esim. 08:00');
    values.firstSlotTime = v;
  }
  for (const column of ['slot_step_minutes', 'locker_compartments'] as const) {
    if (!has(column)) continue;
    const v = cell(column) === '' ? undefined : parseInteger(cell(column));
    if (cell(column) !== '' && v === undefined) errors.add(line, column, 'Kokonaisluku');
    values[FIELDS[column]] = v;
  }
  let active: boolean | undefined;
  if (has('active')) {
    active = cell('active') === '' ? true : parseBoolean(cell('active'));
    if (active === undefined) errors.add(line, 'active', 'Kirjoita kyllä tai ei');
  }
  if (errors.list.length > before) return undefined;
  return { line, key: cell('code'), values: values as Partial<OfficeBody>, active };
}

/** The details an office is written with: its own, then the file's. */
function bodyOf(current: OfficeDetails | undefined, values: Partial<OfficeBody>): OfficeBody {
  const { id: _id, openingTime: _o, closingTime: _c, active: _a, ...own } = current ?? ({} as Partial<OfficeDetails>);
  const merged: Record<string, unknown> = { ...own };
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete merged[k];
    else merged[k] = v;
  }
  return merged as OfficeBody;
}

/** The columns whose details differ between two readings of an office. */
function changedColumns(before: OfficeDetails, after: OfficeDetails): string[] {
  return (Object.entries(FIELDS) as [OfficeColumn, keyof OfficeDetails][])
    .filter(([, field]) => {
      const [a, b] = [before[field], after[field]];
      return Array.isArray(a) && Array.isArray(b) ? [...a].sort().join() !== [...b].sort().join() : a !== b;
    })
    .map(([column]) => column);
}

async function run(trx: Executor, table: CsvTable, ctx: ImportContext): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const makeIdOf = new Map((await findMakes(trx)).map((m) => [m.name.toLowerCase(), m.id]));
  const read = table.rows.map((r) => readRow(r, errors, makeIdOf)).filter((i): i is OfficeItem => i !== undefined);
  const items = uniqueByKey(read, errors, 'code', 'Toimipisteen tunnus');
  const idOfCode = new Map((await findOfficeCodes(trx)).map((o) => [o.code.toLowerCase(), o.id]));

  const changes: Change[] = [];
  for (const item of items) {
    const id = idOfCode.get(item.key.toLowerCase());
    const current = id === undefined ? undefined : await officeDetails(trx, id);
    try {
      let after = current
        ? await updateOffice(trx, current.id, bodyOf(current, item.values), ctx.staffUserId)
        : await createOffice(trx, bodyOf(undefined, item.values), ctx.staffUserId);
      if (item.active !== undefined && item.active !== after.active) after = (await setOfficeActive(trx, after.id, item.active, ctx.staffUserId)).office;
      idOfCode.set(after.code.toLowerCase(), after.id);
      const fields = current ? changedColumns(current, after) : [];
      changes.push({ key: after.code, action: !current ? 'CREATE' : fields.length ? 'UPDATE' : 'UNCHANGED', fields });
    } catch (err) {
      if (err instanceof ValidationError) errors.addRefusal(item.line, err, columnOf);
      else if (err instanceof DomainError && err.status < 500) errors.add(item.line, null, err.message);
      else throw err;
    }
  }
  return errors.any ? { changes: [], errors: errors.list } : { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  const makeName = new Map((await findMakes(db)).map((m) => [m.id, m.name]));
  const out: string[][] = [];
  for (const { id } of await findOfficeCodes(db)) {
    const o = (await officeDetails(db, id))!;
    const cells: Record<OfficeColumn, string> = {
      code: o.code,
      name: o.name,
      address: o.address,
      post_code: o.postCode,
      post_office: o.postOffice,
      latitude: o.latitude === null ? '' : formatDecimal(o.latitude),
      longitude: o.longitude === null ? '' : formatDecimal(o.longitude),
      phone: o.phone,
      email: o.email,
      processes: formatList(o.processes),
      dealer_makes: formatList(o.dealerMakeIds.map((m) => makeName.get(m) ?? String(m)).sort((a, b) => a.localeCompare(b, 'fi'))),
      time_selection: o.timeSelectionType,
      lead_only: formatBoolean(o.leadOnly),
      first_slot_time: o.firstSlotTime,
      slot_step_minutes: String(o.slotStepMinutes),
      locker_compartments: String(o.lockerCompartments),
      customer_selects_resource: formatBoolean(o.customerSelectsResource),
      show_loan_calculator: formatBoolean(o.showLoanCalculator),
      damage_inspection: formatBoolean(o.damageInspection),
      customer_notice: o.customerNotice,
      active: formatBoolean(o.active),
    };
    out.push(OFFICE_COLUMNS.map((c) => cells[c.name as OfficeColumn]));
  }
  return out;
}

export const officesFile: FileKind = { file: 'offices', columns: OFFICE_COLUMNS, run, rows };
