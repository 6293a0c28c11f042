/**
 * /oma-varaus reads a saved booking as the thanks page showed it: the symptoms, the
 * delivery option and each price's display ('alkaen' for a windshield replacement).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, deliveryFlagsOf, deliveryParametersOf, todayInHelsinki } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { bookingReadout } from './readout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('open-booking answers what the thanks page showed', () => {
  it('the symptoms and the key locker chosen', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    expect((await c.post('/reservation-details/v2', deliveryFlagsOf('BRINGS_CAR_OUTSIDE_OFFICE_HOURS'))).statusCode).toBe(200);
    for (const p of deliveryParametersOf('BRINGS_CAR_OUTSIDE_OFFICE_HOURS')) expect((await c.post('/product-parameter', p)).statusCode).toBe(200);
    expect((await c.post('/symptoms', [{ description: 'Jarrut vinkuvat' }])).statusCode).toBe(200);
    expect((await c.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
    const save = json(await c.post('/save-booking'));
    expect(save.responseCode).toBe('SUCCESS');

    const open = json(await new ApiClient(t.app).post('/open-booking', { bookingKey: save.bookingKey, registerNumber: 'ABC-123', installationType: 'LAAKKONEN_PUBLIC' }));
    expect(open.responseCode).toBe('SUCCESS');
    expect(open.booking).toMatchObject({ symptoms: ['Jarrut vinkuvat'], deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', totalDisplay: 'exact' });
    for (const item of open.booking.items) expect(item.priceDisplay).toBe('exact');
  });
});

describe('the key locker chosen as the web chooses it', () => {
  it('its parameters sent at once all stay, and the saved booking is of the key locker', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c, addDays(todayInHelsinki(), 2));
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    // As save-delivery-option.ts does: the flags and the three parameters in parallel.
    const answers = await Promise.all([
      c.post('/reservation-details/v2', deliveryFlagsOf('BRINGS_CAR_OUTSIDE_OFFICE_HOURS')),
      ...deliveryParametersOf('BRINGS_CAR_OUTSIDE_OFFICE_HOURS').map((p) => c.post('/product-parameter', p)),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect((await c.post('/customer/v2', CUSTOMER)).statusCode).toBe(200);
    const save = json(await c.post('/save-booking'));
    expect(save).toMatchObject({ responseCode: 'SUCCESS', deliveryOption: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS' });
    const row = await t.db.selectFrom('booking').select(['snapshot', 'using_key_locker']).where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(row.using_key_locker).toBe(true);
    const parameters = (row.snapshot as { product_parameters: { parameterCode: string; selectedValue: string }[] }).product_parameters;
    expect([...parameters].sort((a, b) => a.parameterCode.localeCompare(b.parameterCode))).toEqual([
      { parameterCode: 'BRINGS_CAR_OUTSIDE_OFFICE_HOURS', selectedValue: 'true' },
      { parameterCode: 'CONTACT_REQUEST', selectedValue: 'false' },
      { parameterCode: 'VEHICLE_LEFT_FOR_DAY', selectedValue: 'false' },
    ]);
  });
});

describe('bookingReadout', () => {
  const replacement = [{ product: { id: 'windshieldChange' }, display_description: 'Tuulilasin vaihto', amount: 1, price: 39000 }];

  it('a windshield replacement with a time is a from-price on its line and in the total; a quote shows no price', () => {
    const booked = bookingReadout({ product_parameters: [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'RESERVE_TIME' }] }, replacement, false);
    expect(booked).toMatchObject({ lineDisplays: ['from'], totalDisplay: 'from', deliveryOption: null, symptoms: [] });
    const quote = bookingReadout({ product_parameters: [{ parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'LEAD' }] }, replacement, false);
    expect(quote).toMatchObject({ lineDisplays: ['quote'], totalDisplay: 'quote' });
  });

  it('a booking with only the key-locker flag is the key locker', () => {
    expect(bookingReadout({}, [], true).deliveryOption).toBe('BRINGS_CAR_OUTSIDE_OFFICE_HOURS');
    expect(bookingReadout({ vehicle_left_for_day: true }, [], false).deliveryOption).toBe('VEHICLE_LEFT_FOR_DAY');
  });
});
