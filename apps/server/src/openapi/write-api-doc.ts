/**
 * `npm run docs:api`: writes docs/api.md's list of every call from the OpenAPI document the
 * app serves (the app built on an empty in-memory database, nothing listening). Only the
 * section between the markers changes; api-doc.test.ts fails until it is run after a
 * route is added, removed or re-described.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { migrate, openDatabase } from '#src/db/database.ts';
import { renderCallIndex, withCallIndex } from './api-doc.ts';
import { OPENAPI_JSON_PATH } from './index.ts';
import type { OpenApiDocument } from './spec.ts';

const API_MD = new URL('../../../../docs/api.md', import.meta.url);

const dataDir = mkdtempSync(join(tmpdir(), 'huolto-docs-api-'));
const database = await openDatabase({});
try {
  await migrate(database);
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), webDist: undefined, reminderIntervalMs: 0 };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    if (res.statusCode !== 200) throw new Error(`GET ${OPENAPI_JSON_PATH} answered ${res.statusCode}`);
    const before = readFileSync(API_MD, 'utf8');
    const after = withCallIndex(before, renderCallIndex(res.json<OpenApiDocument>()));
    if (after === before) console.log('docs/api.md: the list of calls is up to date');
    else {
      writeFileSync(API_MD, after);
      console.log('docs/api.md: the list of calls rewritten from the OpenAPI document');
    }
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
