import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Group = { id: string; title: string; suggestions: Suggestion[] };
type Suggestion = {
  product: { id: string; provider: string };
  price: number;
  normal_price: number | null;
  selected: boolean;
  additional_data: { imageIds: string[] };
  additional_products: Suggestion[];
};

async function golf(km = 60000) {
  const c = new ApiClient(t.app);
  await c.init();
  await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: km });
  await c.post('/active-organization/v2', { organizationId: 1 });
  return c;
}

describe('service groups of palvelut and lisapalvelut', () => {
  it('additional-services/v2 lists the additional groups, one of them by categoryId', async () => {
    const c = await golf();
    const all = json<Group[]>(await c.get('/additional-services/v2'));
    expect(all.map((g) => g.id)).toEqual(expect.arrayContaining(['brakes', 'air-conditioning']));
    const brakes = json<Group[]>(await c.get('/additional-services/v2', { categoryId: 'brakes' }));
    expect(brakes.map((g) => g.id)).toEqual(['brakes']);
    expect(json<Group[]>(await c.get('/additional-services/v2', { categoryId: 'no-such' }))).toEqual([]);
    expect(json<Group[]>(await c.get('/extra-services/additional-services')).map((g) => g.id)).toEqual(all.map((g) => g.id));
  });

  it('extra-services/v2 answers campaign, extra and tire groups by stage, and refuses an unknown stage', async () => {
    const c = await golf();
    const campaign = json<Group[]>(await c.get('/extra-services/v2', { stage: 'FIXED_CAMPAIGN_SERVICES' }));
    expect(campaign.length).toBeGreaterThan(0);
    const onCampaign = campaign.flatMap((g) => g.suggestions).filter((s) => s.normal_price !== null && s.normal_price > s.price);
    expect(onCampaign.length).toBeGreaterThan(0);
    const extras = json<Group[]>(await c.get('/extra-services/v2', { stage: 'DEFAULT' }));
    expect(extras.map((g) => g.title)).toEqual(['Auton hoito', 'Varusteet ja asennukset', 'Tarkastukset']);
    const tires = json<Group[]>(await c.get('/extra-services/v2', { stage: 'TIRE_SERVICES' }));
    expect(tires.map((g) => g.id)).toContain('tire-change');
    const bad = await c.get('/extra-services/v2', { stage: 'WHATEVER' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).fields[0].path).toBe('stage');
  });

  it('offers products under a maintenance package, and marks them selected once in the cart', async () => {
    const c = await golf();
    const pkg = json<Group[]>(await c.get('/services/v2')).find((g) => g.id === 'maintenance')!.suggestions[0]!;
    // The 60 000 km package changes the cabin filter itself, so that is not offered under it.
    expect(pkg.additional_products.map((a) => a.product.id)).toEqual(['BRAKE-FLUID', 'WASH-EXTERIOR']);
    await c.post('/add-products-to-cart', { items: [{ productId: 'BRAKE-FLUID' }], stage: 'DEFAULT' });
    const again = json<Group[]>(await c.get('/services/v2')).find((g) => g.id === 'maintenance')!.suggestions[0]!;
    expect(again.additional_products.find((a) => a.product.id === 'BRAKE-FLUID')!.selected).toBe(true);
  });

  it('serves each card picture through /media', async () => {
    const c = await golf();
    const imageId = json<Group[]>(await c.get('/services/v2'))[0]!.suggestions[0]!.additional_data.imageIds[0]!;
    const res = await c.get('/media', { id: imageId });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect((await c.get('/media', { id: 'nope' })).statusCode).toBe(404);
    expect((await c.get('/media')).statusCode).toBe(400);
  });

  it('product-additional-data tells the contents of a product', async () => {
    const c = await golf();
    const data = json(await c.get('/product-additional-data', { productId: 'BRAKE-FLUID' }));
    expect(data.productId).toBe('BRAKE-FLUID');
    expect(data.operations.length).toBeGreaterThan(0);
    expect((await c.get('/product-additional-data', { productId: 'NOPE' })).statusCode).toBe(404);
    expect((await c.get('/product-additional-data')).statusCode).toBe(400);
  });
});

describe('service codes', () => {
  it('a known code unlocks its services; removing it takes them out of the cart', async () => {
    const c = await golf();
    expect(json(await c.get('/services-by-service-code/v2'))).toEqual([]);
    // Hidden without the code, and cannot be added.
    const denied = await c.post('/add-products-to-cart', { items: [{ productId: 'CODE-WINTER-SERVICE' }], stage: 'DEFAULT' });
    expect(denied.statusCode).toBe(400);

    expect(json(await c.put('/set-service-code', { value: ' talvi2026 ' }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).service_code).toBe('TALVI2026');
    const unlocked = json<Group[]>(await c.get('/services-by-service-code/v2'));
    expect(unlocked.flatMap((g) => g.suggestions.map((s) => s.product.id))).toEqual(['CODE-WINTER-SERVICE']);
    expect(json(await c.post('/add-products-to-cart', { items: [{ productId: 'CODE-WINTER-SERVICE' }], stage: 'DEFAULT' })).responseCode).toBe('SUCCESS');

    expect(json(await c.get('/remove-service-code'))).toEqual({ responseCode: 'SUCCESS' });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.service_code).toBeNull();
    expect(booking.order_items).toEqual([]);
  });

  it('an unknown code is NOT_FOUND and not stored; a blank one is stored as null', async () => {
    const c = await golf();
    expect(json(await c.put('/set-service-code', { value: 'EIOLE' }))).toEqual({ responseCode: 'NOT_FOUND' });
    expect(json(await c.get('/get-booking/v2')).service_code).toBeNull();
    await c.put('/set-service-code', { value: 'TAKAISIN24' });
    expect(json(await c.put('/set-service-code', { value: '   ' }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).service_code).toBeNull();
    expect((await c.put('/set-service-code', { value: 5 })).statusCode).toBe(400);
  });
});

describe('extra order items, stages and offers', () => {
  it('adds extra order items to the booking and its price', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const before = json(await c.get('/get-booking/v2')).price.active_price;
    const items = json<{ id: string; price: number; selected: boolean }[]>(await c.get('/extra-order-items'));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((i) => !i.selected)).toBe(true);
    const wipers = items.find((i) => i.id === 'WIPER-BLADES')!;
    expect(json(await c.post('/extra-order-items', { ids: ['WIPER-BLADES'] }))).toEqual({ responseCode: 'SUCCESS' });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.extra_order_items).toEqual([{ id: 'WIPER-BLADES', description: expect.any(String), price: wipers.price }]);
    expect(booking.price.active_price).toBe(before + wipers.price);
    expect(json<{ id: string; selected: boolean }[]>(await c.get('/extra-order-items')).find((i) => i.id === 'WIPER-BLADES')!.selected).toBe(true);
  });

  it('refuses unknown extra order items and changes nothing', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const res = await c.post('/extra-order-items', { ids: ['WIPER-BLADES', 'GOLD'] });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('ids.1');
    expect(json(await c.get('/get-booking/v2')).extra_order_items).toEqual([]);
  });

  it('order-items-by-stage and remove-services work per stage', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/add-products-to-cart', { items: [{ productId: 'WINTER-PACKAGE' }], stage: 'FIXED_CAMPAIGN_SERVICES' });
    const campaign = json<{ product: { id: string } }[]>(await c.post('/order-items-by-stage', { stage: 'FIXED_CAMPAIGN_SERVICES' }));
    expect(campaign.map((i) => i.product.id)).toEqual(['WINTER-PACKAGE']);
    expect(json(await c.post('/remove-services', { stage: 'DEFAULT' }))).toEqual({ responseCode: 'SUCCESS' });
    const left = json(await c.get('/get-booking/v2')).order_items.map((i: { product: { id: string } }) => i.product.id);
    expect(left).toEqual(['WINTER-PACKAGE']);
    expect((await c.post('/remove-services', { stage: 'X' })).statusCode).toBe(400);
  });

  it('the campaign shows on the booking price', async () => {
    const c = await golf();
    await c.post('/add-products-to-cart', { items: [{ productId: 'WINTER-PACKAGE' }], stage: 'FIXED_CAMPAIGN_SERVICES' });
    const price = json(await c.get('/get-booking/v2')).price;
    expect(price.normal_price).toBeGreaterThan(price.active_price);
    expect(price.has_public_campaign).toBe(true);
  });

  it('lifts-offers lists offer cards that sell a product, marking those in the cart', async () => {
    const c = await golf();
    const offers = json<{ productId: string; title: string; imageId: string; inCart: boolean; price: number }[]>(await c.get('/lifts-offers'));
    expect(offers.length).toBeGreaterThanOrEqual(3);
    expect(offers[0]).toMatchObject({ title: expect.any(String), imageId: expect.stringMatching(/^service-/), inCart: false });
    await c.post('/add-products-to-cart', { items: [{ productId: offers[0]!.productId }], stage: 'DEFAULT' });
    expect(json<{ inCart: boolean }[]>(await c.get('/lifts-offers'))[0]!.inCart).toBe(true);
  });

  it('the confirmation lists extra order items too', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/extra-order-items', { ids: ['WASHER-FLUID'] });
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', { first_name: 'A', last_name: 'B', phone_number: '0401234567', email: 'a@example.com' });
    const save = json(await c.post('/save-booking'));
    const mail = await t.db.selectFrom('email_outbox').innerJoin('booking', 'booking.id', 'email_outbox.booking_id').select('text_body').where('booking.booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Lasinpesuneste');
  });
});
