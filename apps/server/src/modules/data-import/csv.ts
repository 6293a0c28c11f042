/**
 * The set-up files' CSV (docs/data-import.md, decision 019): what a Finnish office's
 * spreadsheet writes, read with csv-parse and written with csv-stringify
 * (docs/conventions.md "Data in and out (CSV)"). Read: `;` or `,` (from the header row), a
 * UTF-8 BOM, quoted fields with "" escapes, CRLF, LF or CR. Written: UTF-8 with a BOM, `;`,
 * CRLF, and a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * behind a `'`, which the reader takes off again, so an exported file reads back the same;
 * a cell that starts with `=` without it is a formula, answered for the import to refuse.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

// Euros to and from cents, shared with the back-office's price fields.
export { formatCents, parseScaled } from '@huolto/domain';

/** A data row of a file: its line in the file (the header is line 1) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Map<string, string>;
}

export interface CsvTable {
  /** The header's column names, trimmed, in file order. */
  columns: string[];
  rows: CsvRow[];
  /**
   * The data cells that a spreadsheet would run as formulas (`=` first, spaces aside, and not
   * the writer's guarded `'=`): the import refuses their rows, for every file.
   */
  formulas: CsvProblem[];
  /**
   * With maxRows, a file with more rows: the line of the first row past them. The file is
   * refused as a whole then, and its rows are not read (`rows` and `formulas` are empty).
   */
  overLimit?: number;
}

/** A refusal of the file as a whole or of one of its cells (the caller adds the file's name). */
export interface CsvProblem {
  line: number;
  column: string | null;
  message: string;
}

const BOM = '\uFEFF';
/**
 * The writer's guard before the first characters that make a spreadsheet read a cell as a
 * formula (OWASP's list, and an `=` after spaces, which the import would refuse).
 */
const FORMULA_START = /^'(?:[=+\-@\t\r]|\s+=)/;

/** The separator of a file: `;` unless its header row has a `,` and no `;`. */
function delimiterOf(text: string): ';' | ',' {
  const header = text.split(/\r\n|\n|\r/, 1)[0] ?? '';
  return !header.includes(';') && header.includes(',') ? ',' : ';';
}

/** Undoes the writer's formula guard: "'=SUM(A1)" reads back as "=SUM(A1)". */
const unguard = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell);

/**
 * A formula a spreadsheet wrote or would run: a value never starts with `=` (a phone number's
 * `+` or a negative `-` does), and one the writer guarded starts with `'`.
 */
const isFormula = (cell: string) => cell.trimStart().startsWith('=');
export const FORMULA_MESSAGE = 'Solu alkaa =-merkillä: taulukko-ohjelma lukisi sen kaavana. Kirjoita arvo ilman sitä.';

/** The line ends inside a record's quoted cells. */
function lineEndsIn(record: string[]): number {
  let n = 0;
  for (const cell of record) if (cell.includes('\n') || cell.includes('\r')) n += cell.match(/\r\n|\n|\r/g)!.length;
  return n;
}

const isEmptyRecord = (record: string[]) => record.every((c) => c.trim() === '');

/** The first text a first look at a file reads, in characters. */
const FIRST_LOOK_CHARS = 64 * 1024;

/**
 * The file's records: csv-parse without its info and raw text, several times faster. An
 * empty line is a record too (not skipped by the parser), so each record starts on the line
 * after the previous one and the line ends in its quoted cells. With `to`, at most that many,
 * read from the file's beginning only as far as they need (csv-parse copies all of its text
 * into bytes first): a prefix cut at a line end, longer until it holds them or is the whole
 * file. A prefix cut inside a quoted cell ends in an open quote, and a longer one is read.
 */
function readRecords(body: string, to: number | undefined): string[][] {
  const read = (text: string) => parse(text, { delimiter: delimiterOf(body), record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, to }) as string[][];
  if (to === undefined) return read(body);
  let end = FIRST_LOOK_CHARS;
  for (;;) {
    if (end >= body.length) return read(body);
    const cut = Math.max(body.lastIndexOf('\n', end - 1), body.lastIndexOf('\r', end - 1)) + 1;
    if (cut > 0) {
      try {
        const records = read(body.slice(0, cut));
        if (records.length >= to) return records;
        // Far enough for `to` records at the prefix's pace, and at least twice as far.
        end = Math.max(end * 2, Math.ceil((cut / Math.max(records.length, 1)) * to * 1.1));
        continue;
      } catch (err) {
        if ((err as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED') throw err;
      }
    }
    end *= 2;
  }
}

/**
 * Reads a file's text into its header and rows. A row whose quoted cell spans lines is
 * numbered by the line it starts on; a fully empty line is skipped. Answers the problems
 * instead when the text cannot be read as CSV (an unclosed quote, a row with more cells
 * than the header), or when it is not UTF-8 (a replacement character where a byte did
 * not decode). With `maxRows` it reads no further than the first row past them and answers
 * its line (overLimit), so a file far over the limit is refused as fast as one at it.
 */
export function parseCsv(text: string, { maxRows }: { maxRows?: number } = {}): { table: CsvTable; problems: [] } | { table: null; problems: CsvProblem[] } {
  const badByte = text.indexOf('\uFFFD');
  if (badByte >= 0) {
    const line = text.slice(0, badByte).split(/\r\n|\n|\r/).length;
    return { table: null, problems: [{ line, column: null, message: 'Tiedosto ei ole UTF-8-muotoinen: tallenna se muodossa "CSV UTF-8"' }] };
  }
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  let records: string[][];
  try {
    // The header, the rows up to the limit and the one past it; read further (twice as far
    // each time) while empty lines among them leave it short.
    const wanted = maxRows === undefined ? undefined : maxRows + 2;
    let bound = wanted;
    records = readRecords(body, bound);
    while (bound !== undefined && wanted !== undefined && records.length === bound) {
      const missing = wanted - records.filter((r) => !isEmptyRecord(r)).length;
      if (missing <= 0) break;
      bound = Math.max(bound * 2, bound + missing);
      records = readRecords(body, bound);
    }
  } catch (err) {
    const e = err as { lines?: number; code?: string };
    const message =
      e.code === 'CSV_QUOTE_NOT_CLOSED'
        ? 'Lainausmerkki jää sulkematta'
        : e.code === 'CSV_INVALID_CLOSING_QUOTE'
          ? 'Lainausmerkin jälkeen on muuta kuin erotin tai rivin loppu'
          : 'Riviä ei voi lukea CSV-muodossa';
    return { table: null, problems: [{ line: e.lines ?? 1, column: null, message }] };
  }
  // The header (after any empty lines), then the data records with the lines they start on.
  let line = 1;
  let columns: string[] | undefined;
  const data: { line: number; record: string[] }[] = [];
  for (const record of records) {
    const at = line;
    line += 1 + lineEndsIn(record);
    if (columns === undefined) {
      if (record.length > 1 || record[0] !== '') columns = record.map((c) => c.trim());
    } else if (!isEmptyRecord(record)) {
      data.push({ line: at, record });
    }
  }
  if (columns === undefined) return { table: null, problems: [{ line: 1, column: null, message: 'Tiedosto on tyhjä: ensimmäisellä rivillä on sarakkeiden nimet' }] };
  const over = maxRows === undefined ? undefined : data[maxRows];
  if (over) data.length = maxRows!;
  const problems: CsvProblem[] = [];
  for (const { line: at, record } of data) {
    if (record.length > columns.length) problems.push({ line: at, column: null, message: `Rivillä on ${record.length} saraketta, otsikkorivillä ${columns.length}` });
  }
  if (problems.length > 0) return { table: null, problems };
  if (over) return { table: { columns, rows: [], formulas: [], overLimit: over.line }, problems: [] };
  const rows: CsvRow[] = [];
  const formulas: CsvProblem[] = [];
  for (const { line: at, record } of data) {
    const cells = new Map<string, string>();
    for (let i = 0; i < columns.length; i++) {
      const cell = record[i] ?? '';
      if (isFormula(cell)) formulas.push({ line: at, column: columns[i] || null, message: FORMULA_MESSAGE });
      cells.set(columns[i]!, unguard(cell));
    }
    rows.push({ line: at, cells });
  }
  return { table: { columns, rows, formulas }, problems: [] };
}

/** Writes a file: a BOM, the header row, then the rows, `;`-separated with CRLF, formulas guarded (an `=` after spaces too). */
export function writeCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return (
    BOM +
    stringify([columns as string[], ...rows.map((row) => row.map((cell) => (/^\s+=/.test(cell) ? `'${cell}` : cell)))], {
      delimiter: ';',
      record_delimiter: '\r\n',
      escape_formulas: true,
      // With a record delimiter of its own, csv-stringify quotes only that one: quote every line end.
      quoted_match: /[\r\n]/,
    })
  );
}

// ---- Cells ----

/** 'kyllä'/'ei' (also true/false, 1/0), any case; undefined for anything else. */
export function parseBoolean(cell: string): boolean | undefined {
  const v = cell.trim().toLowerCase();
  if (['kyllä', 'kylla', 'true', '1'].includes(v)) return true;
  if (['ei', 'false', '0'].includes(v)) return false;
  return undefined;
}
export const formatBoolean = (value: boolean) => (value ? 'kyllä' : 'ei');

/** A decimal number with a comma or a point ('61,4978' or '61.4978'), or undefined. */
export function parseDecimal(cell: string): number | undefined {
  const v = cell.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!/^-?\d+(?:[.,]\d+)?$/.test(v)) return undefined;
  return Number(v.replace(',', '.'));
}
/** Writes a decimal the Finnish way, with a comma. */
export const formatDecimal = (value: number) => String(value).replace('.', ',');
/** A whole number, or undefined. */
export function parseInteger(cell: string): number | undefined {
  const v = cell.trim();
  return /^-?\d{1,9}$/.test(v) ? Number(v) : undefined;
}
/** A list joined by '|': its trimmed, non-empty items. */
export const parseList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');
export const formatList = (items: readonly string[]) => items.join('|');
/** A clock time 'H:mm', 'HH:mm', 'H.mm' or 'HH.mm' (also with seconds ':00') as 'HH:mm', or undefined. */
export function parseClock(cell: string): string | undefined {
  const m = /^(\d{1,2})[:.](\d{2})(?::00)?$/.exec(cell.trim());
  if (!m) return undefined;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h < 24 && min < 60 ? `${String(h).padStart(2, '0')}:${m[2]}` : undefined;
}
