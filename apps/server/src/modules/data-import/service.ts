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
import { DATA_FILES, DATA_IMPORT_MAX_ROWS, todayInHelsinki, type DataFile, type DataImportError, type DataImportResult } from '@huolto/domain';
import type { Db, Executor } from '#src/db/database.ts';
import { DomainError } from '#src/lib/errors.ts';
import { recordAudit } from '#src/modules/audit/index.ts';
import { parseCsv, writeCsv } from './csv.ts';
import { checkHeader, type FileKind, type RowError } from './file-kind.ts';
import { officesFile } from './offices-file.ts';
import { openingHoursFile } from './opening-hours-file.ts';
import { resourcesFile } from './resources-file.ts';
import { servicesFile } from './services-file.ts';

export const FILE_KINDS: Record<DataFile, FileKind> = {
  offices: officesFile,
  resources: resourcesFile,
  'opening-hours': openingHoursFile,
  services: servicesFile,
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
}

function refused(file: DataFile, errors: RowError[]): ImportRefusedError {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  return new ImportRefusedError(sorted.map((e) => ({ file: fileNameOf(file), line: e.line, column: e.column, message: e.message })));
}

/**
 * Imports one file: checks it and makes its changes (apply) or only answers them (a dry
 * run), in one transaction. 400 IMPORT_INVALID (ImportRefusedError) with every refused row
 * when any row is refused; nothing changes then. An applied import that changes something
 * records one IMPORT audit row with the changes, beside the offices' and resources' own
 * (staffUserId null: the command line).
 */
export async function importData(db: Db, request: ImportRequest, staffUserId: number | null, now = new Date()): Promise<DataImportResult> {
  const kind = FILE_KINDS[request.file];
  const read = parseCsv(request.csv);
  if (!read.table) throw refused(request.file, read.problems);
  const headerErrors = checkHeader(read.table, kind.columns);
  if (headerErrors.length > 0) throw refused(request.file, headerErrors);
  const table = read.table;
  const over = table.rows[DATA_IMPORT_MAX_ROWS];
  if (over) {
    throw refused(request.file, [
      { line: over.line, column: null, message: `Tiedostossa voi olla enintään ${DATA_IMPORT_MAX_ROWS} riviä: tuo loput omana tiedostonaan` },
    ]);
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const { changes, errors } = await kind.run(trx, table, { staffUserId, now });
      if (errors.length > 0) throw refused(request.file, errors);
      const result: DataImportResult = { file: request.file, applied: request.apply, changes };
      if (!request.apply) throw new DryRun(result);
      const changed = changes.filter((c) => c.action !== 'UNCHANGED');
      if (changed.length > 0) {
        await recordAudit(trx, {
          staffUserId,
          entity: 'IMPORT',
          entityId: fileNameOf(request.file),
          action: 'IMPORTED',
          after: { file: fileNameOf(request.file), rows: changes.length, changes: changed },
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
