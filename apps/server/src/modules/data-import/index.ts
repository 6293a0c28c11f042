/**
 * What the rest of the server may import from modules/data-import/: the import and export
 * the command line (data-import-cli.ts) runs, and the routes staff-api.ts registers (lint lets
 * other code import only this file of the module; tests may import any file).
 */
export { registerDataImportRoutes } from './routes.ts';
export { FILE_KINDS, ImportRefusedError, exportData, fileNameOf, fileOfName, importData } from './service.ts';
