/**
 * The whole catalogue in the documented CSV files: the demo company's every file exported
 * and imported, in DATA_FILES order, into a database started empty (DEMO_DATA=off) gives
 * the same customer answers for the same plates — the services step's lists and each
 * service's contents, the extra items, the offer cards, the make's redirect, the tire sizes and the tire search with its prices.
 * So the demo catalogue is what the import makes of its own files, and every run exercises
 * the importer on the whole catalogue. The copy exports the same files again: the offices,
 * their resources (in the same order) and opening hours, and the catalogue.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES, WINDSHIELD_PRODUCT_IDS, type DataFile, type DataImportResult, type ProcessType } from '@huolto/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#src/app.ts';
import { loadConfig } from '#src/config.ts';
import { openDatabase, type DatabaseHandle } from '#src/db/database.ts';
import { prepareDatabase } from '#src/db/seed-if-empty.ts';
import { Mailer } from '#src/modules/mail/outbox.ts';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { parseCsv } from './csv.ts';
import { ImportRefusedError, exportData, importData } from './service.ts';

let demo: TestApp;
let empty: DatabaseHandle;
let copy: FastifyInstance;
let dataDir: string;
const imported = new Map<DataFile, DataImportResult>();

beforeAll(async () => {
  demo = await createTestApp();
  empty = await openDatabase({});
  await prepareDatabase(empty, {}, { demoData: false });
  // Pictures travel by upload (POST /catalogue/images), not in the files, which name them by
  // id: the copy gets the demo's pictures as uploads store them.
  const media = await demo.db.selectFrom('media').selectAll().execute();
  for (let i = 0; i < media.length; i += 200) await empty.db.insertInto('media').values(media.slice(i, i + 200)).execute();
  for (const file of DATA_FILES) {
    const { csv } = await exportData(demo.db, file);
    try {
      imported.set(file, await importData(empty.db, { file, csv, apply: true, skipRefused: false }, null));
    } catch (err) {
      // The refused rows, in the failure's message.
      if (err instanceof ImportRefusedError) throw new Error(`${file}: ${JSON.stringify(err.errors.slice(0, 10))}`);
      throw err;
    }
  }
  dataDir = mkdtempSync(join(tmpdir(), 'huolto-round-trip-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'off' }), webDist: undefined, reminderIntervalMs: 0, vehicleSearchRateLimit: 1000 };
  const mailer = new Mailer(empty.db, { from: config.mailFrom, outboxDir: join(dataDir, 'outbox') });
  copy = await buildApp({ config, database: empty, mailer, logger: false });
  await copy.ready();
}, 240_000);
afterAll(async () => {
  await copy?.close();
  await empty?.close();
  await demo?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** An office's id in a database, by its code (the import's key; ids are the database's own). */
async function officeId(db: DatabaseHandle['db'], code: string) {
  return (await db.selectFrom('organization').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** The resources file's rows, each with its place in its office's order for the sort number. */
async function resourcesInOrder(db: DatabaseHandle['db']) {
  const parsed = parseCsv((await exportData(db, 'resources')).csv);
  if (!parsed.table) throw new Error(JSON.stringify(parsed.problems));
  const placed = new Map<string, number>();
  return [...parsed.table.rows]
    .sort((a, b) => a.cells.get('office_code')!.localeCompare(b.cells.get('office_code')!) || Number(a.cells.get('sort')) - Number(b.cells.get('sort')))
    .map((row) => {
      const office = row.cells.get('office_code')!;
      const place = (placed.get(office) ?? 0) + 1;
      placed.set(office, place);
      return { ...Object.fromEntries(row.cells), sort: place };
    });
}

/** Group ids are made from titles on import: answers compare groups by title. */
function withoutGroupIds<T>(groups: T[]): unknown[] {
  return groups.map((g) => {
    const { id: _id, ...rest } = g as Record<string, unknown>;
    return rest;
  });
}

/** A tire's product id is made from its supplier and product code on import: answers compare the rest. */
function withoutTireIds(results: unknown[]): unknown[] {
  return results.map((r) => {
    const { product, ...rest } = r as { product: Record<string, unknown> };
    const { id: _id, ...productRest } = product;
    return { ...rest, product: productRest };
  });
}

async function maintenanceAnswers(app: FastifyInstance, db: DatabaseHandle['db'], plate: string) {
  const c = new ApiClient(app);
  await c.init('MAINTENANCE');
  expect(json(await c.post('/search-vehicle', { registerNumber: plate, kilometers: 60000 })).responseCode).toBe('SUCCESS');
  expect((await c.post('/active-organization/v2', { organizationId: await officeId(db, 'KONALA') })).statusCode).toBe(200);
  const services = json<{ id: string; suggestions: { product: { id: string } }[] }[]>(await c.get('/services/v2'));
  const additional = json<{ id: string; suggestions: { product: { id: string } }[] }[]>(await c.get('/additional-services/v2'));
  const extra = json<{ id: string }[]>(await c.get('/extra-services/v2', { stage: 'DEFAULT' }));
  const productIds = [...services, ...additional].flatMap((g) => g.suggestions.map((s) => s.product.id));
  const contents = [];
  for (const productId of productIds) contents.push(json(await c.get('/product-additional-data', { productId })));
  return {
    services: withoutGroupIds(services),
    additional: withoutGroupIds(additional),
    extra: withoutGroupIds(extra),
    extraItems: json(await c.get('/extra-order-items')),
    offers: json(await c.get('/lifts-offers')),
    redirect: json(await c.get('/redirect-settings')),
    contents,
  };
}

async function tireAnswers(app: FastifyInstance, db: DatabaseHandle['db'], plate: string, process: ProcessType) {
  const c = new ApiClient(app);
  await c.init(process);
  expect(json(await c.post('/search-vehicle', { registerNumber: plate })).responseCode).toBe('SUCCESS');
  // The tire change's services at Konala (its services step).
  let tireServices: unknown[] = [];
  if (process === 'TIRE_CHANGE') {
    expect((await c.post('/active-organization/v2', { organizationId: await officeId(db, 'KONALA') })).statusCode).toBe(200);
    tireServices = withoutGroupIds(json<unknown[]>(await c.get('/extra-services/v2', { stage: 'TIRE_SERVICES' })));
  }
  const sizes = json<{ suppliers: { id: number; name: string }[]; suggestedSizes: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number }[] }>(
    await c.get('/tire-sizes'),
  );
  const searches = [];
  for (const size of sizes.suggestedSizes) {
    for (const tireType of ['NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS']) {
      const results = json<unknown[]>(
        await c.post('/search-tires/v2', {
          suppliers: sizes.suppliers.map((s) => s.id),
          width: size.width,
          aspectRatio: size.aspectRatio,
          rimDiameter: size.rimDiameter,
          minLoadIndex: size.loadIndex,
          tireType,
        }),
      );
      searches.push(withoutTireIds(results));
    }
  }
  const { suppliers, ...rest } = sizes;
  return { tireServices, suppliers: suppliers.map((s) => s.name).sort(), sizes: rest, searches };
}

describe('the demo catalogue exported and imported into an empty start', () => {
  it('imports every file without a refusal, creating what the demo has', () => {
    for (const file of DATA_FILES) {
      const result = imported.get(file)!;
      expect(result.refused, file).toEqual([]);
      // An empty start has the windshield products, inactive at 0 €: the file prices them.
      expect(result.counts.UPDATE + result.counts.OUT_OF_STOCK, file).toBe(file === 'services' ? WINDSHIELD_PRODUCT_IDS.length : 0);
    }
    expect(imported.get('services')!.counts.CREATE).toBeGreaterThan(20);
    expect(imported.get('tires')!.counts.CREATE).toBeGreaterThanOrEqual(10_000);
    expect(imported.get('vehicles')!.counts.CREATE).toBeGreaterThan(1000);
  });

  it('exports the same files again from the copy', async () => {
    for (const file of ['offices', 'opening-hours', 'services', 'operations', 'product-parameters', 'extra-items', 'offers', 'campaign-codes', 'vehicles', 'redirects'] as const) {
      expect((await exportData(empty.db, file)).csv, file).toBe((await exportData(demo.db, file)).csv);
    }
    // The import numbers an office's resources 1, 2, … in the file's order: the same resources
    // in the same order, with the same names, kinds of work and choices.
    const [copied, original] = [await resourcesInOrder(empty.db), await resourcesInOrder(demo.db)];
    expect(copied.length).toBeGreaterThan(10);
    expect(copied).toEqual(original);
  });

  it.each(['ABC-123', 'BMW-123', 'VAN-123', 'TOY-123'])('%s: the same services step, contents, extras, offer cards and prices at Konala', async (plate) => {
    const [original, copied] = [await maintenanceAnswers(demo.app, demo.db, plate), await maintenanceAnswers(copy, empty.db, plate)];
    expect(original.services.length).toBeGreaterThan(0);
    expect((original.offers as unknown[]).length).toBeGreaterThan(0);
    if (plate === 'BMW-123') expect(original.redirect).toMatchObject({ redirectUrl: 'https://bmw.example/huoltovaraus' });
    expect(copied).toEqual(original);
  });

  it('the same windshield products, prices and choices (product-parameters.csv) on the windshield form', async () => {
    const offered = async (app: FastifyInstance) => {
      const c = new ApiClient(app);
      await c.init('WINDSHIELD');
      return json<{ id: string; productParameters: unknown[] }[]>(await c.get('/windshield/products'));
    };
    const [original, copied] = [await offered(demo.app), await offered(copy)];
    expect(original.map((p) => p.id)).toEqual([...WINDSHIELD_PRODUCT_IDS]);
    expect(original.some((p) => p.productParameters.length > 0)).toBe(true);
    expect(copied).toEqual(original);
  });

  it.each([
    ['ABC-123', 'TIRE_SALES'],
    ['BMW-123', 'TIRE_SALES'],
    ['VAN-123', 'TIRE_CHANGE'],
    ['ABC-123', 'TIRE_CHANGE'],
  ] as const)('%s (%s): the same tire sizes, suppliers and tire search with prices', async (plate, process) => {
    const [original, copied] = [await tireAnswers(demo.app, demo.db, plate, process), await tireAnswers(copy, empty.db, plate, process)];
    expect(original.searches.some((s) => s.length > 0)).toBe(true);
    expect(copied).toEqual(original);
  });
});
