/**
 * resources.csv: an office's lifts and mechanics, keyed by the office's code and the
 * resource's name. Each row is checked with the domain's updateResourceBody and written
 * through modules/office-admin (createResource, updateResource, orderResources), so the
 * set-up pages' rules and audit rows hold: a name once per office, known and active kinds
 * of work, no deactivation while bookings are coming (the row is refused and says so).
 * `sort` orders the office's resources (smaller first); the office then numbers them 1, 2,
 * 3 …, so the numbers of a file need not be kept, only their order.
 */
import { WORK_KIND_CODE_PATTERN, type StaffResourceDetails } from '@huolto/domain';
import type { Executor } from '#src/db/database.ts';
import { DomainError, ValidationError } from '#src/lib/errors.ts';
import { ResourceHasBookingsError, createResource, orderResources, resourcesOfOffice, updateResource } from '#src/modules/office-admin/index.ts';
import { formatBoolean, formatList, parseBoolean, parseInteger, parseList, type CsvTable } from './csv.ts';
import { RowErrors, cellOf, columnsOf, uniqueByKey, type Change, type FileKind, type ImportContext } from './file-kind.ts';
import { findOfficeCodes } from './repository.ts';

export const RESOURCE_COLUMNS = columnsOf('resources');

const FIELDS = {
  name: 'name',
  display_name: 'displayName',
  selectable: 'selectable',
  work_kinds: 'workKinds',
  sort: 'sort',
  active: 'active',
} as const satisfies Record<string, keyof StaffResourceDetails>;
const COLUMN_OF_FIELD = new Map<string, string>(Object.entries(FIELDS).map(([column, field]) => [field, column]));
const columnOf = (path: string) => COLUMN_OF_FIELD.get(path) ?? null;

interface ResourceItem {
  line: number;
  /** 'office / name' as the file writes them. */
  key: string;
  officeCode: string;
  name: string;
  /** undefined: the column is absent (an existing resource keeps its value). */
  displayName: string | null | undefined;
  selectable: boolean | undefined;
  workKinds: string[];
  sort: number | undefined;
  active: boolean | undefined;
}

function readRow(row: CsvTable['rows'][number], errors: RowErrors): ResourceItem | undefined {
  const before = errors.list.length;
  const line = row.line;
  const officeCode = cellOf(row, 'office_code') ?? '';
  if (officeCode === '') errors.add(line, 'office_code', 'Pakollinen tieto');
  const name = cellOf(row, 'name') ?? '';
  const displayNameCell = cellOf(row, 'display_name');
  const bool = (column: string) => {
    const c = cellOf(row, column);
    if (c === undefined) return undefined;
    const v = c === '' ? (column === 'active' ? true : false) : parseBoolean(c);
    if (v === undefined) errors.add(line, column, 'Kirjoita kyllä tai ei');
    return v;
  };
  const selectable = bool('selectable');
  const active = bool('active');
  const workKinds = parseList(cellOf(row, 'work_kinds') ?? '').map((k) => k.toUpperCase());
  const badKinds = workKinds.filter((k) => !WORK_KIND_CODE_PATTERN.test(k));
  if (badKinds.length > 0) errors.add(line, 'work_kinds', `Työlajin tunnus on isoja kirjaimia, numeroita tai _: ${badKinds.join(', ')}`);
  const sortCell = cellOf(row, 'sort') ?? '';
  const sort = sortCell === '' ? undefined : parseInteger(sortCell);
  if (sortCell !== '' && sort === undefined) errors.add(line, 'sort', 'Kokonaisluku');
  if (errors.list.length > before) return undefined;
  return {
    line,
    key: `${officeCode} / ${name}`,
    officeCode,
    name,
    displayName: displayNameCell === undefined ? undefined : displayNameCell === '' ? null : displayNameCell,
    selectable,
    workKinds,
    sort,
    active,
  };
}

/** The columns whose values differ between two readings of a resource (its order aside). */
function changedColumns(before: StaffResourceDetails, after: StaffResourceDetails): string[] {
  return Object.entries(FIELDS)
    .filter(([column]) => column !== 'sort')
    .filter(([, field]) => {
      const [a, b] = [before[field], after[field]];
      return Array.isArray(a) && Array.isArray(b) ? [...a].sort().join() !== [...b].sort().join() : a !== b;
    })
    .map(([column]) => column);
}

function refuse(errors: RowErrors, line: number, err: unknown) {
  if (err instanceof ResourceHasBookingsError) {
    errors.add(line, 'active', `${err.message} (${err.bookings.length} kpl, ensimmäinen ${err.bookings[0]!.start.slice(0, 16).replace('T', ' klo ')})`);
  } else if (err instanceof ValidationError) errors.addRefusal(line, err, columnOf);
  else if (err instanceof DomainError && err.status < 500) errors.add(line, null, err.message);
  else throw err;
}

async function run(trx: Executor, table: CsvTable, ctx: ImportContext): Promise<{ changes: Change[]; errors: RowErrors['list'] }> {
  const errors = new RowErrors();
  const read = table.rows.map((r) => readRow(r, errors)).filter((i): i is ResourceItem => i !== undefined);
  const offices = new Map((await findOfficeCodes(trx)).map((o) => [o.code.toLowerCase(), o]));
  const known: ResourceItem[] = [];
  for (const item of read) {
    const office = offices.get(item.officeCode.toLowerCase());
    if (office) known.push({ ...item, officeCode: office.code, key: `${office.code} / ${item.name}` });
    else errors.add(item.line, 'office_code', `Tuntematon toimipiste ${item.officeCode}: tuo toimipiste ensin tiedostossa offices.csv`);
  }
  const items = uniqueByKey(known, errors, 'name', 'Resurssi', false);

  const changes: Change[] = [];
  const byOffice = new Map<string, ResourceItem[]>();
  for (const item of items) byOffice.set(item.officeCode, [...(byOffice.get(item.officeCode) ?? []), item]);
  for (const [code, officeItems] of byOffice) {
    const officeId = offices.get(code.toLowerCase())!.id;
    const current = new Map((await resourcesOfOffice(trx, officeId)).map((r) => [r.name, r]));
    const results: { item: ResourceItem; before: StaffResourceDetails | undefined; after: StaffResourceDetails }[] = [];
    for (const item of officeItems) {
      const before = current.get(item.name);
      try {
        const values = {
          name: item.name,
          displayName: item.displayName === undefined ? (before?.displayName ?? null) : item.displayName,
          selectable: item.selectable ?? before?.selectable ?? false,
          workKinds: item.workKinds,
          active: item.active ?? before?.active ?? true,
        };
        let after = before ? await updateResource(trx, officeId, before.id, values, ctx.staffUserId) : await createResource(trx, officeId, values, ctx.staffUserId);
        if (!before && !values.active) after = await updateResource(trx, officeId, after.id, values, ctx.staffUserId);
        results.push({ item, before, after });
      } catch (err) {
        refuse(errors, item.line, err);
      }
    }
    if (errors.any) continue;
    // The office's order: by the file's sort where it gives one, else by the present order.
    const all = await resourcesOfOffice(trx, officeId);
    const fileSort = new Map(results.filter((r) => r.item.sort !== undefined).map((r) => [r.after.id, r.item.sort!]));
    const wanted = all
      .map((r, position) => ({ id: r.id, key: fileSort.get(r.id) ?? r.sort, position }))
      .sort((a, b) => a.key - b.key || a.position - b.position)
      .map((r) => r.id);
    const sortBefore = new Map(all.map((r) => [r.id, r.sort]));
    const sortAfter = wanted.some((id, i) => id !== all[i]!.id)
      ? new Map((await orderResources(trx, officeId, wanted, ctx.staffUserId)).map((r) => [r.id, r.sort]))
      : sortBefore;
    for (const { item, before, after } of results) {
      const fields = before ? changedColumns(before, after) : [];
      if (before && sortAfter.get(after.id) !== before.sort) fields.push('sort');
      changes.push({ key: item.key, action: !before ? 'CREATE' : fields.length ? 'UPDATE' : 'UNCHANGED', fields });
    }
  }
  return errors.any ? { changes: [], errors: errors.list } : { changes, errors: [] };
}

async function rows(db: Executor): Promise<string[][]> {
  const out: string[][] = [];
  for (const office of await findOfficeCodes(db)) {
    for (const r of await resourcesOfOffice(db, office.id)) {
      out.push([office.code, r.name, r.displayName ?? '', formatBoolean(r.selectable), formatList(r.workKinds), String(r.sort), formatBoolean(r.active)]);
    }
  }
  return out;
}

export const resourcesFile: FileKind = { file: 'resources', columns: RESOURCE_COLUMNS, run, rows };
