import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { addDays, isWorkingDay, todayInHelsinki } from '@huolto/domain';

/**
 * The cart never holds work twice, and the parts of a bundle cost what the bundle costs
 * (docs/decisions/018-bundles-in-the-cart.md): the tire change and the tire hotel become
 * "Renkaanvaihto ja rengashotelli", a van's tire change never sits beside a bundle that
 * includes a change, whatever the client sends; an option that a chosen one includes is
 * still listed, saying why it cannot be chosen.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Suggestion = { product: { id: string }; description: string; price: number; included_in?: { id: string; description: string } };
type Group = { id: string; suggestions: Suggestion[] };
type Booking = { order_items: { product: { id: string }; price: number }[]; price: { active_price: number } };

async function tireChange(registerNumber: string) {
  const c = new ApiClient(t.app);
  await c.init('TIRE_CHANGE');
  expect(json(await c.post('/search-vehicle', { registerNumber })).responseCode).toBe('SUCCESS');
  await c.post('/active-organization/v2', { organizationId: 1 });
  return c;
}

const tireAdd = (c: ApiClient, ...productIds: string[]) =>
  c.post('/api/products/tire-change/add', { items: productIds.map((productId) => ({ productId, amount: 1 })), stage: 'TIRE_SERVICES' });

async function cart(c: ApiClient) {
  const booking = json<Booking>(await c.get('/get-booking/v2'));
  return { ids: booking.order_items.map((i) => i.product.id), total: booking.price.active_price };
}

async function tireOffer(c: ApiClient) {
  const groups = json<Group[]>(await c.get('/extra-services/v2', { stage: 'TIRE_SERVICES' }));
  return new Map(groups.flatMap((g) => g.suggestions).map((s) => [s.product.id, s]));
}

describe('ABC-123: the tire change and the tire hotel cost what the bundle costs', () => {
  it('choosing the change, then the hotel, puts the bundle in the cart at 129,90 € and says so', async () => {
    const c = await tireChange('ABC-123');
    expect(json(await tireAdd(c, 'TIRE-CHANGE'))).toEqual({ responseCode: 'SUCCESS' });
    expect(await cart(c)).toEqual({ ids: ['TIRE-CHANGE'], total: 4990 });

    const added = await tireAdd(c, 'TIRE-HOTEL');
    expect(added.statusCode).toBe(200);
    expect(json(added).message).toBe(
      'Saat valitsemasi palvelut yhdessä: Renkaanvaihto ja rengashotelli 130\u00a0€ – 10\u00a0€ edullisemmin kuin erikseen.',
    );
    expect(await cart(c)).toEqual({ ids: ['TIRE-HOTEL-CHANGE'], total: 12990 });

    // The parts stay listed, saying what already does their work; choosing one again is refused.
    const offer = await tireOffer(c);
    expect(offer.get('TIRE-HOTEL-CHANGE')?.included_in).toBeUndefined();
    for (const part of ['TIRE-CHANGE', 'TIRE-HOTEL']) {
      expect(offer.get(part)?.included_in).toEqual({ id: 'TIRE-HOTEL-CHANGE', description: 'Renkaanvaihto ja rengashotelli' });
    }
    const again = await tireAdd(c, 'TIRE-CHANGE');
    expect(again.statusCode).toBe(400);
    expect(json(again).fields).toEqual([{ path: 'items.0.productId', message: 'Sisältyy jo valittuun palveluun: Renkaanvaihto ja rengashotelli' }]);
    expect(await cart(c)).toEqual({ ids: ['TIRE-HOTEL-CHANGE'], total: 12990 });
  });

  it('a client sending both parts, or a part beside the bundle, in one request gets the bundle alone', async () => {
    const both = await tireChange('ABC-123');
    const answer = await both.post('/add-products-to-cart', {
      items: [{ productId: 'TIRE-CHANGE', amount: 1 }, { productId: 'TIRE-HOTEL', amount: 1 }],
      stage: 'TIRE_SERVICES',
    });
    expect(answer.statusCode).toBe(200);
    expect(await cart(both)).toEqual({ ids: ['TIRE-HOTEL-CHANGE'], total: 12990 });

    const twice = await tireChange('ABC-123');
    expect((await tireAdd(twice, 'TIRE-HOTEL-CHANGE', 'TIRE-CHANGE', 'TIRE-HOTEL')).statusCode).toBe(200);
    expect(await cart(twice)).toEqual({ ids: ['TIRE-HOTEL-CHANGE'], total: 12990 });
  });

  it('the wash and the balancing become their bundle; the big change replaces the car change chosen before it', async () => {
    const c = await tireChange('ABC-123');
    await tireAdd(c, 'TIRE-WASH');
    await tireAdd(c, 'TIRE-BALANCE');
    expect(await cart(c)).toEqual({ ids: ['TIRE-WASH-BALANCE'], total: 5490 });

    await tireAdd(c, 'TIRE-CHANGE');
    const bigger = await tireAdd(c, 'TIRE-CHANGE-SUV');
    expect(json(bigger).message).toBe('Renkaanvaihto, maastoauto ja pakettiauto sisältää jo palvelun Renkaanvaihto, joten se poistui ostoskorista.');
    expect((await cart(c)).ids).toEqual(['TIRE-WASH-BALANCE', 'TIRE-CHANGE-SUV']);
    // An SUV's change with the car bundle (which includes a change) is the big bundle.
    await tireAdd(c, 'TIRE-HOTEL-CHANGE');
    expect(await cart(c)).toEqual({ ids: ['TIRE-WASH-BALANCE', 'TIRE-HOTEL-CHANGE-SUV'], total: 5490 + 14990 });
  });
});

describe('VAN-123: the van tire change and a bundle never total 199,80 €', () => {
  it('the van is offered the van change and the van bundle, not the car change nor the car bundle', async () => {
    const c = await tireChange('VAN-123');
    const offer = await tireOffer(c);
    expect(offer.has('TIRE-CHANGE-SUV')).toBe(true);
    expect(offer.has('TIRE-HOTEL-CHANGE-SUV')).toBe(true);
    expect(offer.has('TIRE-CHANGE')).toBe(false);
    expect(offer.has('TIRE-HOTEL-CHANGE')).toBe(false);
  });

  it('by the real calls: van change then the hotel is the van bundle; the car bundle beside the van change is refused', async () => {
    const c = await tireChange('VAN-123');
    await tireAdd(c, 'TIRE-CHANGE-SUV');
    const refused = await tireAdd(c, 'TIRE-HOTEL-CHANGE');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields[0].path).toBe('items.0.productId');
    expect(await cart(c)).toEqual({ ids: ['TIRE-CHANGE-SUV'], total: 6990 });

    expect(json(await tireAdd(c, 'TIRE-HOTEL')).message).toMatch(/^Saat valitsemasi palvelut yhdessä: Renkaanvaihto ja rengashotelli, maastoauto ja pakettiauto 150/);
    expect(await cart(c)).toEqual({ ids: ['TIRE-HOTEL-CHANGE-SUV'], total: 14990 });
  });

  it('the van bundle chosen after the van change takes its place', async () => {
    const c = await tireChange('VAN-123');
    await tireAdd(c, 'TIRE-CHANGE-SUV');
    expect((await tireAdd(c, 'TIRE-HOTEL-CHANGE-SUV')).statusCode).toBe(200);
    expect(await cart(c)).toEqual({ ids: ['TIRE-HOTEL-CHANGE-SUV'], total: 14990 });
    expect((await tireOffer(c)).get('TIRE-CHANGE-SUV')?.included_in?.id).toBe('TIRE-HOTEL-CHANGE-SUV');
  });

  it('a hostile client sending the van change and the car bundle at once is refused and the cart is as it was', async () => {
    const c = await tireChange('VAN-123');
    await tireAdd(c, 'TIRE-WASH');
    const refused = await c.post('/add-products-to-cart', {
      items: [{ productId: 'TIRE-CHANGE-SUV', amount: 1 }, { productId: 'TIRE-HOTEL-CHANGE', amount: 1 }],
      stage: 'TIRE_SERVICES',
    });
    expect(refused.statusCode).toBe(400);
    expect(await cart(c)).toEqual({ ids: ['TIRE-WASH'], total: 1990 });
    // Both van products at once: the bundle alone.
    await tireAdd(c, 'TIRE-CHANGE-SUV', 'TIRE-HOTEL-CHANGE-SUV');
    const after = await cart(c);
    expect(after).toEqual({ ids: ['TIRE-WASH', 'TIRE-HOTEL-CHANGE-SUV'], total: 1990 + 14990 });
    expect(after.total).not.toBe(1990 + 6990 + 12990);
  });
});

describe('maintenance: a package and the services it includes', () => {
  async function maintenance() {
    const c = new ApiClient(t.app);
    await c.init();
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    await c.post('/active-organization/v2', { organizationId: 1 });
    return c;
  }

  it('the package and its oil change sent at once leave the package alone; the oil change stays listed, saying why', async () => {
    const c = await maintenance();
    const sent = await c.post('/add-products-to-cart', {
      items: [{ productId: 'OIL-CHANGE', amount: 1 }, { productId: 'VW-MAINT-60000', amount: 1 }],
      stage: 'DEFAULT',
    });
    expect(sent.statusCode).toBe(200);
    expect((await cart(c)).ids).toEqual(['VW-MAINT-60000']);
    const groups = [...json<Group[]>(await c.get('/services/v2')), ...json<Group[]>(await c.get('/additional-services/v2'))];
    const oil = groups.flatMap((g) => g.suggestions).find((s) => s.product.id === 'OIL-CHANGE');
    expect(oil?.included_in).toEqual({ id: 'VW-MAINT-60000', description: 'Määräaikaishuolto 60\u00a0000\u00a0km' });
  });

  it('an oil change and a cabin filter are not turned into a package that costs more', async () => {
    const c = await maintenance();
    await c.post('/add-products-to-cart', { items: [{ productId: 'OIL-CHANGE', amount: 1 }], stage: 'DEFAULT' });
    expect(json(await c.post('/add-products-to-cart', { items: [{ productId: 'CABIN-FILTER', amount: 1 }], stage: 'DEFAULT' }))).toEqual({
      responseCode: 'SUCCESS',
    });
    expect((await cart(c)).ids).toEqual(['OIL-CHANGE', 'CABIN-FILTER']);
  });
});

describe('save-booking', () => {
  it('refuses, with 400 naming the cart and nothing saved, a cart kept from before the rule that holds work twice', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 10 });
    expect(json(await c.post('/customer/v2', CUSTOMER))).toEqual({ responseCode: 'SUCCESS' });
    let day = addDays(todayInHelsinki(), 1);
    while (!isWorkingDay(day)) day = addDays(day, 1);
    expect(json(await c.post('/lead', { leadDate: day }))).toEqual({ responseCode: 'SUCCESS' });
    const line = (productId: string) => ({ productId, provider: 'LAAKKONEN', amount: 1, stage: 'DEFAULT', calculatorId: null });
    const setCart = (ids: string[]) => t.db.updateTable('process').set({ cart: JSON.stringify(ids.map(line)) }).where('token', '=', c.token!).execute();
    const bookings = async () => (await t.db.selectFrom('booking').select('id').execute()).length;
    const before = await bookings();

    await setCart(['VW-MAINT-60000', 'OIL-CHANGE']);
    const refused = await c.post('/save-booking');
    expect(refused.statusCode).toBe(400);
    expect(json(refused).fields).toEqual([
      { path: 'cart', message: 'Ostoskorissa on sama työ kahdesti: Määräaikaishuolto 60\u00a0000\u00a0km ja Öljynvaihto. Poista toinen.' },
    ]);
    expect(await bookings()).toBe(before);

    await setCart(['VW-MAINT-60000']);
    expect(json(await c.post('/save-booking')).responseCode).toBe('SUCCESS');
    expect(await bookings()).toBe(before + 1);
  });
});
