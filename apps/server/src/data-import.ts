/**
 * `npm run data:import -- <file.csv> [--file offices|resources|opening-hours|services] [--dry-run]`:
 * imports one set-up file (docs/data-import.md) into the database of the configuration
 * (DATABASE_URL, or the embedded database in DATA_DIR — with the server stopped, as the
 * embedded database takes one process), by the same code as the back-office's import; the
 * audit rows name no staff member. A new database starts empty, as the server's
 * DEMO_DATA=off start (vehicle makes, no demo company). The kind of file comes from its
 * name unless given.
 * Prints each row's change in Finnish; a refused file changes nothing, its errors are
 * printed and the exit code is 1 (2 for a wrong command line).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DATA_FILES, DATA_IMPORT_MAX_CHARS, type DataFile } from '@huolto/domain';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/seed-if-empty.ts';
import { ImportRefusedError, fileNameOf, fileOfName, importData } from './modules/data-import/index.ts';

const USAGE = `Käyttö:
  npm run data:import -- <tiedosto.csv> [--file ${DATA_FILES.join('|')}] [--dry-run]
Tiedoston laji päätellään nimestä (esim. offices.csv), ellei --file kerro sitä.
--dry-run näyttää muutokset tekemättä niitä.`;

/** A refusal told to the user with exit code 2, after the database is closed. */
class Usage extends Error {}
function usage(message: string): never {
  throw new Usage(message);
}

const ACTION_LABELS = { CREATE: 'uusi', UPDATE: 'muuttuu', UNCHANGED: 'ennallaan' } as const;

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

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { file: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help || positionals.length !== 1) usage(USAGE);
  // npm runs the script in the repository's root; a relative path is the caller's.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const file = (values.file ?? fileOfName(path)) as DataFile | undefined;
  if (!file || !(DATA_FILES as readonly string[]).includes(file)) usage(`Tiedoston lajia ei tunneta: anna --file ${DATA_FILES.join('|')}.\n\n${USAGE}`);
  const apply = !values['dry-run'];
  const csv = readText(path);
  if (csv.length > DATA_IMPORT_MAX_CHARS) usage(`Tiedosto on liian suuri: enintään ${DATA_IMPORT_MAX_CHARS} merkkiä.`);

  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir + '/pgdata' });
  try {
    // A new database starts empty, as the server's DEMO_DATA=off: the imported company's data, never the demo's.
    await prepareDatabase(database, {}, { demoData: false });
    const result = await importData(database.db, { file, csv, apply }, null);
    for (const c of result.changes) {
      console.log(`${c.key}: ${ACTION_LABELS[c.action]}${c.fields.length ? ` (${c.fields.join(', ')})` : ''}`);
    }
    const count = (action: keyof typeof ACTION_LABELS) => result.changes.filter((c) => c.action === action).length;
    const summary = `${count('CREATE')} uutta, ${count('UPDATE')} muuttuu, ${count('UNCHANGED')} ennallaan`;
    console.log(apply ? `Tuotu ${fileNameOf(file)}: ${summary}.` : `Kokeilu, mitään ei tallennettu (${fileNameOf(file)}): ${summary}.`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ImportRefusedError) {
    console.error(err.message);
    for (const e of err.errors) console.error(`${e.file} rivi ${e.line}${e.column ? `, sarake ${e.column}` : ''}: ${e.message}`);
    process.exit(1);
  }
  console.error(err instanceof Error ? err.message : err);
  process.exit(err instanceof Usage ? 2 : 1);
});
