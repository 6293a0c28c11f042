/**
 * `npm run data:import -- <file.csv> [<file.csv> ...] [--file offices|resources|opening-hours|services] [--dry-run]`:
 * imports set-up files (docs/data-import.md) in the order given into the database of the
 * configuration (DATABASE_URL, or the embedded database in DATA_DIR — with the server
 * stopped, as the embedded database takes one process), by the same code as the
 * back-office's import; the audit rows name no staff member. A new database starts empty,
 * as the server's DEMO_DATA=off start (vehicle makes, no demo company). The kind of file
 * comes from its name unless given (--file, for one file only).
 * Prints each row's change in Finnish; a refused file changes nothing and stops the import
 * (the files before it stay imported), its errors are printed and the exit code is 1 (2 for
 * a wrong command line). The command itself is runDataImport (data-import-cli.ts).
 */
import { runDataImport } from './data-import-cli.ts';

process.exitCode = await runDataImport(process.argv.slice(2), {
  env: process.env,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
