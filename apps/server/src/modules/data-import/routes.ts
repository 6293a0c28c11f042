import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DATA_FILES, DATA_IMPORT_MAX_CHARS, dataFileParams, dataImportBody, dataImportRefusedResponse, dataImportResponse } from '@huolto/domain';
import type { Db } from '#src/db/database.ts';
import { staffOf } from '#src/modules/staff/index.ts';
import { callSchema } from '#src/openapi/route-schema.ts';
import { ImportRefusedError, exportData, importData } from './service.ts';

/**
 * The import's JSON body may carry DATA_IMPORT_MAX_CHARS characters of file text: up to
 * three bytes each in UTF-8, a backslash and a letter for a quote or a line end, plus the
 * other keys (about 15 MB). The app's own limit (app.ts BODY_LIMIT_BYTES) is far smaller.
 * A larger body is refused with 413 before it is read into memory.
 */
export const DATA_IMPORT_BODY_LIMIT_BYTES = 3 * DATA_IMPORT_MAX_CHARS + 64 * 1024;
export const DATA_IMPORT_TOO_LARGE_MESSAGE = `Tiedosto on liian suuri: enintään ${DATA_IMPORT_MAX_CHARS.toLocaleString('fi-FI')} merkkiä. Jaa se osiin.`;

/** The back-office's data import and export (admins only); columns in docs/data-import.md. */
export function registerDataImportRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = 'Staff API' as const;
  const admin = { config: { staffRole: 'ADMIN' as const } };

  r.post(
    '/data/import',
    {
      config: { ...admin.config, bodyTooLargeMessage: DATA_IMPORT_TOO_LARGE_MESSAGE },
      bodyLimit: DATA_IMPORT_BODY_LIMIT_BYTES,
      schema: callSchema({
        tag,
        summary: `Imports one set-up or catalogue file (${DATA_FILES.join(', ')}) as CSV text (admins only); without apply only answers what would change.`,
        description:
          'Semicolon-separated UTF-8 with a header row (docs/data-import.md), at most DATA_IMPORT_MAX_ROWS rows of its kind. ' +
          'Rows are matched by their natural keys; each answers CREATE, UPDATE (with the columns that change), UNCHANGED or ' +
          'OUT_OF_STOCK (tires), every action counted in counts; at most DATA_IMPORT_LISTED_CHANGES changes are listed ' +
          '(moreChanges: the rest). With apply every change is made in one transaction with an IMPORT audit row (none when ' +
          'nothing changes); the same file again changes nothing. A refused file changes nothing: 400 IMPORT_INVALID ' +
          '(responseCode, message, errors: file, line — 1 is the header —, column, message) lists every refused row; a cell ' +
          'starting with = (a formula) is refused. With skipRefused the tires and vehicles files make the changes of the rows ' +
          'that pass and answer the others in refused. A body over about 15 MB is refused with 413.',
        body: dataImportBody,
        responseSchema: dataImportResponse,
      }),
    },
    async (request, reply) => {
      try {
        return await importData(db, request.body, staffOf(request).id);
      } catch (err) {
        if (!(err instanceof ImportRefusedError)) throw err;
        return reply
          .status(400)
          .type('application/json')
          .send(
            JSON.stringify({
              error: err.code,
              ...dataImportRefusedResponse.parse({ responseCode: 'IMPORT_INVALID', message: err.message, errors: err.errors }),
            }),
          );
      }
    },
  );

  r.get(
    '/data/export/:file',
    {
      ...admin,
      schema: callSchema({
        tag,
        summary: 'One set-up file as the database has it now, as CSV to download (admins only); it imports back unchanged.',
        params: dataFileParams,
        responseType: 'text/csv',
        responseHeaders: { 'content-disposition': 'attachment; filename="<file>-<date>.csv"' },
      }),
    },
    async (request, reply) => {
      const file = await exportData(db, request.params.file);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.csv);
    },
  );
}
