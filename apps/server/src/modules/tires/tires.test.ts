import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { addDays, isWorkingDay, todayInHelsinki } from '@huolto/domain';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';
import { searchTires } from './repository.ts';
import { serializeTireSearch, tireSearchAnswer, tireSearchJson, toSuggestion } from './service.ts';
import { findLiveProcess } from '../process/repository.ts';
import { TIRE_SEARCH_TTL_MS, TtlLruCache, tireSearchCacheOf, tireSearchKey } from './search-cache.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Result = { product: { id: string; provider: string }; price: number; suggested_tire: { make: string; size_info: string; extra_markings: string[]; tire_type: string; set_price: number } };

async function session(plate = 'ABC-123', type: 'TIRE_CHANGE' | 'TIRE_SALES' = 'TIRE_SALES') {
  const c = new ApiClient(t.app);
  await c.init(type);
  await c.post('/search-vehicle', { registerNumber: plate });
  return c;
}

const GOLF = { suppliers: [1, 2, 3, 4, 5, 6, 7, 8], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 91, tireType: 'WINTER_STUDDED' };

describe('tire catalogue', () => {
  it('holds at least 10,000 tires with load indexes 70–130 and a picture each', async () => {
    const row = await sql<{ n: number; min: number; max: number; noimg: number }>`
      SELECT count(*)::int AS n, min(load_index) AS min, max(load_index) AS max,
             count(*) FILTER (WHERE cardinality(p.image_ids) = 0)::int AS noimg
      FROM tire JOIN product p ON p.id = tire.product_id`.execute(t.db);
    expect(row.rows[0]!.n).toBeGreaterThanOrEqual(10_000);
    expect(row.rows[0]!.min).toBe(70);
    expect(row.rows[0]!.max).toBe(130);
    expect(row.rows[0]!.noimg).toBe(0);
  });
});

describe('tire-sizes', () => {
  it('answers suppliers, size options, defaults and the car sizes', async () => {
    const c = await session('BMW-123');
    const sizes = json(await c.get('/tire-sizes'));
    expect(sizes.suppliers.length).toBeGreaterThanOrEqual(6);
    expect(sizes.suppliers.map((s: { name: string }) => s.name)).toContain('Nokian Tyres');
    expect(sizes.widths).toContain(225);
    expect(sizes.aspectRatios).toContain(45);
    expect(sizes.rimDiameters).toContain(18);
    expect(['NORMAL', 'WINTER_STUDDED', 'WINTER_STUDLESS']).toContain(sizes.defaultOfferedTireType);
    expect(sizes.defaultOfferedSupplierId).toBe(1);
    // BMW-123 has different front and rear tires.
    expect(sizes.suggestedSizes).toEqual([
      { width: 225, aspectRatio: 45, rimDiameter: 18, loadIndex: 95 },
      { width: 255, aspectRatio: 40, rimDiameter: 18, loadIndex: 99 },
    ]);
  });

  it('needs a session', async () => {
    expect((await new ApiClient(t.app).get('/tire-sizes')).statusCode).toBe(412);
  });
});

describe('search-tires/v2', () => {
  it('filters by size, type and suppliers, load index as a minimum, cheapest first', async () => {
    const c = await session();
    const results = json<Result[]>(await c.post('/search-tires/v2', GOLF));
    expect(results.length).toBeGreaterThan(5);
    for (const r of results) {
      expect(r.suggested_tire.size_info).toMatch(/^205\/55R16 (\d+)/);
      expect(Number(/ (\d+)/.exec(r.suggested_tire.size_info)![1])).toBeGreaterThanOrEqual(91);
      expect(r.suggested_tire.tire_type).toBe('WINTER_STUDDED');
      expect(r.suggested_tire.set_price).toBe(r.price * 4);
    }
    expect(results.map((r) => r.price)).toEqual([...results.map((r) => r.price)].sort((a, b) => a - b));

    const nokianOnly = json<Result[]>(await c.post('/search-tires/v2', { ...GOLF, suppliers: [1] }));
    expect(nokianOnly.length).toBeGreaterThan(0);
    expect(nokianOnly.every((r) => r.suggested_tire.make === 'Nokian Tyres')).toBe(true);

    const standard = Math.min(...results.map((r) => Number(/ (\d+)/.exec(r.suggested_tire.size_info)![1])));
    const xlOnly = json<Result[]>(await c.post('/search-tires/v2', { ...GOLF, minLoadIndex: standard + 1 }));
    expect(xlOnly.length).toBeGreaterThan(0);
    // Only the reinforced (XL) and van (C) tires carry more than the standard load.
    expect(xlOnly.every((r) => Number(/ (\d+)/.exec(r.suggested_tire.size_info)![1]) > standard)).toBe(true);
    expect(xlOnly.every((r) => r.suggested_tire.extra_markings.some((m) => m === 'XL' || m === 'C'))).toBe(true);
    expect(xlOnly.length).toBeLessThan(results.length);

    expect(json<Result[]>(await c.post('/search-tires/v2', { ...GOLF, minLoadIndex: 130 }))).toEqual([]);
    const summer = json<Result[]>(await c.post('/search-tires/v2', { ...GOLF, tireType: 'NORMAL' }));
    expect(summer.every((r) => r.suggested_tire.tire_type === 'NORMAL')).toBe(true);
  });

  it('a size shared by cars and vans is sold both ways; the van\'s own load index finds C tires', async () => {
    const c = await session('VAN-123');
    const [vanSize] = json<{ suggestedSizes: { width: number; aspectRatio: number; rimDiameter: number; loadIndex: number }[] }>(
      await c.get('/tire-sizes'),
    ).suggestedSizes;
    expect(vanSize).toBeDefined();
    const size = { width: vanSize!.width, aspectRatio: vanSize!.aspectRatio, rimDiameter: vanSize!.rimDiameter };
    const vanTires = json<Result[]>(
      await c.post('/search-tires/v2', { ...GOLF, ...size, minLoadIndex: vanSize!.loadIndex, tireType: 'WINTER_STUDLESS' }),
    );
    expect(vanTires.length).toBeGreaterThan(0);
    expect(vanTires.every((r) => r.suggested_tire.extra_markings.includes('C'))).toBe(true);
    // The Golf's size is sold as car tires too, not only as C tires.
    const golf = json<Result[]>(await c.post('/search-tires/v2', { ...GOLF, minLoadIndex: 70, tireType: 'WINTER_STUDLESS' }));
    expect(golf.some((r) => !r.suggested_tire.extra_markings.includes('C'))).toBe(true);
  });

  it.each([
    [{ ...GOLF, suppliers: [] }, 'suppliers'],
    [{ ...GOLF, minLoadIndex: 69 }, 'minLoadIndex'],
    [{ ...GOLF, tireType: 'SUMMER' }, 'tireType'],
    [{ ...GOLF, width: '205' }, 'width'],
  ])('refuses %j naming %s', async (body, field) => {
    const c = await session();
    const res = await c.post('/search-tires/v2', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe(field);
  });

  it('carries the EU tyre label of each friction and summer tire, and none for studded tires', async () => {
    const c = await session();
    for (const tireType of ['NORMAL', 'WINTER_STUDLESS'] as const) {
      const results = json<(Result & { suggested_tire: { label: unknown; stock: number } })[]>(await c.post('/search-tires/v2', { ...GOLF, tireType }));
      expect(results.length).toBeGreaterThan(0);
      for (const r of results) {
        expect(r.suggested_tire.label).toEqual({
          rollingResistance: expect.stringMatching(/^[A-E]$/),
          wetGrip: expect.stringMatching(/^[A-E]$/),
          noiseDb: expect.any(Number),
          noiseClass: expect.stringMatching(/^[A-C]$/),
        });
      }
      // The label is the catalogue's: the answer repeats the stored row.
      const first = results[0]!;
      const row = await t.db
        .selectFrom('tire')
        .select(['rolling_resistance_class', 'wet_grip_class', 'noise_db', 'noise_class', 'stock'])
        .where('product_id', '=', first.product.id)
        .executeTakeFirstOrThrow();
      expect(first.suggested_tire.label).toEqual({
        rollingResistance: row.rolling_resistance_class,
        wetGrip: row.wet_grip_class,
        noiseDb: row.noise_db,
        noiseClass: row.noise_class,
      });
      expect(first.suggested_tire.stock).toBe(row.stock);
    }
    const studded = json<(Result & { suggested_tire: { label: unknown } })[]>(await c.post('/search-tires/v2', GOLF));
    expect(studded.length).toBeGreaterThan(0);
    expect(studded.every((r) => r.suggested_tire.label === null)).toBe(true);
  });

  it('a tire set goes into the cart with its amount and price', async () => {
    const c = await session();
    await c.post('/active-organization/v2', { organizationId: 1 });
    const results = json<(Result & { suggested_tire: { stock: number } })[]>(await c.post('/search-tires/v2', GOLF));
    const first = results.find((r) => r.suggested_tire.stock >= 4);
    expect(first).toBeDefined();
    await c.post('/add-products-to-cart', { items: [{ productId: first!.product.id, provider: 'TIRE', amount: 4 }], stage: 'TIRE_SERVICES' });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.order_items).toEqual([expect.objectContaining({ amount: 4, price: first!.price * 4, stage: 'TIRE_SERVICES' })]);
    expect(json<Result[]>(await c.post('/search-tires/v2', GOLF)).find((r) => r.product.id === first!.product.id)).toMatchObject({ selected: true });
  });

  it('the amount follows the stock: more than is in stock, or a tire out of stock, is refused and nothing is added', async () => {
    const c = await session();
    await c.post('/active-organization/v2', { organizationId: 1 });
    const results = json<(Result & { suggested_tire: { stock: number } })[]>(await c.post('/search-tires/v2', GOLF));
    const tire = results.find((r) => r.suggested_tire.stock >= 1)!;
    const stock = tire.suggested_tire.stock;
    // The stock is the catalogue's: set it low for this tire.
    await t.db.updateTable('tire').set({ stock: 2 }).where('product_id', '=', tire.product.id).execute();
    try {
      const over = await c.post('/add-products-to-cart', { items: [{ productId: tire.product.id, provider: 'TIRE', amount: 3 }], stage: 'TIRE_SERVICES' });
      expect(over.statusCode).toBe(400);
      expect(json(over).fields).toEqual([expect.objectContaining({ path: 'items.0.amount', message: 'Varastossa vain 2 kpl' })]);
      expect(json(await c.get('/get-booking/v2')).order_items).toEqual([]);
      await t.db.updateTable('tire').set({ stock: 0 }).where('product_id', '=', tire.product.id).execute();
      const none = await c.post('/add-products-to-cart', { items: [{ productId: tire.product.id, provider: 'TIRE', amount: 1 }], stage: 'TIRE_SERVICES' });
      expect(none.statusCode).toBe(400);
      expect(json(none).fields[0].message).toBe('Rengasta ei ole varastossa');
      expect(json(await c.get('/get-booking/v2')).order_items).toEqual([]);
      await t.db.updateTable('tire').set({ stock: 2 }).where('product_id', '=', tire.product.id).execute();
      const ok = await c.post('/add-products-to-cart', { items: [{ productId: tire.product.id, provider: 'TIRE', amount: 2 }], stage: 'TIRE_SERVICES' });
      expect(ok.statusCode).toBe(200);
    } finally {
      await t.db.updateTable('tire').set({ stock }).where('product_id', '=', tire.product.id).execute();
    }
  });
});

describe('tire change offices and transfer', () => {
  it('tire-change-organizations/v2 lists the offices that change tires', async () => {
    const c = await session('ABC-123', 'TIRE_CHANGE');
    const orgs = json<{ id: number; name: string; post_office: string }[]>(await c.get('/tire-change-organizations/v2'));
    const expected = await t.db.selectFrom('organization').select('id').where('tire_change', '=', true).execute();
    expect(orgs.map((o) => o.id).sort()).toEqual(expected.map((o) => o.id).sort());
  });

  it('transfer-organization moves the booking and releases a held time', async () => {
    const c = await session('ABC-123', 'TIRE_CHANGE');
    expect(json(await c.post('/transfer-organization', { organizationId: 2, flag: true }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).organization.id).toBe(2);
    await c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-CHANGE' }], stage: 'TIRE_SERVICES' });
    // A working day past the seed's weeks of bookings, within the booking horizon.
    let date = addDays(todayInHelsinki(), 70);
    for (let i = 0; i < 14 && !isWorkingDay(date); i++) date = addDays(date, 1);
    const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(
      await c.post('/free-times', { start: date, end: date }),
    );
    const slot = days[0]!.calendarSlots[0]!;
    expect(json(await c.post('/reserve-time', { reservation: `${date}T${slot.startTime}|${date}T${slot.endTime}`, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    await c.post('/transfer-organization', { organizationId: 1, flag: false });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.organization.id).toBe(1);
    expect(booking.booking_total_duration).toBeNull();
    expect(booking.order_items).toHaveLength(1);
    const bad = await c.post('/transfer-organization', { organizationId: 4242, flag: false });
    expect(bad.statusCode).toBe(400);
  });

  it('tire-change/add accepts tire services and refuses maintenance products', async () => {
    const c = await session('ABC-123', 'TIRE_CHANGE');
    expect(json(await c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-HOTEL' }], stage: 'TIRE_SERVICES' }))).toEqual({ responseCode: 'SUCCESS' });
    const res = await c.post('/api/products/tire-change/add', { items: [{ productId: 'BRAKE-FLUID' }], stage: 'TIRE_SERVICES' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('items.0.productId');
    const items = json(await c.get('/get-booking/v2')).order_items;
    expect(items.map((i: { product: { id: string } }) => i.product.id)).toEqual(['TIRE-HOTEL']);
    expect(items[0].stage).toBe('TIRE_SERVICES');
  });
});

describe('search-tires/v2 cache', () => {
  const SIZE = { suppliers: [8, 1, 2, 3, 4, 5, 6, 7], width: 195, aspectRatio: 65, rimDiameter: 15, minLoadIndex: 70, tireType: 'NORMAL' };
  const search = (c: ApiClient, body: object = SIZE) => c.post('/search-tires/v2', body);

  it('answers exactly what serialising the suggestions would, selected or not', async () => {
    const rows = await searchTires(t.db, SIZE);
    expect(rows.length).toBeGreaterThan(2);
    const cached = serializeTireSearch(rows);
    const unselected = JSON.stringify(rows.map((r) => toSuggestion(r, new Set())));
    expect(cached.unselected.toString('utf8')).toBe(unselected);
    expect(tireSearchJson(cached, new Set(['TIRE-HOTEL'])).toString()).toBe(unselected);
    const inCart = new Set([rows[1]!.product_id, 'TIRE-HOTEL']);
    expect(tireSearchJson(cached, inCart)).toBe(JSON.stringify(rows.map((r) => toSuggestion(r, inCart))));
    expect(serializeTireSearch([]).unselected.toString()).toBe('[]');
  });

  it('one entry per search whatever the order or repetition of suppliers', () => {
    expect(tireSearchKey({ ...SIZE, suppliers: [3, 1, 2, 1] })).toBe(tireSearchKey({ ...SIZE, suppliers: [1, 2, 3] }));
    expect(tireSearchKey({ ...SIZE, suppliers: [1, 2] })).not.toBe(tireSearchKey({ ...SIZE, suppliers: [1, 2, 3] }));
    expect(tireSearchKey({ ...SIZE, minLoadIndex: 71 })).not.toBe(tireSearchKey(SIZE));
  });

  it('a price or stock change made by plain SQL shows on the very next search (the catalogue version changes)', async () => {
    const c = await session();
    const [first] = json<Result[]>(await search(c));
    const id = first!.product.id;
    const priceOf = async () => json<Result[]>(await search(c)).find((r) => r.product.id === id)?.price;
    const [{ stock }] = (await sql<{ stock: number }>`SELECT stock FROM tire WHERE product_id = ${id}`.execute(t.db)).rows as [{ stock: number }];
    try {
      expect(await priceOf()).toBe(first!.price); // from the cache
      await sql`UPDATE product SET price_cents = ${first!.price + 100} WHERE id = ${id}`.execute(t.db);
      expect(await priceOf()).toBe(first!.price + 100);
      await sql`UPDATE tire SET stock = 0 WHERE product_id = ${id}`.execute(t.db);
      // Out of stock: no longer offered.
      expect(json<Result[]>(await search(c)).find((r) => r.product.id === id)).toBeUndefined();
    } finally {
      await sql`UPDATE product SET price_cents = ${first!.price} WHERE id = ${id}`.execute(t.db);
      await sql`UPDATE tire SET stock = ${stock} WHERE product_id = ${id}`.execute(t.db);
    }
  });

  it('without versions an answer is reused for the TTL only', async () => {
    const [first] = await searchTires(t.db, SIZE);
    const c = await session();
    const sessionRow = (await findLiveProcess(t.db, c.token!))!;
    const priceOf = async () =>
      JSON.parse((await tireSearchAnswer(t.db, sessionRow, SIZE)).toString()).find((r: Result) => r.product.id === first!.product_id)?.price;
    const setPrice = (cents: number) => t.db.updateTable('product').set({ price_cents: cents }).where('id', '=', first!.product_id).execute();
    tireSearchCacheOf(t.db).clear();
    try {
      expect(await priceOf()).toBe(first!.price_cents);
      await setPrice(first!.price_cents + 200);
      const start = Date.now();
      const clock = vi.spyOn(Date, 'now');
      clock.mockReturnValue(start + TIRE_SEARCH_TTL_MS - 1000);
      expect(await priceOf()).toBe(first!.price_cents); // still within the TTL
      clock.mockReturnValue(start + TIRE_SEARCH_TTL_MS + 1000);
      expect(await priceOf()).toBe(first!.price_cents + 200);
    } finally {
      vi.restoreAllMocks();
      await setPrice(first!.price_cents);
      tireSearchCacheOf(t.db).clear();
    }
  });

  it('selected is per session even when the answer comes from the cache', async () => {
    const a = await session();
    const b = await session();
    const before = json<Result[]>(await search(a));
    const chosen = before[2]!.product.id;
    // A change made behind the catalogue version's back (its trigger off) proves that the
    // answers below are the cached ones.
    await sql`ALTER TABLE product DISABLE TRIGGER product_catalogue`.execute(t.db);
    await t.db.updateTable('product').set({ description: 'changed' }).where('id', '=', chosen).execute();
    await sql`ALTER TABLE product ENABLE TRIGGER product_catalogue`.execute(t.db);
    try {
      await a.post('/add-products-to-cart', { items: [{ productId: chosen, provider: 'TIRE', amount: 4 }], stage: 'TIRE_SERVICES' });
      const forA = json<(Result & { selected: boolean; description: string })[]>(await search(a));
      const forB = json<(Result & { selected: boolean; description: string })[]>(await search(b, { ...SIZE, suppliers: [...SIZE.suppliers].reverse() }));
      expect(forA.find((r) => r.product.id === chosen)!.description).not.toBe('changed');
      expect(forA.filter((r) => r.selected).map((r) => r.product.id)).toEqual([chosen]);
      expect(forB.every((r) => !r.selected)).toBe(true);
      expect(forB).toEqual(forA.map((r) => ({ ...r, selected: false })));
    } finally {
      tireSearchCacheOf(t.db).clear();
    }
  });

  it('the answer is JSON with the usual headers', async () => {
    const res = await search(await session());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('TtlLruCache', () => {
  const make = (maxEntries = 3, ttlMs = 1000) => {
    let now = 0;
    const cache = new TtlLruCache<string>({ maxEntries, ttlMs, now: () => now });
    return { cache, tick: (ms: number) => (now += ms) };
  };

  it('keeps a value for ttlMs after loading it, then loads again', async () => {
    const { cache, tick } = make();
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    tick(999);
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    tick(1);
    expect(await cache.getOrLoad('k', load)).toBe('v2');
    cache.clear();
    expect(await cache.getOrLoad('k', load)).toBe('v3');
  });

  it('drops the least recently used entry beyond maxEntries', async () => {
    const { cache } = make(2);
    const loads: string[] = [];
    const load = (k: string) => () => (loads.push(k), Promise.resolve(k));
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    await cache.getOrLoad('a', load('a')); // a is now the most recent
    await cache.getOrLoad('c', load('c')); // drops b
    expect(cache.size).toBe(2);
    await cache.getOrLoad('a', load('a'));
    await cache.getOrLoad('b', load('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares a pending load and does not keep a failed one', async () => {
    const { cache } = make();
    let loads = 0;
    let fail = true;
    const load = () => {
      loads++;
      return new Promise<string>((resolve, reject) => setImmediate(() => (fail ? reject(new Error('db down')) : resolve('ok'))));
    };
    const both = [cache.getOrLoad('k', load), cache.getOrLoad('k', load)];
    await expect(Promise.all(both)).rejects.toThrow('db down');
    expect(loads).toBe(1);
    fail = false;
    expect(await cache.getOrLoad('k', load)).toBe('ok');
    expect(loads).toBe(2);
  });
});
