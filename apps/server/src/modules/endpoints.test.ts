import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, isWorkingDay, isoWeekday, todayInHelsinki } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SESSION_ROUTES: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string][] = [
  ['GET', '/booking-settings/v2'],
  ['GET', '/session/v2/alive'],
  ['POST', '/search-vehicle'],
  ['POST', '/set-vehicle'],
  ['POST', '/set-vehicle-kilometers'],
  ['GET', '/get-booking/v2'],
  ['GET', '/compatible-organizations/v2'],
  ['POST', '/active-organization/v2'],
  ['GET', '/services/v2'],
  ['POST', '/add-products-to-cart'],
  ['POST', '/remove-products-from-cart'],
  ['POST', '/free-times'],
  ['POST', '/free-times/morning'],
  ['POST', '/free-times/evening'],
  ['POST', '/free-times-on-organization'],
  ['POST', '/reserve-time'],
  ['DELETE', '/remove-reservation'],
  ['POST', '/reservation-details/v2'],
  ['POST', '/locker/reserved-times'],
  ['POST', '/lead'],
  ['GET', '/customer-selectable-resources'],
  ['GET', '/resource-for-customer'],
  ['POST', '/customer-selected-resources'],
  ['POST', '/customer/v2'],
  ['POST', '/save-notes'],
  ['POST', '/symptoms'],
  ['POST', '/save-booking'],
];

describe('sessions', () => {
  it('init-session returns an unguessable token in x-process-token', async () => {
    const c = new ApiClient(t.app);
    const res = await c.init('MAINTENANCE');
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await t.db.selectFrom('process').selectAll().where('token', '=', c.token!).executeTakeFirstOrThrow();
    expect(row.process_type).toBe('MAINTENANCE');
  });

  it('init-session rejects an unknown process type with the field named', async () => {
    const c = new ApiClient(t.app);
    const res = await c.post('/init-session', undefined, { usedProcessType: 'NOPE' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('usedProcessType');
    expect(c.token).toBeUndefined();
  });

  it.each(SESSION_ROUTES)('%s %s answers 412 without a token, and with an unknown one', async (method, path) => {
    const c = new ApiClient(t.app);
    expect((await c.request(method, path, method === 'GET' ? undefined : {})).statusCode).toBe(412);
    c.token = 'x'.repeat(43);
    const res = await c.request(method, path, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(412);
    expect(json(res)).toEqual({ error: 'SESSION_EXPIRED', message: 'Istunto on päättynyt.' });
  });

  it('answers 412 for an expired process', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    await t.db.updateTable('process').set({ expires_at: new Date(Date.now() - 1000) }).where('token', '=', c.token!).execute();
    expect((await c.get('/get-booking/v2')).statusCode).toBe(412);
  });

  it('keeps sessions apart: one token never sees another booking', async () => {
    const a = new ApiClient(t.app);
    const b = new ApiClient(t.app);
    await prepareMaintenance(a);
    await b.init();
    const bookingB = json(await b.get('/get-booking/v2'));
    expect(bookingB.vehicle).toBeNull();
    expect(bookingB.order_items).toEqual([]);
  });

  it('settings, active processes and vehicle makes need no session', async () => {
    const c = new ApiClient(t.app);
    expect(json(await c.get('/settings'))).toMatchObject({ locale: 'fi', currency: 'EUR', holdMinutes: 15 });
    const processes = json<{ processType: string; enabled: boolean; public: boolean }[]>(await c.get('/active-processes'));
    expect(processes.filter((p) => p.enabled && p.public).map((p) => p.processType)).toEqual(['MAINTENANCE', 'TIRE_CHANGE', 'TIRE_SALES', 'WINDSHIELD']);
    const makes = json<{ id: number; name: string }[]>(await c.get('/vehicle-makes'));
    expect(makes.map((m) => m.name)).toContain('Volkswagen');
  });

  it('booking-settings/v2 tells the process type and the office time selection', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.get('/booking-settings/v2'))).toMatchObject({ processType: 'MAINTENANCE', timeSelectionType: 'EXACT_TIME' });
  });
});

describe('vehicle', () => {
  it('finds ABC-123 typed in lower case, and stores kilometers', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = json(await c.post('/search-vehicle', { registerNumber: ' abc-123 ', kilometers: 90000 }));
    expect(res.responseCode).toBe('SUCCESS');
    expect(res.vehicle).toMatchObject({ register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf', classification: { id: 1 } });
    expect(json(await c.get('/get-booking/v2')).kilometers).toBe(90000);
  });

  it('VAN-123 is a van (class 2)', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = json(await c.post('/search-vehicle', { registerNumber: 'VAN-123', kilometers: 1000 }));
    expect(res.vehicle.classification.id).toBe(2);
  });

  it('ZZZ-999 is not found, and set-vehicle then stores the make and model given', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    expect(json(await c.post('/search-vehicle', { registerNumber: 'ZZZ-999', kilometers: 1000 }))).toEqual({ responseCode: 'NOT_FOUND' });
    const set = await c.post('/set-vehicle', {
      make: 'Toyota',
      regNbr: 'zzz-999',
      model: 'Yaris',
      classification: { id: 1, name: 'henkilöauto' },
      introductionDate: null,
    });
    expect(json(set)).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.post('/set-vehicle-kilometers', { kilometers: 123456 }))).toEqual({ responseCode: 'SUCCESS' });
    const booking = json(await c.get('/get-booking/v2'));
    expect(booking.vehicle).toMatchObject({ register_number: 'ZZZ-999', make: 'Toyota', model: 'Yaris', classification: { id: 1 } });
    expect(booking.kilometers).toBe(123456);
  });

  it.each([
    [{ registerNumber: 'ABC123', kilometers: 1 }, 'registerNumber'],
    [{ registerNumber: 'ABCD-1', kilometers: 1 }, 'registerNumber'],
    [{ registerNumber: '', kilometers: 1 }, 'registerNumber'],
    [{ registerNumber: 'ABC-123', kilometers: -5 }, 'kilometers'],
    [{ registerNumber: 'ABC-123', kilometers: 'paljon' }, 'kilometers'],
  ])('search-vehicle %j → 400 naming %s', async (body, field) => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/search-vehicle', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(json(await c.get('/get-booking/v2')).vehicle).toBeNull();
  });

  it('set-vehicle without a model → 400 naming model', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/set-vehicle', { make: 'Toyota', regNbr: 'ZZZ-999', model: '', classification: { id: 1 } });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('model');
  });

  it('set-vehicle-kilometers with a fraction → 400', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    expect((await c.post('/set-vehicle-kilometers', { kilometers: 1.5 })).statusCode).toBe(400);
  });
});

describe('organizations and services', () => {
  it('lists brand dealers of the car first and activates an office', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: 60000 });
    const orgs = json<{ id: number; brand_dealer: boolean; name: string; post_code: string }[]>(await c.get('/compatible-organizations/v2'));
    expect(orgs.length).toBeGreaterThanOrEqual(10);
    expect(orgs.find((o) => o.id === 1)?.brand_dealer).toBe(true);
    const firstOther = orgs.findIndex((o) => !o.brand_dealer);
    expect(orgs.slice(firstOther).every((o) => !o.brand_dealer)).toBe(true);
    expect(json(await c.post('/active-organization/v2', { organizationId: 1 }))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).organization).toMatchObject({ id: 1, brand_dealer: true });
  });

  it('active-organization/v2 rejects an unknown office', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/active-organization/v2', { organizationId: 99999 });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('organizationId');
    expect((await c.post('/active-organization/v2', { organizationId: 'one' })).statusCode).toBe(400);
  });

  it('suggests different maintenance packages at 60,000 and 90,000 km', async () => {
    const at = async (km: number) => {
      const c = new ApiClient(t.app);
      await c.init();
      await c.post('/search-vehicle', { registerNumber: 'ABC-123', kilometers: km });
      await c.post('/active-organization/v2', { organizationId: 1 });
      const groups = json<{ calculator_id: string | null; suggestions: { product: { id: string }; price: number }[] }[]>(
        await c.get('/services/v2'),
      );
      const maintenance = groups.find((g) => g.calculator_id === 'MAINTENANCE_BY_MILEAGE');
      expect(maintenance).toBeDefined();
      return maintenance!.suggestions.map((s) => s.product.id);
    };
    const a = await at(60000);
    const b = await at(90000);
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a).not.toEqual(b);
  });

  it('adds to and removes from the cart, with prices in cents and the total', async () => {
    const c = new ApiClient(t.app);
    const productId = await prepareMaintenance(c);
    let booking = json(await c.get('/get-booking/v2'));
    expect(booking.order_items).toHaveLength(1);
    expect(Number.isInteger(booking.order_items[0].price)).toBe(true);
    expect(booking.price.active_price).toBe(booking.order_items[0].price);
    const groups = json(await c.get('/services/v2'));
    expect(groups[0].suggestions[0].selected).toBe(true);
    expect(json(await c.post('/remove-products-from-cart', { items: [{ productId }], stage: 'DEFAULT' }))).toEqual({ responseCode: 'SUCCESS' });
    booking = json(await c.get('/get-booking/v2'));
    expect(booking.order_items).toEqual([]);
    expect(booking.price.active_price).toBe(0);
  });

  it('add-products-to-cart refuses an unknown product and an empty list, and changes nothing', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const before = json(await c.get('/get-booking/v2')).order_items;
    const res = await c.post('/add-products-to-cart', { items: [{ productId: 'NO-SUCH' }], stage: 'DEFAULT' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('items.0.productId');
    expect((await c.post('/add-products-to-cart', { items: [], stage: 'DEFAULT' })).statusCode).toBe(400);
    expect((await c.post('/add-products-to-cart', { items: [{ productId: 'X' }], stage: 'WRONG' })).statusCode).toBe(400);
    expect(json(await c.get('/get-booking/v2')).order_items).toEqual(before);
  });
});

describe('symptoms, notes and customer', () => {
  it('saves and deletes a symptom', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.post('/symptoms', [{ description: 'Jarrut vinkuvat' }]))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).symptoms).toEqual([{ id: 1, description: 'Jarrut vinkuvat' }]);
    await c.post('/symptoms', []);
    expect(json(await c.get('/get-booking/v2')).symptoms).toEqual([]);
  });

  it('refuses an empty symptom description', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/symptoms', [{ description: '   ' }]);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('0.description');
  });

  it('save-notes strips control characters and symbols (requirements §5) and refuses a non-string', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    await c.post('/save-notes', { value: 'Soita ennen\u0000 töitä 😀 ♥' });
    expect(json(await c.get('/get-booking/v2')).notes).toBe('Soita ennen töitä');
    expect((await c.post('/save-notes', { value: 42 })).statusCode).toBe(400);
  });

  it.each([
    [{ ...CUSTOMER, email: 'ei-osoite' }, 'email'],
    [{ ...CUSTOMER, first_name: '' }, 'first_name'],
    [{ ...CUSTOMER, phone_number: 'abc' }, 'phone_number'],
    [{ ...CUSTOMER, post_code: '123' }, 'post_code'],
  ])('customer/v2 %j → 400 naming %s, nothing stored', async (body, field) => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/customer/v2', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(json(await c.get('/get-booking/v2')).customer).toBeNull();
  });

  it('customer/v2 fills the defaults of requirements §3', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    await c.post('/customer/v2', { ...CUSTOMER, address: '', post_code: '', post_office: '' });
    expect(json(await c.get('/get-booking/v2')).customer).toMatchObject({
      preferred_contact_method: 'EMAIL',
      company_name: null,
      customer_type: null,
      direct_marketing_allowed: false,
      service_contract: false,
    });
  });
});

describe('free times and reservations', () => {
  const today = todayInHelsinki();
  /** A Saturday about ten weeks ahead (past the seed's bookings, within the booking horizon) whose Monday is a working day. */
  const saturday = (() => {
    const first = addDays(today, 70 + ((6 - isoWeekday(addDays(today, 70)) + 7) % 7));
    for (let week = 0; week < 8; week++) if (isWorkingDay(addDays(first, week * 7 + 2))) return addDays(first, week * 7);
    throw new Error('no Saturday before a working Monday');
  })();
  const sunday = addDays(saturday, 1);
  const monday = addDays(saturday, 2);

  it('free-times answers days with HH:mm:ss slots, none on weekends', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c);
    expect(reservation).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00$/);
    const days = json<{ date: string; calendarSlots: unknown[]; exactTimesAvailable: boolean }[]>(
      await c.post('/free-times', { start: saturday, end: addDays(saturday, 6) }),
    );
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(saturday, i)));
    expect(days[0]!.calendarSlots).toEqual([]); // Saturday
    expect(days[1]!.calendarSlots).toEqual([]); // Sunday
    expect(days[2]!.exactTimesAvailable).toBe(true);
  });

  it.each([
    [{ start: '2030-01-10', end: '2030-01-01' }, 'end'],
    [{ start: '1.1.2030', end: '2030-01-01' }, 'start'],
    [{ start: '2030-01-01', end: '2030-06-01' }, 'end'],
  ])('free-times %j → 400 naming %s', async (body, field) => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const res = await c.post('/free-times', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe(field);
  });

  it('free-times before an office is chosen → 400 naming organizationId', async () => {
    const c = new ApiClient(t.app);
    await c.init();
    const res = await c.post('/free-times', { start: today, end: addDays(today, 6) });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('organizationId');
  });

  it('reserve-time, then remove-reservation frees the time', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const reservation = await firstFreeSlot(c);
    expect(json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    const held = json(await c.get('/get-booking/v2'));
    expect(held.booking_total_duration.start).toBe(reservation.split('|')[0]);
    expect(Date.parse(held.reservation_expires_at) - Date.now()).toBeGreaterThan(14 * 60000);
    expect(json(await c.delete('/remove-reservation'))).toEqual({ responseCode: 'SUCCESS' });
    expect(json(await c.get('/get-booking/v2')).booking_total_duration).toBeNull();
    const holds = await t.db.selectFrom('resource_time').select('id').where('process_token', '=', c.token!).execute();
    expect(holds).toEqual([]);
  });

  it.each([
    ['2030-01-07T08:00:00', 'EXACT'],
    ['2030-01-07T08:00:00|2030-01-07 09:00', 'EXACT_TIME'],
    ['2030-01-07T09:00:00|2030-01-07T08:00:00', 'EXACT_TIME'],
  ])('reserve-time %s / %s → 400', async (reservation, type) => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const res = await c.post('/reserve-time', { reservation, timeSelectionType: type });
    expect(res.statusCode).toBe(400);
  });

  it('reserve-time refuses a slot off the office grid or of the wrong length', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const res = await c.post('/reserve-time', { reservation: `${monday}T08:17:00|${monday}T08:47:00`, timeSelectionType: 'EXACT_TIME' });
    expect(res.statusCode).toBe(400);
    expect(json(res).fields[0].path).toBe('reservation');
  });

  it('reserve-time on a Sunday or in the past is NOT_AVAILABLE', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.post('/reserve-time', { reservation: `${sunday}T08:00:00|${sunday}T09:00:00`, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('NOT_AVAILABLE');
    expect(json(await c.post('/reserve-time', { reservation: '2020-01-07T08:00:00|2020-01-07T09:00:00', timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('NOT_AVAILABLE');
  });

  it('an expired hold frees its time', async () => {
    const a = new ApiClient(t.app);
    await prepareMaintenance(a);
    const slot = await firstFreeSlot(a);
    const day = slot.slice(0, 10);
    const startTime = slot.slice(11, 19);
    // Take every resource of the slot.
    const holders: ApiClient[] = [];
    for (;;) {
      const c = new ApiClient(t.app);
      await prepareMaintenance(c);
      if (json(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode !== 'SUCCESS') break;
      holders.push(c);
    }
    const slotsOf = async () =>
      json(await a.post('/free-times', { start: day, end: day }))[0].calendarSlots.map((s: { startTime: string }) => s.startTime);
    expect(await slotsOf()).not.toContain(startTime);
    await t.db.updateTable('resource_time').set({ expires_at: new Date(Date.now() - 1000) }).where('process_token', '=', holders[0]!.token!).execute();
    expect(await slotsOf()).toContain(startTime);
    expect(json(await a.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' })).responseCode).toBe('SUCCESS');
    // The expired holder can no longer save on that time.
    await holders[0]!.post('/customer/v2', CUSTOMER);
    expect(json(await holders[0]!.post('/save-booking')).responseCode).toBe('INVALID');
  });

  it('changing the cart releases the held time', async () => {
    const c = new ApiClient(t.app);
    const productId = await prepareMaintenance(c);
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/remove-products-from-cart', { items: [{ productId }], stage: 'DEFAULT' });
    expect(json(await c.get('/get-booking/v2')).booking_total_duration).toBeNull();
  });
});
