import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ApiClient, createTestApp, json, type TestApp } from '../../../test/helpers.ts';

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

  it('a tire set goes into the cart with its amount and price', async () => {
    const c = await session();
    await c.post('/active-organization/v2', { organizationId: 1 });
    const [first] = json<Result[]>(await c.post('/search-tires/v2', GOLF));
    await c.post('/add-products-to-cart', { items: [{ productId: first!.product.id, provider: 'TIRE', amount: 4 }], stage: 'TIRE_SERVICES' });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.order_items).toEqual([expect.objectContaining({ amount: 4, price: first!.price * 4, stage: 'TIRE_SERVICES' })]);
    expect(json<Result[]>(await c.post('/search-tires/v2', GOLF))[0]).toMatchObject({ selected: true });
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
    const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(
      await c.post('/free-times', { start: '2030-01-07', end: '2030-01-07' }),
    );
    const slot = days[0]!.calendarSlots[0]!;
    expect(json(await c.post('/reserve-time', { reservation: `2030-01-07T${slot.startTime}|2030-01-07T${slot.endTime}`, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
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
