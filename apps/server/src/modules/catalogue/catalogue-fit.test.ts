import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, json, type TestApp } from '#test/helpers.ts';

/**
 * The catalogue offers what makes sense for the car and the cart: services of the car's
 * vehicle class only, nothing under a package that the package already does, and no oil
 * change beside a package that includes one. The cart refuses what the lists leave out.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Suggestion = {
  product: { id: string; provider: string };
  description: string;
  includes?: string[];
  included_in?: { id: string };
  additional_products: Suggestion[];
};
type Group = { id: string; suggestions: Suggestion[] };

async function maintenance(registerNumber: string, kilometers = 60000) {
  const c = new ApiClient(t.app);
  await c.init();
  expect(json(await c.post('/search-vehicle', { registerNumber, kilometers })).responseCode).toBe('SUCCESS');
  await c.post('/active-organization/v2', { organizationId: 1 });
  return c;
}

async function offeredIds(c: ApiClient) {
  const groups = [
    ...json<Group[]>(await c.get('/services/v2')),
    ...json<Group[]>(await c.get('/additional-services/v2')),
    ...json<Group[]>(await c.get('/extra-services/v2', { stage: 'FIXED_CAMPAIGN_SERVICES' })),
  ];
  // A product a chosen one includes is listed with `included_in` (the page says why), not offered.
  return groups.flatMap((g) => g.suggestions.filter((s) => !s.included_in).map((s) => s.product.id));
}

const add = (c: ApiClient, productId: string, stage = 'DEFAULT') =>
  c.post('/add-products-to-cart', { items: [{ productId, amount: 1 }], stage });

async function cartIds(c: ApiClient) {
  return json<{ order_items: { product: { id: string } }[] }>(await c.get('/get-booking/v2')).order_items.map((i) => i.product.id);
}

describe('vehicle class', () => {
  it('a Golf is offered the oil changes of passenger cars, not the van oil change, and cannot add it', async () => {
    const golf = await maintenance('ABC-123');
    const offered = await offeredIds(golf);
    expect(offered).toContain('OIL-CHANGE');
    expect(offered).not.toContain('OIL-CHANGE-VAN');
    const refused = await add(golf, 'OIL-CHANGE-VAN');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields[0].path).toBe('items.0.productId');
    expect(await cartIds(golf)).toEqual([]);
  });

  it('a van (VW Transporter) is offered the van oil change instead of the passenger-car ones', async () => {
    const van = await maintenance('VAN-123');
    const offered = await offeredIds(van);
    expect(offered).toContain('OIL-CHANGE-VAN');
    expect(offered).not.toContain('OIL-CHANGE');
    expect(offered).not.toContain('OIL-CHANGE-LONGLIFE');
    expect((await add(van, 'OIL-CHANGE')).statusCode).toBe(400);
    expect(json(await add(van, 'OIL-CHANGE-VAN')).responseCode).toBe('SUCCESS');
  });
});

describe('a package and what it includes', () => {
  it('the package says what it includes, and nothing offered under it repeats its own contents', async () => {
    const c = await maintenance('ABC-123', 60000);
    const [pkg] = json<Group[]>(await c.get('/services/v2')).find((g) => g.id === 'maintenance')!.suggestions;
    expect(pkg!.product.id).toBe('VW-MAINT-60000');
    // The mileage is kept whole with no-break spaces: it never breaks across lines in the cart.
    expect(pkg!.description).toBe('Määräaikaishuolto 60\u00a0000\u00a0km');
    expect(pkg!.includes).toEqual(expect.arrayContaining(['OIL-CHANGE', 'CABIN-FILTER']));
    const under = pkg!.additional_products.map((a) => a.product.id);
    expect(under.length).toBeGreaterThan(0);
    for (const id of under) expect(pkg!.includes).not.toContain(id);

    // At 90 000 km the package changes the brake fluid instead: that is no longer offered under it.
    const later = await maintenance('ABC-123', 90000);
    const [pkg90] = json<Group[]>(await later.get('/services/v2')).find((g) => g.id === 'maintenance')!.suggestions;
    expect(pkg90!.product.id).toBe('VW-MAINT-90000');
    expect(pkg90!.additional_products.map((a) => a.product.id)).not.toContain('BRAKE-FLUID');
    expect(pkg90!.additional_products.map((a) => a.product.id)).toContain('CABIN-FILTER');
  });

  it('with the package in the cart no oil change (nor the cabin filter it changes) is offered, and adding one is refused', async () => {
    const c = await maintenance('ABC-123');
    expect(json(await add(c, 'VW-MAINT-60000')).responseCode).toBe('SUCCESS');
    const offered = await offeredIds(c);
    expect(offered).toContain('VW-MAINT-60000');
    expect(offered.filter((id) => id.startsWith('OIL-CHANGE'))).toEqual([]);
    expect(offered).not.toContain('CABIN-FILTER');
    expect(offered).toContain('BRAKE-PADS-FRONT');

    const refused = await add(c, 'OIL-CHANGE');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields[0].message).toBe('Sisältyy jo valittuun palveluun: Määräaikaishuolto 60\u00a0000\u00a0km');
    expect(await cartIds(c)).toEqual(['VW-MAINT-60000']);

    // Removing the package offers the oil change again.
    await c.post('/remove-products-from-cart', { items: [{ productId: 'VW-MAINT-60000' }], stage: 'DEFAULT' });
    expect(await offeredIds(c)).toContain('OIL-CHANGE');
  });

  it('with the package in the cart, what is offered under it is not listed again in its own group, and can still be added', async () => {
    const c = await maintenance('ABC-123');
    const brakesBefore = json<Group[]>(await c.get('/additional-services/v2', { categoryId: 'brakes' }))[0]!;
    expect(brakesBefore.suggestions.map((s) => s.product.id)).toContain('BRAKE-FLUID');
    expect(json(await add(c, 'VW-MAINT-60000')).responseCode).toBe('SUCCESS');

    const [pkg] = json<Group[]>(await c.get('/services/v2')).find((g) => g.id === 'maintenance')!.suggestions;
    const under = pkg!.additional_products.map((a) => a.product.id);
    expect(under).toEqual(['BRAKE-FLUID', 'WASH-EXTERIOR']);
    const listed = (await offeredIds(c)).filter((id) => id !== 'VW-MAINT-60000');
    for (const id of under) expect(listed).not.toContain(id);
    expect(listed).toContain('BRAKE-PADS-FRONT');

    expect(json(await add(c, 'BRAKE-FLUID')).responseCode).toBe('SUCCESS');
    expect((await cartIds(c)).sort()).toEqual(['BRAKE-FLUID', 'VW-MAINT-60000']);
    // Without the package the brake fluid is back in its group, still chosen.
    await c.post('/remove-products-from-cart', { items: [{ productId: 'VW-MAINT-60000' }], stage: 'DEFAULT' });
    const brakes = json<Group[]>(await c.get('/additional-services/v2', { categoryId: 'brakes' }))[0]!;
    expect(brakes.suggestions.map((s) => s.product.id)).toContain('BRAKE-FLUID');
  });

  it('adding the package takes an oil change chosen before it out of the cart', async () => {
    const c = await maintenance('ABC-123');
    expect(json(await add(c, 'OIL-CHANGE')).responseCode).toBe('SUCCESS');
    expect(json(await add(c, 'BATTERY-TEST')).responseCode).toBe('SUCCESS');
    expect(json(await add(c, 'VW-MAINT-60000')).responseCode).toBe('SUCCESS');
    expect((await cartIds(c)).sort()).toEqual(['BATTERY-TEST', 'VW-MAINT-60000']);
  });

  it('tire change: the bundle includes the tire change and the hotel, and replaces them in the cart', async () => {
    const c = new ApiClient(t.app);
    await c.init('TIRE_CHANGE');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
    await c.post('/active-organization/v2', { organizationId: 1 });
    const groups = json<Group[]>(await c.get('/extra-services/v2', { stage: 'TIRE_SERVICES' }));
    const bundle = groups.flatMap((g) => g.suggestions).find((s) => s.product.id === 'TIRE-HOTEL-CHANGE')!;
    expect(bundle.includes).toEqual(['TIRE-CHANGE', 'TIRE-HOTEL']);
    const tireAdd = (productId: string) =>
      c.post('/api/products/tire-change/add', { items: [{ productId, amount: 1 }], stage: 'TIRE_SERVICES' });
    expect((await tireAdd('TIRE-CHANGE')).statusCode).toBe(200);
    expect((await tireAdd('TIRE-HOTEL-CHANGE')).statusCode).toBe(200);
    expect(await cartIds(c)).toEqual(['TIRE-HOTEL-CHANGE']);
  });
});
