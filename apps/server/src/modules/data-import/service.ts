/**
 * The set-up's data import and export (docs/data-import.md): one CSV file at a time, its
 * rows keyed by their natural keys (an office's code, a resource's name within its office,
 * an office's day, a service's code). An import checks every row and then makes its
 * changes in one transaction: with an error anywhere nothing changes and every refused row
 * is answered; a dry run makes them in the same way and rolls back, so it answers what the
 * import would do, refusals included. The same file again changes nothing and writes no
 * audit row; an exported file imports back unchanged. The web page and the command line
 * (npm run data:import) call these.
 */
import {
  DATA_CHANGE_ACTIONS,
  DATA_FILES,
  DATA_FILES_SKIPPING_REFUSED,
  DATA_IMPORT_LISTED_CHANGES,
  DATA_IMPORT_MAX_ROWS,
  todayInHelsinki,
  type DataFile,
  type DataImportError,
  type DataImportResult,
} from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { recordAudit } from '#src/modules/audit/index.ts';
import { campaignCodesFile } from './campaign-codes-file.ts';
import { parseCsv, writeCsv, type CsvTable } from './csv.ts';
import { extraItemsFile } from './extra-items-file.ts';
import { checkHeader, type Change, type FileKind, type RowError } from './file-kind.ts';
import { offersFile } from './offers-file.ts';
import { officesFile } from './offices-file.ts';
import { openingHoursFile } from './opening-hours-file.ts';
import { operationsFile } from './operations-file.ts';
import { productParametersFile } from './product-parameters-file.ts';
import { redirectsFile } from './redirects-file.ts';
import { resourcesFile } from './resources-file.ts';
import { servicesFile } from './services-file.ts';
import { tiresFile } from './tires-file.ts';
import { vehiclesFile } from './vehicles-file.ts';

export const FILE_KINDS: Record<DataFile, FileKind> = {
  offices: officesFile,
  resources: resourcesFile,
  'opening-hours': openingHoursFile,
  services: servicesFile,
  operations: operationsFile,
  'product-parameters': productParametersFile,
  'extra-items': extraItemsFile,
  offers: offersFile,
  'campaign-codes': campaignCodesFile,
  tires: tiresFile,
  vehicles: vehiclesFile,
  redirects: redirectsFile,
};

/** The file's name in messages and downloads: 'offices.csv'. */
export const fileNameOf = (file: DataFile) => `${file}.csv`;

export const IMPORT_REFUSED_MESSAGE = 'Tiedostossa on virheitä, eikä mitään muutettu. Korjaa rivit ja tuo tiedosto uudelleen.';

/** 400 IMPORT_INVALID: nothing changed; every refused row is listed (the route answers dataImportRefusedResponse). */
export class ImportRefusedError extends DomainError {
  constructor(readonly errors: DataImportError[]) {
    super(400, 'IMPORT_INVALID', IMPORT_REFUSED_MESSAGE);
  }
}

/** Thrown out of a dry run's transaction to roll it back, carrying its answer. */
class DryRun extends Error {
  constructor(readonly result: DataImportResult) {
    super('dry run');
  }
}

export interface ImportRequest {
  file: DataFile;
  csv: string;
  apply: boolean;
  /** DATA_FILES_SKIPPING_REFUSED only: make the changes of the rows that pass and answer the others in `refused`. */
  skipRefused?: boolean;
}

/** A file's refusals as answered: its name on each, in line order. */
const answered = (file: DataFile, errors: RowError[]): DataImportError[] =>
  [...errors].sort((a, b) => a.line - b.line).map((e) => ({ file: fileNameOf(file), line: e.line, column: e.column, message: e.message }));

const refused = (file: DataFile, errors: RowError[]) => new ImportRefusedError(answered(file, errors));

/** Whether an import of `file` leaves its refused rows out instead of refusing the file. */
const skipsRefused = (kind: FileKind, request: ImportRequest) =>
  request.skipRefused === true && kind.skipsRefused === true && DATA_FILES_SKIPPING_REFUSED.includes(kind.file);

/**
 * The answer's changes: every change counted; listed in full when there are at most
 * DATA_IMPORT_LISTED_CHANGES, otherwise the first that change something (a tire list of
 * 20,000 unchanged rows answers its few new prices), then unchanged ones up to the limit.
 */
export function summarize(changes: Change[]): Pick<DataImportResult, 'changes' | 'counts' | 'moreChanges'> {
  const counts = Object.fromEntries(DATA_CHANGE_ACTIONS.map((a) => [a, 0])) as DataImportResult['counts'];
  for (const c of changes) counts[c.action] += 1;
  if (changes.length <= DATA_IMPORT_LISTED_CHANGES) return { changes, counts, moreChanges: 0 };
  const changing = changes.filter((c) => c.action !== 'UNCHANGED');
  const listed = [...changing, ...changes.filter((c) => c.action === 'UNCHANGED')].slice(0, DATA_IMPORT_LISTED_CHANGES);
  return { changes: listed, counts, moreChanges: changes.length - listed.length };
}

/**
 * Imports one file: checks it and makes its changes (apply) or only answers them (a dry
 * run), in one transaction. 400 IMPORT_INVALID (ImportRefusedError) with every refused row
 * when any row is refused; nothing changes then. The tires and the register asked with
 * skipRefused leave their refused rows out instead (answered in `refused`); a file that
 * cannot be read, a wrong header or too many rows is refused whole for every file. An
 * applied import that changes something records one IMPORT audit row with the changes,
 * beside the offices' and resources' own (staffUserId null: the command line).
 */
export async function importData(db: Db, request: ImportRequest, staffUserId: number | null, now = new Date()): Promise<DataImportResult> {
  const kind = FILE_KINDS[request.file];
  const max = DATA_IMPORT_MAX_ROWS[request.file];
  // Read no further than the first row past the limit, and no row under a header of unknown
  // or missing columns (the columns without a name are looked at with the rows).
  const read = parseCsv(request.csv, { maxRows: max, checkHeader: (columns) => checkHeader({ columns, rows: [] }, kind.columns) });
  if (!read.table) throw refused(request.file, read.problems);
  const headerErrors = checkHeader(read.table, kind.columns);
  if (headerErrors.length > 0) throw refused(request.file, headerErrors);
  if (read.table.overLimit !== undefined) {
    throw refused(request.file, [
      { line: read.table.overLimit, column: null, message: `Tiedostossa voi olla enintään ${max.toLocaleString('fi-FI')} riviä: tuo loput omana tiedostonaan` },
    ]);
  }
  const skipping = skipsRefused(kind, request);
  // A formula's row is refused as such; the file's own checks (which read cells as values) see the other rows.
  const formulas: RowError[] = read.table.formulas;
  const formulaLines = new Set(formulas.map((f) => f.line));
  const table: CsvTable = { columns: read.table.columns, rows: read.table.rows.filter((r) => !formulaLines.has(r.line)), formulas: [] };
  try {
    return await db.transaction().execute(async (trx) => {
      const run = await kind.run(trx, table, { staffUserId, now });
      if ((formulas.length > 0 || run.errors.length > 0) && !skipping) throw refused(request.file, [...formulas, ...run.errors]);
      const { changes } = run;
      const result: DataImportResult = {
        file: request.file,
        applied: request.apply,
        ...summarize(changes),
        refused: skipping ? answered(request.file, [...formulas, ...run.errors]) : [],
      };
      if (!request.apply) throw new DryRun(result);
      const changed = changes.filter((c) => c.action !== 'UNCHANGED');
      if (changed.length > 0) {
        await recordAudit(trx, {
          staffUserId,
          entity: 'IMPORT',
          entityId: fileNameOf(request.file),
          action: 'IMPORTED',
          after: {
            file: fileNameOf(request.file),
            rows: changes.length,
            counts: result.counts,
            // The audit row keeps what the answer lists; the counts are whole.
            changes: changed.slice(0, DATA_IMPORT_LISTED_CHANGES),
            ...(result.refused.length > 0 && { refused: result.refused.slice(0, DATA_IMPORT_LISTED_CHANGES) }),
          },
        });
      }
      return result;
    });
  } catch (err) {
    if (err instanceof DryRun) return err.result;
    throw err;
  }
}

/** A file as the database has it now: the text, and the name to save it as ('offices-2026-11-28.csv'). */
export async function exportData(db: Executor, file: DataFile, now = new Date()): Promise<{ fileName: string; csv: string }> {
  const kind = FILE_KINDS[file];
  const rows = await kind.rows(db, now);
  return {
    fileName: `${file}-${todayInHelsinki(now)}.csv`,
    csv: writeCsv(
      kind.columns.map((c) => c.name),
      rows,
    ),
  };
}

/** The file of a name ('Toimipisteet/offices-2026-11-28.csv' → offices), or undefined. */
export function fileOfName(name: string): DataFile | undefined {
  const base = name.split(/[\\/]/).pop()!.toLowerCase();
  return [...DATA_FILES].sort((a, b) => b.length - a.length).find((f) => base.startsWith(f));
}
