/**
 * The command of `npm run data:import` (src/data-import.ts runs it): imports set-up files
 * (docs/data-import.md) into the database of the configuration, one file after another, by
 * the same code as the back-office's import; the audit rows name no staff member. A new
 * database starts empty, as the server's DEMO_DATA=off start (vehicle makes, no demo
 * company). Answers the exit code: 0 done, 1 a file refused (its errors printed), 2 a wrong
 * command line or a file that cannot be read. With --skip-refused the tires and vehicles files
 * bring the rows that pass and print the refused ones (exit code 0).
 */
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_FILES, DATA_FILES_SKIPPING_REFUSED, DATA_IMPORT_MAX_CHARS, type DataFile, type DataImportError } from '@huolto/domain';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';
import { ImportRefusedError, fileNameOf, fileOfName, importData } from './modules/data-import/index.ts';

export const DATA_IMPORT_USAGE = `Käyttö:
  npm run data:import -- <tiedosto.csv> [<tiedosto.csv> ...] [--file ${DATA_FILES.join('|')}] [--dry-run] [--skip-refused]
Tiedoston laji päätellään nimestä (esim. offices.csv), ellei --file kerro sitä (vain yhdelle tiedostolle).
Useat tiedostot tuodaan annetussa järjestyksessä, kukin omana tuontinaan: hylätty tiedosto
pysäyttää tuonnin, sitä ennen tuodut jäävät voimaan.
--dry-run näyttää muutokset tekemättä niitä (kukin tiedosto tietokantaan sellaisena kuin se on).
--skip-refused tuo tiedostoista ${DATA_FILES_SKIPPING_REFUSED.join(' ja ')} hyväksytyt rivit ja luettelee hylätyt;
muut tiedostot hylätään kokonaan, jos jokin rivi hylätään.`;

/** A refusal told to the user with exit code 2, before the database is opened. */
class Usage extends Error {}
function usage(message: string): never {
  throw new Usage(message);
}

const ACTION_LABELS = { CREATE: 'uusi', UPDATE: 'muuttuu', UNCHANGED: 'ennallaan', OUT_OF_STOCK: 'loppuu varastosta' } as const;

/** A refused row as printed: 'tires.csv rivi 3, sarake price: …'. */
const refusalLine = (e: DataImportError) => `${e.file} rivi ${e.line}${e.column ? `, sarake ${e.column}` : ''}: ${e.message}`;

/** The file's text: UTF-8 (a BOM allowed), refused as such when its bytes are not. */
function readText(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    usage(`Tiedostoa ${path} ei voi lukea.`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ImportRefusedError([{ file: path, line: 1, column: null, message: 'Tiedosto ei ole UTF-8-muotoinen: tallenna se muodossa "CSV UTF-8"' }]);
  }
}

export interface DataImportIo {
  /** The environment of the configuration (DATABASE_URL, DATA_DIR) and INIT_CWD, where npm was run. */
  env: NodeJS.ProcessEnv;
  log(line: string): void;
  error(line: string): void;
}

/** Runs the command on its arguments (without node and the script): answers the exit code. */
export async function runDataImport(args: string[], io: DataImportIo): Promise<number> {
  try {
    await importFiles(args, io);
    return 0;
  } catch (err) {
    if (err instanceof ImportRefusedError) {
      io.error(err.message);
      for (const e of err.errors) io.error(refusalLine(e));
      return 1;
    }
    io.error(err instanceof Error ? err.message : String(err));
    return err instanceof Usage ? 2 : 1;
  }
}

async function importFiles(args: string[], io: DataImportIo) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { file: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'skip-refused': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    usage(`${err instanceof Error ? err.message : err}\n\n${DATA_IMPORT_USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length === 0) usage(DATA_IMPORT_USAGE);
  if (values.file !== undefined && positionals.length > 1) usage(`--file kertoo yhden tiedoston lajin: anna muut tiedostot erikseen tai nimellä, josta laji näkyy.\n\n${DATA_IMPORT_USAGE}`);
  const apply = !values['dry-run'];
  const skipRefused = values['skip-refused'] === true;
  // Every file is read and known before the database is opened: a mistyped name changes nothing.
  const files = positionals.map((arg) => {
    // npm runs the script in the repository's root; a relative path is the caller's.
    const path = resolve(io.env.INIT_CWD ?? process.cwd(), arg);
    const file = (values.file ?? fileOfName(path)) as DataFile | undefined;
    if (!file || !(DATA_FILES as readonly string[]).includes(file)) usage(`Tiedoston ${basename(path)} lajia ei tunneta: anna --file ${DATA_FILES.join('|')}.\n\n${DATA_IMPORT_USAGE}`);
    const csv = readText(path);
    if (csv.length > DATA_IMPORT_MAX_CHARS) usage(`Tiedosto ${basename(path)} on liian suuri: enintään ${DATA_IMPORT_MAX_CHARS} merkkiä.`);
    return { file, csv };
  });

  const config = loadConfig(io.env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  try {
    // A new database starts empty, as the server's DEMO_DATA=off: the imported company's data, never the demo's.
    await prepareDatabase(database, {}, { demoData: false });
    for (const { file, csv } of files) {
      const result = await importData(database.db, { file, csv, apply, skipRefused }, null);
      for (const c of result.changes) {
        io.log(`${c.key}: ${ACTION_LABELS[c.action]}${c.fields.length ? ` (${c.fields.join(', ')})` : ''}`);
      }
      if (result.moreChanges > 0) io.log(`… ja ${result.moreChanges} muuta muutosta.`);
      const { counts } = result;
      const summary =
        `${counts.CREATE} uutta, ${counts.UPDATE} muuttuu, ${counts.UNCHANGED} ennallaan` +
        (counts.OUT_OF_STOCK > 0 ? `, ${counts.OUT_OF_STOCK} loppuu varastosta` : '') +
        (result.refused.length > 0 ? `, ${new Set(result.refused.map((e) => e.line)).size} riviä hylätty` : '');
      io.log(apply ? `Tuotu ${fileNameOf(file)}: ${summary}.` : `Kokeilu, mitään ei tallennettu (${fileNameOf(file)}): ${summary}.`);
      for (const e of result.refused) io.error(refusalLine(e));
    }
  } finally {
    await database.close();
  }
}
