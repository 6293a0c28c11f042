import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVersions, type Versions } from '#src/db/versions.ts';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { StatementCounter } from '#test/statement-counter.ts';
import { VersionedSnapshot } from '../organizations/versioned-snapshot.ts';
import { CatalogueCache, databaseCatalogue } from './catalogue-cache.ts';
import { SERVICE_LISTS } from './cart-rules.ts';

/**
 * The catalogue cache (decision 013): answers come from memory while the catalogue version
 * stands, a change made by plain SQL is seen on the very next request, CACHES=off reads
 * every time, and the answers are byte for byte those read from the database.
 */

const onCounter = new StatementCounter();
const offCounter = new StatementCounter();
let on: TestApp;
let off: TestApp;
beforeAll(async () => {
  on = await createTestApp({}, { wrapDb: (db) => db.withPlugin(onCounter) });
  off = await createTestApp({ caches: false }, { wrapDb: (db) => db.withPlugin(offCounter) });
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

/** Statements sent while `call` runs. */
async function statementsOf<T>(counter: StatementCounter, call: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const before = counter.count;
  const result = await call();
  return { result, statements: counter.count - before };
}

type Suggestion = { product: { id: string }; price: number; description: string };
type Group = { id: string; suggestions: Suggestion[] };

async function maintenance(t: TestApp, registerNumber: string | null, kilometers: number | null, organizationId = 1) {
  const c = new ApiClient(t.app);
  await c.init();
  if (registerNumber) {
    const body = kilometers === null ? { registerNumber } : { registerNumber, kilometers };
    expect(json(await c.post('/search-vehicle', body)).responseCode).toBe('SUCCESS');
  }
  await c.post('/active-organization/v2', { organizationId });
  return c;
}

const sessionFree = [
  ['/all-organizations/v2'],
  ['/get-organizations-by-site/v2', { site: 'tampere' }],
  ['/get-organizations-by-site/v2', { site: 'HELSINKI' }],
  ['/get-organizations-by-site/v2', { site: 'JYVÄSKYLÄ' }],
  ['/find-organizations/v2', { latitude: '60.2', longitude: '24.9', numberOfResults: '5' }],
  ['/get-organizations-by-office-number', { officeNumber: '3' }],
  ['/get-organizations-by-office-number', { officeNumber: '999' }],
] as const;

/** Every cached call of one booking, each answer as its raw body. */
async function answersOf(c: ApiClient): Promise<string[]> {
  const bodies: string[] = [];
  const get = async (path: string, query?: Record<string, string>) => {
    const res = await c.get(path, query);
    expect(res.statusCode, `${path} ${res.body}`).toBe(200);
    bodies.push(res.body);
    return res;
  };
  const services = json<Group[]>(await get('/services/v2'));
  await get('/additional-services/v2');
  await get('/additional-services/v2', { categoryId: 'brakes' });
  for (const stage of Object.keys(SERVICE_LISTS.extra)) await get('/extra-services/v2', { stage });
  await get('/services-by-service-code/v2');
  await get('/extra-order-items');
  await get('/lifts-offers');
  await get('/compatible-organizations/v2');
  await get('/tire-change-organizations/v2');
  await get('/tire-sizes');
  const first = services[0]?.suggestions[0]?.product.id;
  if (first) {
    await get('/product-additional-data', { productId: first });
    expect((await c.post('/add-products-to-cart', { items: [{ productId: first, amount: 1 }], stage: 'DEFAULT' })).statusCode).toBe(200);
    await get('/services/v2');
    await get('/additional-services/v2');
    const items = await c.post('/order-items-by-stage', { stage: 'DEFAULT' });
    bodies.push(items.body);
  }
  expect(json(await c.put('/set-service-code', { value: 'TALVI2026' })).responseCode).toBe('SUCCESS');
  await get('/services-by-service-code/v2');
  for (const [path, query] of sessionFree) await get(path, query);
  return bodies;
}

describe('the catalogue cache', () => {
  it('answers byte for byte as the database does, for cars of every kind, with and without a cart', async () => {
    const cars: [string | null, number | null][] = [
      ['ABC-123', 60000],
      ['ABC-123', 15000],
      ['VAN-123', 30000],
      ['TOY-123', null],
      [null, null],
    ];
    for (const [plate, km] of cars) {
      const cached = await answersOf(await maintenance(on, plate, km));
      const again = await answersOf(await maintenance(on, plate, km));
      const uncached = await answersOf(await maintenance(off, plate, km));
      expect(cached.length).toBeGreaterThan(15);
      expect(cached, `${plate} ${km}`).toEqual(uncached);
      expect(again, `${plate} ${km}`).toEqual(uncached);
    }
  });

  it('services/v2, the office lists and tire-sizes answer from memory while the version stands: the session statement only (none on PGlite)', async () => {
    // PGlite keeps the session and the versions in memory between writes (process/session-memory.ts).
    const sessionRead = on.engine === 'pglite' ? 0 : 1;
    const c = await maintenance(on, 'ABC-123', 60000);
    await c.get('/services/v2'); // loads the snapshot of this version, if not loaded yet
    await c.get('/tire-sizes');
    await c.get('/compatible-organizations/v2');
    await c.get('/lifts-offers');
    const paths = ['/services/v2', '/additional-services/v2', '/extra-order-items', '/lifts-offers', '/compatible-organizations/v2', '/tire-change-organizations/v2', '/tire-sizes'];
    for (const path of paths) {
      const { result, statements } = await statementsOf(onCounter, () => c.get(path));
      expect(result.statusCode).toBe(200);
      expect(statements, path).toBe(sessionRead); // the session row with the versions
    }
    await c.post('/add-products-to-cart', { items: [{ productId: json<Group[]>(await c.get('/services/v2'))[0]!.suggestions[0]!.product.id, amount: 1 }], stage: 'DEFAULT' });
    await c.post('/order-items-by-stage', { stage: 'DEFAULT' });
    const items = await statementsOf(onCounter, () => c.post('/order-items-by-stage', { stage: 'DEFAULT' }));
    expect(items.result.statusCode).toBe(200);
    expect(items.statements).toBe(sessionRead);
    // Without a session: the versions, one small statement (none on PGlite).
    await c.get('/all-organizations/v2');
    const all = await statementsOf(onCounter, () => c.get('/all-organizations/v2'));
    expect(all.statements).toBe(sessionRead);
  });

  it('CACHES=off reads the database on every request', async () => {
    const c = await maintenance(off, 'ABC-123', 60000);
    await c.get('/services/v2');
    for (let i = 0; i < 2; i++) {
      const { statements } = await statementsOf(offCounter, () => c.get('/services/v2'));
      expect(statements).toBeGreaterThan(3);
    }
    const all = await statementsOf(offCounter, () => c.get('/all-organizations/v2'));
    expect(all.statements).toBe(1); // the office list itself, no versions read
    const sizes = await statementsOf(offCounter, () => c.get('/tire-sizes'));
    expect(sizes.statements).toBeGreaterThan(1);
  });

  it('a price, a product and an office changed by plain SQL show on the very next request', async () => {
    const c = await maintenance(on, 'ABC-123', 60000);
    const before = json<Group[]>(await c.get('/services/v2'));
    const product = before[0]!.suggestions[0]!;
    await c.post('/add-products-to-cart', { items: [{ productId: product.product.id, amount: 1 }], stage: 'DEFAULT' });
    const priceOf = async () => json<Group[]>(await c.get('/services/v2'))[0]!.suggestions.find((s) => s.product.id === product.product.id)?.price;
    const itemPrice = async () => json<{ price: number }[]>(await c.post('/order-items-by-stage', { stage: 'DEFAULT' }))[0]!.price;
    expect(await priceOf()).toBe(product.price);
    expect(await itemPrice()).toBe(product.price);

    await sql`UPDATE product SET price_cents = price_cents + 100 WHERE id = ${product.product.id}`.execute(on.db);
    expect(await priceOf()).toBe(product.price + 100);
    expect(await itemPrice()).toBe(product.price + 100);

    await sql`UPDATE product SET description = 'Muutettu' WHERE id = ${product.product.id}`.execute(on.db);
    expect(json<Group[]>(await c.get('/services/v2'))[0]!.suggestions[0]!.description).toBe('Muutettu');

    // An operation's text (product_operation) and a product made inactive.
    await sql`UPDATE product_operation SET description = 'Uusi työ' WHERE product_id = ${product.product.id} AND sort = (SELECT min(sort) FROM product_operation WHERE product_id = ${product.product.id})`.execute(on.db);
    const info = json<{ operations: { description: string }[] }>(await c.get('/product-additional-data', { productId: product.product.id }));
    expect(info.operations[0]!.description).toBe('Uusi työ');
    await sql`UPDATE product SET active = false WHERE id = ${product.product.id}`.execute(on.db);
    expect(json<Group[]>(await c.get('/services/v2')).flatMap((g) => g.suggestions.map((s) => s.product.id))).not.toContain(product.product.id);
    expect(json(await c.post('/order-items-by-stage', { stage: 'DEFAULT' }))).toEqual([]);

    // An office renamed, and one made inactive: with and without a session.
    const names = async () => json<{ id: number; name: string }[]>(await c.get('/all-organizations/v2'));
    const compatible = async () => json<{ id: number; name: string }[]>(await c.get('/compatible-organizations/v2'));
    expect((await names()).find((o) => o.id === 2)).toBeDefined();
    await sql`UPDATE organization SET name = 'Aaa uusi nimi' WHERE id = 2`.execute(on.db);
    expect((await names())[0]).toMatchObject({ id: 2, name: 'Aaa uusi nimi' });
    expect((await compatible()).find((o) => o.id === 2)?.name).toBe('Aaa uusi nimi');
    await sql`UPDATE organization SET active = false WHERE id = 2`.execute(on.db);
    expect((await names()).some((o) => o.id === 2)).toBe(false);
    expect(json(await c.get('/get-organizations-by-office-number', { officeNumber: '2' }))).toEqual([]);
  });
});

describe('CatalogueCache', () => {
  const versionsAt = (catalogue: number): Versions => ({ catalogue, offices: new Map(), dbNow: new Date() });

  it('keeps the newest version asked; an older one reads the database and replaces nothing', async () => {
    const cache = new CatalogueCache(true);
    const db = off.db;
    const now = await readVersions(db);
    const kept = cache.at(db, versionsAt(now.catalogue + 10));
    await kept.groups({ stage: 'DEFAULT' });
    expect(cache.version).toBe(now.catalogue + 10);
    cache.at(db, versionsAt(now.catalogue + 9));
    expect(cache.version).toBe(now.catalogue + 10);
    cache.at(db, versionsAt(now.catalogue + 11));
    expect(cache.version).toBe(now.catalogue + 11);
    expect(new CatalogueCache(false).at(db, versionsAt(1))).not.toBe(undefined);
    expect(new CatalogueCache(false).version).toBeUndefined();
  });

  it('each read from memory equals the database query, tires and unknown products included', async () => {
    const db = off.db;
    const cat = new CatalogueCache(true).at(db, await readVersions(db));
    const base = databaseCatalogue(db);
    const groups = await base.groups({ stage: 'DEFAULT' });
    expect(await cat.groups({ stage: 'DEFAULT' })).toEqual(groups);
    expect(await cat.groups({ stage: 'DEFAULT', kind: 'PRIMARY' })).toEqual(await base.groups({ stage: 'DEFAULT', kind: 'PRIMARY' }));
    expect(await cat.groups({ stage: 'DEFAULT', groupId: 'brakes' })).toEqual(await base.groups({ stage: 'DEFAULT', groupId: 'brakes' }));
    const groupIds = groups.map((g) => g.id);
    const all = await base.productsOfGroups(groupIds);
    expect(await cat.productsOfGroups(groupIds)).toEqual(all);
    for (const fit of [
      { makeId: 1, vehicleClass: 1, km: 60000, serviceCode: null },
      { makeId: null, vehicleClass: null, km: null, serviceCode: 'TALVI2026' },
      { makeId: 2, vehicleClass: 2, km: 0, serviceCode: null },
    ]) {
      const fitting = await base.productsOfGroups(groupIds, fit);
      expect(fitting.length).toBeLessThan(all.length);
      expect(await cat.productsOfGroups(groupIds, fit)).toEqual(fitting);
    }
    const [tire] = await db.selectFrom('tire').select('product_id').limit(1).execute();
    const ids = [...all.map((p) => p.id).reverse(), tire!.product_id, 'NO-SUCH-PRODUCT', all[0]!.id];
    const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(await cat.products(ids))).toEqual(byId(await base.products(ids)));
    expect(byId(await cat.products(ids))).toEqual(byId(await base.products(ids))); // the tire now from memory
    expect(await cat.additionalLinks(ids)).toEqual(await base.additionalLinks(ids));
    expect(await cat.operations(ids)).toEqual(await base.operations(ids));
    const parameterIds = (await db.selectFrom('product_parameter').select('product_id').execute()).map((r) => r.product_id);
    expect(parameterIds.length).toBeGreaterThan(0);
    expect(await cat.productParameters([...ids, ...parameterIds])).toEqual(await base.productParameters([...ids, ...parameterIds]));
    expect(await cat.extraOrderItems()).toEqual(await base.extraOrderItems());
    expect(await cat.offers()).toEqual(await base.offers());
    const tiresGroup = await db.selectFrom('service_group').select('id').where('kind', '=', 'TIRES').execute();
    const tireIds = tiresGroup.map((g) => g.id);
    expect((await cat.productsOfGroups(tireIds)).length).toBe((await base.productsOfGroups(tireIds)).length);
    for (const makeId of [null, 1, 2]) {
      expect(await cat.offices.list(makeId)).toEqual(await base.offices.list(makeId));
      expect(await cat.offices.list(makeId, { tireChange: true })).toEqual(await base.offices.list(makeId, { tireChange: true }));
      expect(await cat.offices.list(makeId, { windshield: true })).toEqual(await base.offices.list(makeId, { windshield: true }));
    }
    expect(await cat.offices.listPublic({ damageInspection: true })).toEqual(await base.offices.listPublic({ damageInspection: true }));
    expect(await cat.offices.organization(1)).toEqual(await base.offices.organization(1));
    expect(await cat.offices.organization(999)).toBeUndefined();
  });
});

describe('VersionedSnapshot', () => {
  it('makes one snapshot per newer version and none for an older one', () => {
    let made = 0;
    const s = new VersionedSnapshot((v) => ({ v, n: ++made }));
    expect(s.at(3)).toEqual({ v: 3, n: 1 });
    expect(s.at(3)).toEqual({ v: 3, n: 1 });
    expect(s.at(2)).toBeUndefined();
    expect(s.at(5)).toEqual({ v: 5, n: 2 });
    expect(s.version).toBe(5);
  });
});
