import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  CART_LINES_PER_STAGE,
  INSURANCE_CAMPAIGN_PARAMETER,
  MAX_CART_MINUTES,
  MAX_TIRES_PER_CART,
  TIRE_PARAMETERS,
  TIRE_TYPE_LABELS,
  WINDSHIELD_PRODUCTS,
  addDays,
  isWorkingDay,
  repairParameters,
  replacementParameters,
  todayInHelsinki,
  type Booking,
  type TireType,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Group = {
  id: string;
  calculator_id: string | null;
  suggestions: { product: { id: string }; duration_minutes: number; additional_products: { product: { id: string } }[]; included_in?: unknown; includes?: string[] }[];
};
type Tire = { product: { id: string }; suggested_tire: { size_info: string; tire_type: TireType } };

const GOLF_TIRES = { suppliers: [1, 2, 3, 4, 5, 6, 7, 8], width: 205, aspectRatio: 55, rimDiameter: 16, minLoadIndex: 70, tireType: 'WINTER_STUDLESS' };

const booking = async (c: ApiClient) => json<Booking>(await c.get('/get-booking/v2'));
const add = (c: ApiClient, items: unknown[], stage = 'DEFAULT') => c.post('/add-products-to-cart', { items, stage });
const paths = (res: { json(): unknown }) => (res.json() as { fields: { path: string }[] }).fields.map((f) => f.path);

/** Every row a session owns, as stored: a refused call must leave each of them as it was. */
async function rowsOf(c: ApiClient) {
  const token = c.token!;
  const session = await t.db.selectFrom('process').selectAll().where('token', '=', token).executeTakeFirstOrThrow();
  const times = await t.db.selectFrom('resource_time').selectAll().where('process_token', '=', token).orderBy('id').execute();
  const bookings = await t.db.selectFrom('booking').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const outbox = await t.db.selectFrom('email_outbox').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return JSON.stringify({ process: session, times, bookings, outbox });
}

/** Runs a call that must be refused with 400 naming the fields, and checks that no row changed. */
async function refused(c: ApiClient, call: () => Promise<{ statusCode: number; body: string } & Parameters<typeof json>[0]>, expected: (string | RegExp)[]) {
  const before = await rowsOf(c);
  const res = await call();
  expect(res.statusCode, res.body).toBe(400);
  const named = paths(res);
  expect(named).toHaveLength(expected.length);
  expected.forEach((p, i) => (typeof p === 'string' ? expect(named[i]).toBe(p) : expect(named[i]).toMatch(p)));
  expect(await rowsOf(c)).toBe(before);
  return res;
}

/**
 * The DEFAULT-stage products a maintenance session is offered on palvelut and lisapalvelut
 * (not those listed as included in a chosen one, which cannot be added).
 */
async function offeredDefault(c: ApiClient) {
  const lists = [await c.get('/services/v2'), await c.get('/additional-services/v2'), await c.get('/extra-services/v2', { stage: 'DEFAULT' })];
  const suggestions = lists.flatMap((r) => json<Group[]>(r)).flatMap((g) => g.suggestions);
  return [...new Set(suggestions.filter((s) => !s.included_in).map((s) => s.product.id))];
}

/** Of the DEFAULT-stage products offered, those no other of them includes: a cart holds all of them (never work twice). */
async function separateDefault(c: ApiClient) {
  const lists = [await c.get('/services/v2'), await c.get('/additional-services/v2'), await c.get('/extra-services/v2', { stage: 'DEFAULT' })];
  const included = new Set(lists.flatMap((r) => json<Group[]>(r)).flatMap((g) => g.suggestions.flatMap((s) => s.includes ?? [])));
  return (await offeredDefault(c)).filter((id) => !included.has(id));
}

async function tiresFor(c: ApiClient) {
  return json<Tire[]>(await c.post('/search-tires/v2', GOLF_TIRES));
}
const tireItem = (tire: Tire, amount: number) => ({
  productId: tire.product.id,
  amount,
  parameters: { [TIRE_PARAMETERS.size]: tire.suggested_tire.size_info.split(' ')[0]!, [TIRE_PARAMETERS.type]: TIRE_TYPE_LABELS[tire.suggested_tire.tire_type] },
});

/** Sets the minutes of work of products for the length of a test, so that a line cap can be reached. */
async function withDurations<T>(ids: string[], minutes: number, run: () => Promise<T>) {
  const before = await t.db.selectFrom('product').select(['id', 'duration_minutes']).where('id', 'in', ids).execute();
  await t.db.updateTable('product').set({ duration_minutes: minutes }).where('id', 'in', ids).execute();
  try {
    return await run();
  } finally {
    for (const p of before) await t.db.updateTable('product').set({ duration_minutes: p.duration_minutes }).where('id', '=', p.id).execute();
  }
}

const nextWorkingDay = () => {
  let d = addDays(todayInHelsinki(), 1);
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
};

describe('lines of a cart', () => {
  it(`a stage holds ${CART_LINES_PER_STAGE.DEFAULT} lines: the next one, and a request of 50, are refused and change nothing`, async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const ids = await offeredDefault(c);
    expect(ids.length).toBeGreaterThan(CART_LINES_PER_STAGE.DEFAULT);
    await withDurations(ids, 0, async () => {
      // The cart of prepareMaintenance holds one line; fill the rest of the stage.
      const inCart = new Set((await booking(c)).order_items.map((i) => i.product.id));
      const rest = ids.filter((id) => !inCart.has(id));
      const fill = rest.slice(0, CART_LINES_PER_STAGE.DEFAULT - inCart.size);
      expect(json(await add(c, fill.map((productId) => ({ productId }))))).toEqual({ responseCode: 'SUCCESS' });
      expect((await booking(c)).order_items).toHaveLength(CART_LINES_PER_STAGE.DEFAULT);
      const next = rest[fill.length]!;
      await refused(c, () => add(c, [{ productId: next }]), ['items']);
      // 50 lines at once (the most a request carries) are refused too.
      await refused(c, () => add(c, ids.slice(0, 50).map((productId) => ({ productId }))), ['items']);
      // Replacing a line keeps the count and is allowed; removing one makes room again.
      expect(json(await add(c, [{ productId: fill[0]! }]))).toEqual({ responseCode: 'SUCCESS' });
      await c.post('/remove-products-from-cart', { items: [{ productId: fill[0]! }], stage: 'DEFAULT' });
      expect(json(await add(c, [{ productId: next }]))).toEqual({ responseCode: 'SUCCESS' });
      expect((await booking(c)).order_items).toHaveLength(CART_LINES_PER_STAGE.DEFAULT);
    });
  });

  it('a service is done once: amount 2 is refused, and 50 products × 999 answer 400, not 500', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const ids = await offeredDefault(c);
    await refused(c, () => add(c, [{ productId: ids[1], amount: 2 }]), ['items.0.amount']);
    const res = await refused(
      c,
      () => add(c, Array.from({ length: 50 }, (_, i) => ({ productId: ids[i % ids.length], amount: 999 }))),
      Array.from({ length: 50 }, (_, i) => (i < ids.length ? 'items.' + i + '.amount' : 'items.' + i + '.productId')),
    );
    expect(res.statusCode).toBe(400);
  });

  it('the same product twice in one request is refused', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const [, id] = await offeredDefault(c);
    await refused(c, () => add(c, [{ productId: id }, { productId: id }]), ['items.1.productId']);
  });
});

describe('products a process is offered', () => {
  it('no tire in the services of a maintenance cart; tires only in its tire stage', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const [tire] = await tiresFor(c);
    await refused(c, () => add(c, [tireItem(tire!, 4)], 'DEFAULT'), ['items.0.productId']);
    await refused(c, () => add(c, [tireItem(tire!, 4)], 'FIXED_CAMPAIGN_SERVICES'), ['items.0.productId']);
    expect(json(await add(c, [tireItem(tire!, 4)], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
    // A tire-change service is not on the maintenance pages.
    await refused(c, () => add(c, [{ productId: 'TIRE-CHANGE' }], 'TIRE_SERVICES'), ['items.0.productId']);
    await refused(c, () => c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-CHANGE' }], stage: 'TIRE_SERVICES' }), [
      'items.0.productId',
    ]);
  });

  it('tire sales take tires, tire change its tire services and tires, and nothing of another process', async () => {
    const sales = new ApiClient(t.app);
    await sales.init('TIRE_SALES');
    await sales.post('/search-vehicle', { registerNumber: 'ABC-123' });
    const [tire] = await tiresFor(sales);
    await refused(sales, () => add(sales, [{ productId: 'OIL-CHANGE' }], 'DEFAULT'), ['items.0.productId']);
    await refused(sales, () => add(sales, [{ productId: 'TIRE-HOTEL' }], 'TIRE_SERVICES'), ['items.0.productId']);
    await refused(sales, () => add(sales, [tireItem(tire!, 4)], 'DEFAULT'), ['items.0.productId']);
    expect(json(await add(sales, [tireItem(tire!, 4)], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });

    const change = new ApiClient(t.app);
    await change.init('TIRE_CHANGE');
    await change.post('/search-vehicle', { registerNumber: 'ABC-123' });
    await change.post('/transfer-organization', { organizationId: 1 });
    const tireAdd = (items: unknown[]) => change.post('/api/products/tire-change/add', { items, stage: 'TIRE_SERVICES' });
    expect(json(await tireAdd([{ productId: 'TIRE-HOTEL' }, tireItem(tire!, 4)]))).toEqual({ responseCode: 'SUCCESS' });
    await refused(change, () => tireAdd([{ productId: 'OIL-CHANGE' }]), ['items.0.productId']);
    await refused(change, () => add(change, [{ productId: 'WINTER-PACKAGE' }], 'FIXED_CAMPAIGN_SERVICES'), ['items.0.productId']);
    await refused(change, () => tireAdd([{ productId: WINDSHIELD_PRODUCTS.change }]), ['items.0.productId']);
  });

  it("no package of another make or another mileage than the car's", async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c); // a Volkswagen at 60,000 km
    const offered = await offeredDefault(c);
    expect(offered).toContain('VW-MAINT-60000');
    await refused(c, () => add(c, [{ productId: 'TOYOTA-MAINT-60000' }]), ['items.0.productId']);
    await refused(c, () => add(c, [{ productId: 'VW-MAINT-120000' }]), ['items.0.productId']);
    await refused(c, () => add(c, [{ productId: 'MAINT-60000' }]), ['items.0.productId']);
    expect(json(await add(c, [{ productId: 'VW-MAINT-60000', calculatorId: 'MAINTENANCE_BY_MILEAGE' }]))).toEqual({ responseCode: 'SUCCESS' });
  });

  it(`at most ${MAX_TIRES_PER_CART} tires in a cart, on one line or several`, async () => {
    const c = new ApiClient(t.app);
    await c.init('TIRE_SALES');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
    const [a, b, third] = await tiresFor(c);
    await refused(c, () => add(c, [tireItem(a!, MAX_TIRES_PER_CART + 1)], 'TIRE_SERVICES'), ['items.0.amount']);
    expect(json(await add(c, [tireItem(a!, 4), tireItem(b!, 4)], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
    await refused(c, () => add(c, [tireItem(third!, 1)], 'TIRE_SERVICES'), ['items']);
    // Replacing a set with another of the same size stays within the limit.
    expect(json(await add(c, [tireItem(a!, 2)], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await add(c, [tireItem(third!, 2)], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
  });
});

describe('parameters of a line', () => {
  it('only the keys the product defines, with values it allows', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const [, id] = await offeredDefault(c);
    await refused(c, () => add(c, [{ productId: id, parameters: { Huom: 'Maksa osoitteessa https://evil.example/pay' } }]), ['items.0.parameters']);
    const many = Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`k${i}`, 'x']));
    await refused(c, () => add(c, [{ productId: id, parameters: many }]), ['items.0.parameters']);
    await refused(c, () => add(c, [{ productId: id, parameters: { k: 'x'.repeat(101) } }]), [/^items\.0\.parameters/]);
    await refused(c, () => add(c, [{ productId: id, parameters: { ['k'.repeat(41)]: 'x' } }]), [/^items\.0\.parameters/]);
    await refused(c, () => add(c, [{ productId: id, calculatorId: 'SOMETHING' }]), ['items.0.calculatorId']);

    const [tire] = await tiresFor(c);
    const good = tireItem(tire!, 4);
    await refused(c, () => add(c, [{ ...good, parameters: { ...good.parameters, [TIRE_PARAMETERS.size]: '195/65R15' } }], 'TIRE_SERVICES'), [
      'items.0.parameters',
    ]);
    await refused(c, () => add(c, [{ ...good, parameters: { ...good.parameters, Lisätieto: 'x' } }], 'TIRE_SERVICES'), ['items.0.parameters']);
    expect(json(await add(c, [good], 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
  });

  it("a windshield line takes its form's answers and its CHOICE values only", async () => {
    const c = new ApiClient(t.app);
    await c.init('WINDSHIELD');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
    await c.post('/active-organization/v2', { organizationId: 1 });
    const repair = {
      ...repairParameters({ amount: 2, hasInsurance: true, insuranceCompany: 'Fennia', contactMethod: 'PHONE' }),
      [INSURANCE_CAMPAIGN_PARAMETER]: 'true',
    };
    const item = (parameters: Record<string, string>, amount = 2) => ({ productId: WINDSHIELD_PRODUCTS.insuranceRepair, amount, parameters });
    await refused(c, () => add(c, [item({ ...repair, Vakuutusyhtiö: 'Huijari Oy' })]), ['items.0.parameters']);
    await refused(c, () => add(c, [item({ ...repair, 'Korjattavia kohtia': '5' })]), ['items.0.parameters']);
    await refused(c, () => add(c, [item({ ...repair, Linkki: 'https://evil.example/pay' })]), ['items.0.parameters']);
    expect(json(await add(c, [item(repair)]))).toEqual({ responseCode: 'SUCCESS' });
    const replacement = replacementParameters({
      hasInsurance: true,
      insuranceCompany: 'Fennia',
      claimCode: 'VA-1',
      noClaimCode: false,
      deductibleAmount: 150,
      unknownDeductibleAmount: false,
      rainDetector: 'YES',
      cameraSystem: 'NO',
      contactMethod: 'EMAIL',
    });
    const change = (parameters: Record<string, string>) => ({ productId: WINDSHIELD_PRODUCTS.change, amount: 1, parameters });
    await refused(c, () => add(c, [change({ ...replacement, Vahinkonumero: 'x'.repeat(41) })]), ['items.0.parameters']);
    await refused(c, () => add(c, [change({ ...replacement, 'Omavastuu (€)': '99999' })]), ['items.0.parameters']);
    expect(json(await add(c, [change(replacement)]))).toEqual({ responseCode: 'SUCCESS' });
    // The booking type is a choice of two.
    await refused(c, () => c.post('/product-parameter', { parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'MAYBE' }), ['selectedValue']);
  });
});

describe('minutes of work and the total', () => {
  it(`a lead-only office takes at most ${MAX_CART_MINUTES} minutes of work, not 7,590`, async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 10 });
    expect((await booking(c)).lead_mode).toBe(true);
    const ids = await offeredDefault(c);
    const inCart = new Set((await booking(c)).order_items.map((i) => i.product.id));
    const twenty = ids.filter((id) => !inCart.has(id)).slice(0, CART_LINES_PER_STAGE.DEFAULT - inCart.size);
    const res = await refused(c, () => add(c, twenty.map((productId) => ({ productId }))), ['items']);
    expect(json(res).fields[0].message).toContain('9,5 tuntia');
    // One at a time, the line that passes the day is refused and the cart stays within it.
    for (const productId of ids) {
      const r = await add(c, [{ productId }]);
      expect([200, 400]).toContain(r.statusCode);
      if (r.statusCode === 400) expect(paths(r)).toEqual(['items']);
    }
    const b = await booking(c);
    expect(b.total_duration_minutes).toBeLessThanOrEqual(MAX_CART_MINUTES);
    expect(b.total_duration_minutes).toBeGreaterThan(MAX_CART_MINUTES - 240);
  });

  it('save-booking refuses, with 400 and no row written, a cart past the limits kept from before them', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 10 });
    expect(json(await c.post('/customer/v2', CUSTOMER))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.post('/lead', { leadDate: nextWorkingDay() }))).toEqual({ responseCode: 'SUCCESS' });
    const line = (productId: string, amount: number) => ({ productId, provider: 'LAAKKONEN', amount, stage: 'DEFAULT', calculatorId: null });
    // 50 towbars × 999: 3.5 billion cents, past the integer total column.
    await t.db
      .updateTable('process')
      .set({ cart: JSON.stringify(Array.from({ length: 50 }, () => line('TOWBAR', 999))) })
      .where('token', '=', c.token!)
      .execute();
    expect((await booking(c)).price.active_price).toBeGreaterThan(2 ** 31);
    await refused(c, () => c.post('/save-booking'), ['cart']);
    // 40 half-hour services: 20 hours of work at a lead-only office.
    await t.db
      .updateTable('process')
      .set({ cart: JSON.stringify(Array.from({ length: 40 }, () => line('WASH-EXTERIOR', 1))) })
      .where('token', '=', c.token!)
      .execute();
    await refused(c, () => c.post('/save-booking'), ['cart']);
    // Within the limits the lead is saved.
    await t.db.updateTable('process').set({ cart: JSON.stringify([line('WASH-EXTERIOR', 1)]) }).where('token', '=', c.token!).execute();
    expect(json(await c.post('/save-booking')).responseCode).toBe('SUCCESS');
  });
});

describe('the size of a booking', () => {
  /** Three bytes in UTF-8 and a letter, so notes and symptoms keep it. */
  const WIDE = '漢';
  const wide = (n: number) => WIDE.repeat(n);

  async function timed(c: ApiClient) {
    const times: number[] = [];
    let body = '';
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await c.get('/get-booking/v2');
      times.push(performance.now() - started);
      expect(res.statusCode).toBe(200);
      body = res.body;
    }
    times.sort((a, b) => a - b);
    return { bytes: Buffer.byteLength(body), median: times[2]! };
  }

  async function fillTheRest(c: ApiClient) {
    expect(json(await c.post('/customer/v2', {
      ...CUSTOMER,
      first_name: wide(100),
      last_name: wide(100),
      address: wide(200),
      post_office: wide(100),
      email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.fi`,
    }))).toEqual({ responseCode: 'SUCCESS' });
    expect((await c.post('/save-notes', { value: wide(2000) })).statusCode).toBe(200);
    expect((await c.post('/symptoms', Array.from({ length: 10 }, () => ({ description: wide(1000) })))).statusCode).toBe(200);
    for (const parameterCode of ['VEHICLE_LEFT_FOR_DAY', 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', 'CONTACT_REQUEST']) {
      expect((await c.post('/product-parameter', { parameterCode, selectedValue: wide(100) })).statusCode).toBe(200);
    }
    expect((await c.post('/product-parameter', { parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' })).statusCode).toBe(200);
    const extras = json<{ id: string }[]>(await c.get('/extra-order-items')).map((i) => i.id);
    expect((await c.post('/extra-order-items', { ids: extras })).statusCode).toBe(200);
  }

  it('a maintenance cart at every cap answers get-booking/v2 in at most 64 KB, fast', async () => {
    // Enough campaign products to fill their stage, in the catalogue of this test's database.
    const campaign = Array.from({ length: CART_LINES_PER_STAGE.FIXED_CAMPAIGN_SERVICES }, (_, i) => ({
      id: `CAP-CAMPAIGN-${i}`,
      group_id: 'winter-campaign',
      description: `Kampanjatuote ${i} ${'pitkä kuvaus '.repeat(10)}`,
      price_cents: 9990,
      normal_price_cents: 12990,
      duration_minutes: 0,
      make_id: null,
      min_km: null,
      max_km: null,
      service_code: null,
      info_html: null,
    }));
    await t.db.insertInto('product').values(campaign).execute();
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    expect((await c.post('/set-vehicle', { make: wide(60), regNbr: 'CAP-1', model: wide(80), classification: { id: 1 } })).statusCode).toBe(200);
    await c.post('/set-vehicle-kilometers', { kilometers: 60000 });
    await c.post('/active-organization/v2', { organizationId: 1 });
    const ids = await separateDefault(c);
    expect(ids.length).toBeGreaterThan(CART_LINES_PER_STAGE.DEFAULT);
    const campaignIds = json<Group[]>(await c.get('/extra-services/v2', { stage: 'FIXED_CAMPAIGN_SERVICES' })).flatMap((g) =>
      g.suggestions.map((s) => s.product.id),
    );
    const tires = await tiresFor(c);
    await withDurations([...ids, ...campaignIds], 0, async () => {
      expect(json(await add(c, ids.slice(0, CART_LINES_PER_STAGE.DEFAULT).map((productId) => ({ productId }))))).toEqual({ responseCode: 'SUCCESS' });
      const fixed = campaignIds.slice(0, CART_LINES_PER_STAGE.FIXED_CAMPAIGN_SERVICES).map((productId) => ({ productId }));
      expect(json(await add(c, fixed, 'FIXED_CAMPAIGN_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
      const tireLines = tires.slice(0, MAX_TIRES_PER_CART).map((tire) => tireItem(tire, 1));
      expect(json(await add(c, tireLines, 'TIRE_SERVICES'))).toEqual({ responseCode: 'SUCCESS' });
      // Every cap is reached: one more of anything is refused.
      await refused(c, () => add(c, [{ productId: ids[CART_LINES_PER_STAGE.DEFAULT]! }]), ['items']);
      await refused(c, () => add(c, [tireItem(tires[MAX_TIRES_PER_CART]!, 1)], 'TIRE_SERVICES'), ['items']);
      await fillTheRest(c);
      const b = await booking(c);
      expect(b.order_items).toHaveLength(CART_LINES_PER_STAGE.DEFAULT + CART_LINES_PER_STAGE.FIXED_CAMPAIGN_SERVICES + MAX_TIRES_PER_CART);
      expect(b.symptoms).toHaveLength(10);
      const { bytes, median } = await timed(c);
      expect(bytes).toBeGreaterThan(40_000);
      expect(bytes).toBeLessThanOrEqual(64 * 1024);
      expect(median).toBeLessThan(250);
    });
  });

  it('a windshield cart at its caps answers get-booking/v2 in at most 64 KB', async () => {
    const c = new ApiClient(t.app);
    await c.init('WINDSHIELD');
    expect((await c.post('/set-vehicle', { make: wide(60), regNbr: 'CAP-2', model: wide(80), classification: { id: 1 } })).statusCode).toBe(200);
    await c.post('/active-organization/v2', { organizationId: 1 });
    const replacement = replacementParameters({
      hasInsurance: true,
      insuranceCompany: 'Ålands Ömsesidiga',
      claimCode: wide(40),
      noClaimCode: false,
      deductibleAmount: 10_000,
      unknownDeductibleAmount: false,
      rainDetector: 'DONT_KNOW',
      cameraSystem: 'DONT_KNOW',
      contactMethod: 'EMAIL',
    });
    const repair = (id: string) => ({
      productId: id,
      amount: 5,
      parameters: {
        ...repairParameters({ amount: 5, hasInsurance: true, insuranceCompany: 'Ålands Ömsesidiga', contactMethod: 'EMAIL' }),
        [INSURANCE_CAMPAIGN_PARAMETER]: 'false',
      },
    });
    const items = [{ productId: WINDSHIELD_PRODUCTS.change, amount: 1, parameters: replacement }, repair(WINDSHIELD_PRODUCTS.repair), repair(WINDSHIELD_PRODUCTS.insuranceRepair)];
    expect(json(await add(c, items))).toEqual({ responseCode: 'SUCCESS' });
    await fillTheRest(c);
    const { bytes, median } = await timed(c);
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(median).toBeLessThan(250);
  });
});
