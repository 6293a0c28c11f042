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

const isEmptyRecord = (record: string[]) => record.every((c) => c.trim() === '');

/** The most cells a header may have: a file's columns and a spreadsheet's trailing separators fit many times over. */
export const MAX_HEADER_CELLS = 100;

/** A record of a file as a first look finds it: its text (without its line end), line, line ends inside and cells. */
interface Span {
  start: number;
  end: number;
  /** The line it starts on (1: the first). */
  line: number;
  /** Line ends inside its quoted cells. */
  lineEnds: number;
  /** Separators outside quotes, plus one. */
  cells: number;
  /** Only white space and separators (a quoted cell counts as something). */
  blank: boolean;
  /** It has a quote. */
  quoted: boolean;
}

const [QUOTE, LF, CR] = [34, 10, 13];
const isSpace = (code: number) => code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));

/**
 * The records of a file by a single look at its characters (a quote opens and closes a
 * quoted cell, a `""` in one does both), not parsed: where each starts and ends, its line,
 * its cells, whether it is blank. It stops after `nonBlank` records that are not blank, so
 * a file far longer than a limit is not read to its end. On a file csv-parse reads, its
 * records are csv-parse's; on one it refuses they may not be, and csv-parse answers why.
 * Empty lines are left out, and so are blank ones after the first record (a header may be
 * blank: `;;`), so a file of a million empty lines is a few records.
 */
function scanRecords(body: string, delimiter: string, nonBlank: number): Span[] {
  const sep = delimiter.charCodeAt(0);
  const spans: Span[] = [];
  let found = 0;
  let inQuotes = false;
  let line = 1;
  // The record being looked at, in plain variables: a span is made only for a record kept.
  let start = 0;
  let startLine = 1;
  let lineEnds = 0;
  let cells = 1;
  let blank = true;
  let quoted = false;
  const close = (end: number) => {
    if (!blank) found += 1;
    if (!blank || (spans.length === 0 && end > start)) spans.push({ start, end, line: startLine, lineEnds, cells, blank, quoted });
  };
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    if (code === QUOTE) {
      inQuotes = !inQuotes;
      blank = false;
      quoted = true;
    } else if (code === LF || code === CR) {
      const end = i;
      if (code === CR && body.charCodeAt(i + 1) === LF) i += 1;
      line += 1;
      if (inQuotes) {
        lineEnds += 1;
        continue;
      }
      close(end);
      if (found >= nonBlank) return spans;
      start = i + 1;
      startLine = line;
      lineEnds = 0;
      cells = 1;
      blank = true;
      quoted = false;
    } else if (!inQuotes && code === sep) {
      cells += 1;
    } else if (blank && !isSpace(code)) {
      blank = false;
    }
  }
  if (start < body.length) close(body.length);
  return spans;
}

const readProblem = (err: unknown, lineOf: (line: number) => number): CsvProblem => {
  const e = err as { lines?: number; code?: string };
  const message =
    e.code === 'CSV_QUOTE_NOT_CLOSED'
      ? 'Lainausmerkki jää sulkematta'
      : e.code === 'CSV_INVALID_CLOSING_QUOTE'
        ? 'Lainausmerkin jälkeen on muuta kuin erotin tai rivin loppu'
        : 'Riviä ei voi lukea CSV-muodossa';
  return { line: lineOf(e.lines ?? 1), column: null, message };
};

/**
 * Reads a file's text into its header and rows. A row whose quoted cell spans lines is
 * numbered by the line it starts on; a fully empty line is skipped. Answers the problems
 * instead when the text cannot be read as CSV (an unclosed quote, a row with more cells
 * than the header, a header of more than MAX_HEADER_CELLS cells), or when it is not UTF-8
 * (a replacement character where a byte did not decode), or when `checkHeader` refuses
 * the header's names. With `maxRows` it reads no further than the first row past them and
 * answers its line (overLimit), so a file far over the limit is refused as fast as one at it
 * (`wholeFile`: look at all of it first, for a file whose blank rows had quotes).
 *
 * Every step is linear in the text and the slow one (csv-parse, about 100 ns a character)
 * reads only what it must: a first look (scanRecords) finds the records and where to stop;
 * the header is read alone and checked before any row; a row too long is refused from the
 * first look without reading; csv-parse reads the rows with quotes, joined, and a row without
 * is split at its separators (what csv-parse would answer for it).
 */
export function parseCsv(
  text: string,
  { maxRows, checkHeader, wholeFile = false }: { maxRows?: number; checkHeader?: (columns: string[]) => CsvProblem[]; wholeFile?: boolean } = {},
): { table: CsvTable; problems: [] } | { table: null; problems: CsvProblem[] } {
  const badByte = text.indexOf('\uFFFD');
  if (badByte >= 0) {
    const line = text.slice(0, badByte).split(/\r\n|\n|\r/).length;
    return { table: null, problems: [{ line, column: null, message: 'Tiedosto ei ole UTF-8-muotoinen: tallenna se muodossa "CSV UTF-8"' }] };
  }
  const body = text.startsWith(BOM) ? text.slice(1) : text;
  const delimiter = delimiterOf(body);
  const parseText = (part: string) => parse(part, { delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true }) as string[][];
  // The header, the rows up to the limit and the one past it, with the blank lines among them.
  const spans = scanRecords(body, delimiter, maxRows === undefined || wholeFile ? Infinity : maxRows + 2);

  // The header: the first record that is not an empty line, read alone.
  let columns: string[] | undefined;
  let first = 0;
  for (; first < spans.length && columns === undefined; first++) {
    const span = spans[first]!;
    if (span.cells > MAX_HEADER_CELLS) {
      return { table: null, problems: [{ line: span.line, column: null, message: `Otsikkorivillä on ${span.cells} saraketta: enintään ${MAX_HEADER_CELLS}` }] };
    }
    const headerText = body.slice(span.start, span.end);
    let record: string[];
    try {
      // Without quotes the cells are the text between the separators.
      record = span.quoted ? (parseText(headerText)[0] ?? ['']) : headerText.split(delimiter);
    } catch (err) {
      return { table: null, problems: [readProblem(err, (l) => span.line + l - 1)] };
    }
    if (record.length > 1 || record[0] !== '') columns = record.map((c) => c.trim());
  }
  if (columns === undefined) return { table: null, problems: [{ line: 1, column: null, message: 'Tiedosto on tyhjä: ensimmäisellä rivillä on sarakkeiden nimet' }] };
  const headerProblems = checkHeader?.(columns) ?? [];
  if (headerProblems.length > 0) return { table: null, problems: headerProblems };

  // The rows up to the first past the limit; one longer than the header is refused unread.
  const candidates = spans.slice(first).filter((s) => !s.blank);
  const limited = maxRows === undefined ? candidates : candidates.slice(0, maxRows);
  const wide = limited.filter((s) => s.cells > columns.length);
  if (wide.length > 0) {
    return { table: null, problems: wide.map((s) => ({ line: s.line, column: null, message: `Rivillä on ${s.cells} saraketta, otsikkorivillä ${columns.length}` })) };
  }
  // A record without quotes is the text between its separators. Those with quotes are read by
  // csv-parse, joined by LF: the n-th record read is the n-th of them; a problem's line is mapped back.
  const quoted = candidates.filter((s) => s.quoted);
  let read: string[][];
  try {
    read = quoted.length === 0 ? [] : parseText(quoted.map((s) => body.slice(s.start, s.end)).join('\n'));
  } catch (err) {
    return {
      table: null,
      problems: [
        readProblem(err, (l) => {
          let at = 1;
          for (const s of quoted) {
            if (l < at + 1 + s.lineEnds) return s.line + (l - at);
            at += 1 + s.lineEnds;
          }
          return quoted.at(-1)!.line + quoted.at(-1)!.lineEnds;
        }),
      ],
    };
  }
  if (read.length !== quoted.length) return { table: null, problems: [{ line: quoted[0]!.line, column: null, message: 'Riviä ei voi lukea CSV-muodossa' }] };
  let next = 0;
  const data = candidates
    .map((s) => ({ line: s.line, record: s.quoted ? read[next++]! : body.slice(s.start, s.end).split(delimiter) }))
    .filter(({ record }) => !isEmptyRecord(record));
  // A row of quoted empty cells only was taken for one with text: the first look stopped short, read it all.
  if (maxRows !== undefined && !wholeFile && data.length <= maxRows && data.length < candidates.length && spans.at(-1)!.end < body.length) {
    return parseCsv(text, { maxRows, checkHeader, wholeFile: true });
  }
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
