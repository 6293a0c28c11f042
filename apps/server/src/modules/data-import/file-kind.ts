/**
 * What every file of the import shares: its columns (the domain's DATA_IMPORT_COLUMNS, the
 * long form in docs/data-import.md), the check of a header against them, the refusals of rows
 * (line, column, Finnish message) and the changes a file makes, key by key.
 */
import { DATA_IMPORT_COLUMNS, type DataFile } from '@huolto/domain';
import type { z } from 'zod';
import type { Executor } from '#src/db/database.ts';
import { ValidationError } from '#src/lib/errors.ts';
import type { CsvRow, CsvTable } from './csv.ts';

export interface Column {
  name: string;
  /** The header must have it (each file's rows say which of its cells may be empty). */
  required: boolean;
}

/** A file's columns as the domain names them, in the export's order: the one list the page and the docs show. */
export const columnsOf = (file: DataFile): readonly Column[] => DATA_IMPORT_COLUMNS[file].map(({ name, required }) => ({ name, required }));

/** OUT_OF_STOCK: a supplier's tire that its new list no longer has (the tires file). */
export type ChangeAction = 'CREATE' | 'UPDATE' | 'UNCHANGED' | 'OUT_OF_STOCK';
export interface Change {
  key: string;
  action: ChangeAction;
  /** The columns that change (UPDATE). */
  fields: string[];
}

export interface RowError {
  line: number;
  column: string | null;
  message: string;
}

/** Who imports and when: the audit rows' staff member (null: the command line), today's rules. */
export interface ImportContext {
  staffUserId: number | null;
  now: Date;
}

/**
 * One file of the import. `run` checks every row, then makes the changes in `trx` (the
 * import's one transaction, rolled back on a dry run or a refusal) and answers them; with
 * errors the caller rolls back and refuses the file. The rows it gets have no formula cells
 * (the caller refuses those, for every file).
 */
export interface FileKind {
  file: DataFile;
  columns: readonly Column[];
  /**
   * The file may leave its refused rows out (DATA_FILES_SKIPPING_REFUSED, asked with
   * skipRefused): `run` then makes the changes of the rows that pass even when others are
   * refused, and answers both. Without it `run` may stop at its first errors.
   */
  skipsRefused?: true;
  run(trx: Executor, table: CsvTable, ctx: ImportContext): Promise<{ changes: Change[]; errors: RowError[] }>;
  /** The rows of the file as the database has them now, in the columns' order. */
  rows(db: Executor, now: Date): Promise<string[][]>;
}

/** The refusals of a file, gathered row by row. */
export class RowErrors {
  readonly list: RowError[] = [];
  add(line: number, column: string | null, message: string) {
    this.list.push({ line, column, message });
  }
  get any() {
    return this.list.length > 0;
  }
  /** A domain schema's refusals, each at the column its field is read from. */
  addZod(line: number, error: z.ZodError, columnOf: (path: string) => string | null) {
    for (const issue of error.issues) this.add(line, columnOf(String(issue.path[0] ?? '')), issue.message);
  }
  /** A rule's 400 (ValidationError naming its field) at the column of that field. */
  addRefusal(line: number, err: ValidationError, columnOf: (path: string) => string | null) {
    for (const f of err.fields) this.add(line, columnOf(f.path.split('.')[0] ?? ''), f.message);
  }
}

/** The most characters of an unknown column's name an answer shows. */
const HEADER_NAME_SHOWN = 100;

/**
 * The header's refusals (line 1): a column the file does not have, one given twice, a
 * required one missing. A column with an empty name and no values (a spreadsheet's trailing
 * separator) is ignored.
 */
export function checkHeader(table: Pick<CsvTable, 'columns' | 'rows'>, columns: readonly Column[]): RowError[] {
  const known = new Set(columns.map((c) => c.name));
  const errors: RowError[] = [];
  const seen = new Set<string>();
  // The columns without a name share one cell of a row: looked at once, however many.
  let emptyUnused: boolean | undefined;
  for (const name of table.columns) {
    if (name === '' && (emptyUnused ??= table.rows.every((r) => (r.cells.get('') ?? '').trim() === ''))) continue;
    if (!known.has(name)) {
      // A name is answered as far as a column's name could go (a file of one long line has one).
      const shown = name.length > HEADER_NAME_SHOWN ? `${name.slice(0, HEADER_NAME_SHOWN)}…` : name;
      errors.push({ line: 1, column: shown, message: `Tuntematon sarake "${shown}": sarakkeet ovat ${columns.map((c) => c.name).join(', ')}` });
    } else if (seen.has(name)) {
      errors.push({ line: 1, column: name, message: 'Sarake on otsikkorivillä kahdesti' });
    }
    seen.add(name);
  }
  for (const c of columns) {
    if (c.required && !seen.has(c.name)) errors.push({ line: 1, column: c.name, message: 'Pakollinen sarake puuttuu' });
  }
  return errors;
}

/** A cell's text, trimmed; undefined when the file has no such column. */
export const cellOf = (row: CsvRow, column: string): string | undefined => row.cells.get(column)?.trim();

/**
 * Refuses the later rows of a key already seen in the file (at `column`; office codes
 * compare without case, as the database keeps them unique), answering the rows whose key is new.
 */
export function uniqueByKey<T extends { line: number; key: string }>(items: T[], errors: RowErrors, column: string, what: string, ignoreCase = true): T[] {
  const firstLine = new Map<string, number>();
  const unique: T[] = [];
  for (const item of items) {
    const norm = ignoreCase ? item.key.toLowerCase() : item.key;
    const first = firstLine.get(norm);
    if (first !== undefined) {
      errors.add(item.line, column, `${what} ${item.key} on jo rivillä ${first}`);
      continue;
    }
    firstLine.set(norm, item.line);
    unique.push(item);
  }
  return unique;
}

/** The change of a row from `before` (undefined: new) to `after`, comparing the named columns. */
export function changeOf<T extends Record<string, unknown>>(key: string, before: T | undefined, after: T, columns: Record<string, keyof T>): Change {
  if (before === undefined) return { key, action: 'CREATE', fields: [] };
  const fields = Object.entries(columns)
    .filter(([, field]) => !sameValue(before[field], after[field]))
    .map(([column]) => column);
  return { key, action: fields.length ? 'UPDATE' : 'UNCHANGED', fields };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && [...a].map(String).sort().join('\u0000') === [...b].map(String).sort().join('\u0000');
  }
  return a === b;
}
