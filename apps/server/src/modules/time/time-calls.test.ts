import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  addDays,
  distanceKm,
  formatFinnishDateLong,
  fromHelsinki,
  isWorkingDay,
  organizationFreeTimesSchema,
  startOfWeek,
  todayInHelsinki,
  type FreeTimeDay,
  type OrganizationFreeTimes,
} from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import {
  LOCKER_FULL_OFFICE_ID,
  RETURNING_CUSTOMER_PHONE,
  RETURNING_CUSTOMER_RESOURCE_ID,
  lockerFullDay,
  nthWorkingDayAfter,
} from '#seed/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const today = todayInHelsinki();
/** The day the seed was made for: its fixed full days are counted from it (a run may pass midnight). */
const seedToday = inject('seedToday');
const workingDayFrom = (date: string) => {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
};
/** Days past the seed's eight weeks of bookings: nothing is booked there but by these tests. */
const CLEAN = workingDayFrom(addDays(today, 60));
const CLEAN2 = workingDayFrom(addDays(CLEAN, 1));
const CLEAN3 = workingDayFrom(addDays(CLEAN2, 1));

type Day = FreeTimeDay;
const slotsOn = async (c: ApiClient, date: string, path = '/free-times') =>
  json<Day[]>(await c.post(path, { start: date, end: date }))[0]!.calendarSlots;
const startsOn = async (c: ApiClient, date: string, path = '/free-times') => (await slotsOn(c, date, path)).map((s) => s.startTime);
const reservationAt = async (c: ApiClient, date: string, startTime: string) => {
  const slot = (await slotsOn(c, date)).find((s) => s.startTime === startTime);
  if (!slot) throw new Error(`no ${startTime} on ${date}`);
  return `${date}T${slot.startTime}|${date}T${slot.endTime}`;
};
const reserve = async (c: ApiClient, reservation: string) =>
  json(await c.post('/reserve-time', { reservation, timeSelectionType: 'EXACT_TIME', workshiftPosition: null })).responseCode as string;
const booking = async (c: ApiClient) => json(await c.get('/get-booking/v2'));
const expectBadRequest = (res: { statusCode: number } & Parameters<typeof json>[0], field: string) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(field);
};

describe('free-times with selection types and shifts', () => {
  it('USE_ORGANIZATION_SETTING is the office type; a list without it answers no availability', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: addDays(today, 1), end: addDays(today, 14) };
    const plain = json<Day[]>(await c.post('/free-times', range));
    expect(plain.some((d) => d.exactTimesAvailable)).toBe(true);
    expect(json<Day[]>(await c.post('/free-times', { ...range, resourceTimeSelectionTypes: ['USE_ORGANIZATION_SETTING'] }))).toEqual(plain);
    expect(json<Day[]>(await c.post('/free-times', { ...range, resourceTimeSelectionTypes: ['EXACT_TIME', 'DAY_ONLY'] }))).toEqual(plain);
    const dayOnly = json<Day[]>(await c.post('/free-times', { ...range, resourceTimeSelectionTypes: ['DAY_ONLY'] }));
    expect(dayOnly.map((d) => d.date)).toEqual(plain.map((d) => d.date));
    expect(dayOnly.every((d) => !d.exactTimesAvailable && !d.onlyDayTimesAvailable && d.calendarSlots.length === 0)).toBe(true);
  });

  it('morning and evening split each day at 12.00 and together make the whole day', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: addDays(today, 1), end: addDays(today, 14) };
    const all = json<Day[]>(await c.post('/free-times', range));
    const morning = json<Day[]>(await c.post('/free-times/morning', range));
    const evening = json<Day[]>(await c.post('/free-times/evening', range));
    expect(morning.map((d) => d.date)).toEqual(all.map((d) => d.date));
    all.forEach((day, i) => {
      const m = morning[i]!.calendarSlots.map((s) => s.startTime);
      const e = evening[i]!.calendarSlots.map((s) => s.startTime);
      expect(m.every((s) => s < '12:00:00')).toBe(true);
      expect(e.every((s) => s >= '12:00:00')).toBe(true);
      expect([...m, ...e]).toEqual(day.calendarSlots.map((s) => s.startTime));
      expect(morning[i]!.exactTimesAvailable).toBe(m.length > 0);
    });
    expect(morning.some((d) => d.exactTimesAvailable) && evening.some((d) => d.exactTimesAvailable)).toBe(true);
  });

  it('a day-only office answers day capacity per shift, and an evening reservation lands after 12.00', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 12 });
    const range = { start: CLEAN, end: CLEAN };
    for (const path of ['/free-times', '/free-times/morning', '/free-times/evening']) {
      expect(json<Day[]>(await c.post(path, range))[0]).toEqual({ date: CLEAN, exactTimesAvailable: false, onlyDayTimesAvailable: true, calendarSlots: [] });
    }
    const res = json(await c.post('/reserve-time', { reservation: `${CLEAN}T07:30:00|${CLEAN}T17:00:00`, timeSelectionType: 'DAY_ONLY', workshiftPosition: 'EVENING' }));
    expect(res.responseCode).toBe('SUCCESS');
    const held = (await booking(c)).booking_total_duration;
    expect(held.start.slice(11) >= '12:00:00').toBe(true);
    expect(held.end).toBe(`${CLEAN}T17:00:00`);
  });

  it('rejects a bad range naming the field', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expectBadRequest(await c.post('/free-times/morning', { start: CLEAN, end: today }), 'end');
    expectBadRequest(await c.post('/free-times/evening', { start: 'huomenna', end: CLEAN }), 'start');
    expectBadRequest(await c.post('/free-times', { start: today, end: CLEAN, resourceTimeSelectionTypes: ['SOMETIMES'] }), 'resourceTimeSelectionTypes.0');
  });
});

describe('a slot taken by someone else', () => {
  it('disappears from free-times, reserve-time answers NOT_AVAILABLE, and an expired hold frees it again', async () => {
    // Both customers want Mekaanikko Pekka (resource 3): one resource, so one slot holder.
    const [x, y] = [new ApiClient(t.app), new ApiClient(t.app)];
    for (const c of [x, y]) {
      await prepareMaintenance(c);
      expect(json(await c.post('/customer-selected-resources', { resourceIds: [3] }))).toEqual({ responseCode: 'SUCCESS' });
    }
    const slot = await reservationAt(x, CLEAN, '10:00:00');
    expect(await startsOn(y, CLEAN)).toContain('10:00:00');
    expect(await reserve(x, slot)).toBe('SUCCESS');
    expect(await startsOn(y, CLEAN)).not.toContain('10:00:00');
    expect(await startsOn(y, CLEAN, '/free-times/morning')).not.toContain('10:00:00');
    expect(await reserve(y, slot)).toBe('NOT_AVAILABLE');
    // The holder itself still sees its own time.
    expect(await startsOn(x, CLEAN)).toContain('10:00:00');

    await t.db.updateTable('resource_time').set({ expires_at: new Date(Date.now() - 1000) }).where('process_token', '=', x.token!).execute();
    expect(await startsOn(y, CLEAN)).toContain('10:00:00');
    expect(await reserve(y, slot)).toBe('SUCCESS');
    const hold = await t.db.selectFrom('resource_time').select('resource_id').where('process_token', '=', y.token!).executeTakeFirstOrThrow();
    expect(hold.resource_id).toBe(3);
    await x.post('/customer/v2', CUSTOMER);
    expect(json(await x.post('/save-booking')).responseCode).toBe('INVALID');
  });
});

describe('free-times-on-organization', () => {
  it('lists the other compatible offices with only their free days, earliest first, fast', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: today, end: addDays(today, 31) };
    const res = await c.post('/free-times-on-organization', range);
    expect(res.statusCode).toBe(200);
    const list = json<OrganizationFreeTimes[]>(res);
    const ids = list.map((o) => o.organization.id);
    expect(ids).not.toContain(1); // the booking's own office
    expect(ids).not.toContain(10); // lead-only: no times to offer
    expect(list.length).toBeGreaterThanOrEqual(10);
    for (const entry of list) {
      expect(organizationFreeTimesSchema.strict().safeParse({ ...entry }).success).toBe(true);
      expect(Object.keys(entry.organization).sort()).toEqual([
        'address',
        'brand_dealer',
        'closing_time',
        'id',
        'name',
        'opening_time',
        'post_code',
        'post_office',
      ]);
      expect(entry.calendar.length).toBeGreaterThan(0);
      expect(entry.freeDays).toBe(entry.calendar.length);
      expect(entry.calendar.every((d) => d.exactTimesAvailable || d.onlyDayTimesAvailable)).toBe(true);
      expect(entry.calendar.every((d) => d.date >= range.start && d.date <= range.end)).toBe(true);
      // Every office is full on the second working day.
      expect(entry.calendar.map((d) => d.date)).not.toContain(nthWorkingDayAfter(seedToday, 2));
    }
    const order = list.map((o) => `${o.calendar[0]!.date}|${o.organization.name}`);
    expect(order).toEqual([...order].sort((a, b) => a.split('|')[0]!.localeCompare(b.split('|')[0]!) || a.split('|')[1]!.localeCompare(b.split('|')[1]!, 'fi')));
    // Tikkurila (office 3) is full for a whole week three weeks ahead.
    const monday = startOfWeek(addDays(today, 21));
    const tikkurila = list.find((o) => o.organization.id === 3)!;
    expect(tikkurila.calendar.filter((d) => d.date >= monday && d.date <= addDays(monday, 6))).toEqual([]);
    // A day-only office answers day capacity.
    expect(list.find((o) => o.organization.id === 12)!.calendar.every((d) => d.onlyDayTimesAvailable)).toBe(true);

    // The same days as free-times at that office, for the same cart.
    const espoo = list.find((o) => o.organization.id === 2)!;
    await c.post('/active-organization/v2', { organizationId: 2 });
    const own = json<Day[]>(await c.post('/free-times', range)).filter((d) => d.exactTimesAvailable);
    expect(espoo.calendar).toEqual(own);
    await c.post('/active-organization/v2', { organizationId: 1 });

    // All offices for a month: one query for their busy time keeps it quick.
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await c.post('/free-times-on-organization', range);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[2]!).toBeLessThan(400);
  });

  it('offers tire processes only the tire-change offices', async () => {
    const c = new ApiClient(t.app);
    await c.init('TIRE_CHANGE');
    await c.post('/search-vehicle', { registerNumber: 'ABC-123' });
    await c.post('/transfer-organization', { organizationId: 1 });
    expect(json(await c.post('/api/products/tire-change/add', { items: [{ productId: 'TIRE-CHANGE' }], stage: 'TIRE_SERVICES' }))).toEqual({ responseCode: 'SUCCESS' });
    const ids = json<OrganizationFreeTimes[]>(await c.post('/free-times-on-organization', { start: today, end: addDays(today, 31) })).map((o) => o.organization.id);
    const tireOffices = (await t.db.selectFrom('organization').select('id').where('tire_change', '=', true).execute()).map((o) => o.id);
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.every((id) => tireOffices.includes(id))).toBe(true);
    expect(ids).not.toContain(11);
    expect(ids).not.toContain(14);
  });

  it('with a limit answers a page: the nearest offices with free days, to the booking’s office or to the given point', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: today, end: addDays(today, 31) };
    const all = json<OrganizationFreeTimes[]>(await c.post('/free-times-on-organization', range));
    const rows = await t.db.selectFrom('organization').select(['id', 'latitude', 'longitude']).execute();
    const at = new Map(rows.map((r) => [r.id, { latitude: r.latitude!, longitude: r.longitude! }]));
    const nearest = (point: { latitude: number; longitude: number }, n: number) =>
      [...all]
        .sort((a, b) => distanceKm(point, at.get(a.organization.id)!) - distanceKm(point, at.get(b.organization.id)!))
        .slice(0, n)
        .map((o) => o.organization.id)
        .sort((a, b) => a - b);
    const page = async (body: object) => {
      const res = await c.post('/free-times-on-organization', { ...range, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return json<OrganizationFreeTimes[]>(res);
    };

    // Near the booking's office (1, Konala): the three nearest of the full answer, each as in it, in its order.
    const three = await page({ limit: 3 });
    expect(three.map((o) => o.organization.id).sort((a, b) => a - b)).toEqual(nearest(at.get(1)!, 3));
    expect(three).toEqual(all.filter((o) => three.some((x) => x.organization.id === o.organization.id)));

    // Near the customer: the Turku office (5) first.
    const turku = { latitude: 60.4518, longitude: 22.2666 };
    const nearTurku = await page({ limit: 2, ...turku });
    expect(nearTurku.map((o) => o.organization.id).sort((a, b) => a - b)).toEqual(nearest(turku, 2));
    expect(nearTurku.map((o) => o.organization.id)).toContain(5);

    // A page as large as the list is the whole list.
    expect(await page({ limit: 50 })).toEqual(all);
  });

  it('with firstOnly answers each office’s first free day with only its first time, and how many free days it has', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const range = { start: today, end: addDays(today, 31) };
    for (const page of [{}, { limit: 20 }]) {
      const fullRes = await c.post('/free-times-on-organization', { ...range, ...page });
      const lightRes = await c.post('/free-times-on-organization', { ...range, ...page, firstOnly: true });
      expect(lightRes.statusCode, lightRes.body).toBe(200);
      const full = json<OrganizationFreeTimes[]>(fullRes);
      const light = json<OrganizationFreeTimes[]>(lightRes);
      // The same offices in the same order as the full answer.
      expect(light.map((o) => o.organization)).toEqual(full.map((o) => o.organization));
      // The full answer has something to trim: offices with several free days and days with several times.
      expect(full.some((o) => o.calendar.length > 1)).toBe(true);
      expect(full.some((o) => o.calendar[0]!.calendarSlots.length > 1)).toBe(true);
      light.forEach((office, i) => {
        const all = full[i]!;
        expect(organizationFreeTimesSchema.strict().safeParse({ ...office }).success).toBe(true);
        expect(office.calendar).toHaveLength(1);
        expect(office.calendar[0]!.calendarSlots.length).toBeLessThanOrEqual(1);
        // The first day of the full answer with only its first time (a day-only day keeps no times).
        expect(office.calendar[0]).toEqual({ ...all.calendar[0]!, calendarSlots: all.calendar[0]!.calendarSlots.slice(0, 1) });
        expect(office.freeDays).toBe(all.calendar.length);
      });
      // The day-only office (12) answers its day without times.
      expect(light.find((o) => o.organization.id === 12)!.calendar[0]).toMatchObject({ onlyDayTimesAvailable: true, calendarSlots: [] });
      // firstOnly: false is the full answer.
      expect(json(await c.post('/free-times-on-organization', { ...range, ...page, firstOnly: false }))).toEqual(full);
      expect(lightRes.body.length).toBeLessThan(fullRes.body.length / 4);
    }
  });

  it.each([
    [{ firstOnly: 'true' }, 'firstOnly'],
    [{ firstOnly: 1 }, 'firstOnly'],
    [{ firstOnly: null }, 'firstOnly'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 51 }, 'limit'],
    [{ limit: 2.5 }, 'limit'],
    [{ limit: '5' }, 'limit'],
    [{ latitude: 60.2 }, 'longitude'],
    [{ longitude: 24.9 }, 'latitude'],
    [{ latitude: 91, longitude: 24.9 }, 'latitude'],
    [{ latitude: 60.2, longitude: 'itä' }, 'longitude'],
  ])('a page %j → 400 naming %s', async (body, field) => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expectBadRequest(await c.post('/free-times-on-organization', { start: today, end: addDays(today, 31), ...body }), field);
  });

  it('needs a cart and a range of at most 62 days', async () => {
    const c = new ApiClient(t.app);
    await c.init('MAINTENANCE');
    expectBadRequest(await c.post('/free-times-on-organization', { start: today, end: addDays(today, 10) }), 'cart');
    await prepareMaintenance(c);
    expectBadRequest(await c.post('/free-times-on-organization', { start: today, end: addDays(today, 63) }), 'end');
    expectBadRequest(await c.post('/free-times-on-organization', { start: today }), 'end');
  });
});

describe('key locker', () => {
  it('reports the seeded full half-day at office 1', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: LOCKER_FULL_OFFICE_ID });
    const day = lockerFullDay(seedToday);
    const asked = [`${day}T07:00:00`, `${day}T08:00:00`, `${day}T11:00:00`, `${day}T12:00:00`, `${day}T13:00:00`, `${CLEAN}T08:00:00`];
    const res = await c.post('/locker/reserved-times', { startTimes: asked });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ reservedTimes: [`${day}T07:00:00`, `${day}T08:00:00`, `${day}T11:00:00`] });
  });

  it('counts saved bookings and live holds of other processes against the compartments', async () => {
    // Office 6 has two compartments.
    const [a, b, asker] = [new ApiClient(t.app), new ApiClient(t.app), new ApiClient(t.app)];
    for (const c of [a, b, asker]) await prepareMaintenance(c, { organizationId: 6 });
    for (const c of [a, b]) {
      expect(json(await c.post('/reservation-details/v2', { customerWaiting: false, vehicleLeftForDay: false, usingKeyLocker: true }))).toEqual({ responseCode: 'SUCCESS' });
    }
    expect((await booking(a)).using_key_locker).toBe(true);
    expect(await reserve(a, await reservationAt(a, CLEAN, '08:00:00'))).toBe('SUCCESS');
    expect(await reserve(b, await reservationAt(b, CLEAN, '09:00:00'))).toBe('SUCCESS');
    await a.post('/customer/v2', CUSTOMER);
    expect(json(await a.post('/save-booking')).responseCode).toBe('SUCCESS');
    const saved = await t.db.selectFrom('booking').select(['using_key_locker', 'snapshot']).where('process_token', '=', a.token!).executeTakeFirstOrThrow();
    expect(saved.using_key_locker).toBe(true);
    expect(saved.snapshot).toMatchObject({ using_key_locker: true });

    const ask = async (c: ApiClient) =>
      json(await c.post('/locker/reserved-times', { startTimes: [`${CLEAN}T07:00:00`, `${CLEAN}T13:00:00`] })).reservedTimes;
    expect(await ask(asker)).toEqual([`${CLEAN}T07:00:00`]);
    // The asker's own hold is not counted against it.
    expect(await ask(b)).toEqual([]);
    // An expired hold no longer takes a compartment.
    await t.db.updateTable('resource_time').set({ expires_at: new Date(Date.now() - 1000) }).where('process_token', '=', b.token!).execute();
    expect(await ask(asker)).toEqual([]);
  });

  it('rejects bad start times naming the field', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expectBadRequest(await c.post('/locker/reserved-times', { startTimes: [] }), 'startTimes');
    expectBadRequest(await c.post('/locker/reserved-times', { startTimes: ['2026-11-26 08:00'] }), 'startTimes.0');
  });
});

describe('lead mode', () => {
  const leadDay = workingDayFrom(addDays(today, 1));

  it('sets a lead date, releases the hold, and reserving a time clears it again', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(await reserve(c, await reservationAt(c, CLEAN3, '08:00:00'))).toBe('SUCCESS');
    expect(json(await c.post('/lead', { leadDate: leadDay }))).toEqual({ responseCode: 'SUCCESS' });
    let view = await booking(c);
    expect(view.lead_date).toBe(leadDay);
    expect(view.lead_mode).toBe(false);
    expect(view.booking_total_duration).toBeNull();
    expect(await t.db.selectFrom('resource_time').select('id').where('process_token', '=', c.token!).execute()).toEqual([]);

    expect(await reserve(c, await reservationAt(c, CLEAN3, '08:00:00'))).toBe('SUCCESS');
    view = await booking(c);
    expect(view.lead_date).toBeNull();
    expect(view.booking_total_duration.start).toBe(`${CLEAN3}T08:00:00`);
  });

  it('is the mode of a lead-only office and of a windshield quote request', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 10 });
    expect((await booking(c)).lead_mode).toBe(true);
    // A lead-only office offers no times.
    const days = json<Day[]>(await c.post('/free-times', { start: CLEAN, end: CLEAN }));
    expect(days[0]!.exactTimesAvailable).toBe(false);
    expect(await reserve(c, `${CLEAN}T08:00:00|${CLEAN}T09:00:00`)).toBe('NOT_AVAILABLE');

    const w = new ApiClient(t.app);
    await prepareMaintenance(w);
    expect((await booking(w)).lead_mode).toBe(false);
    await w.post('/product-parameter', { parameterCode: 'WINDSHIELD_CHANGE_BOOKING_TYPE', selectedValue: 'LEAD' });
    expect((await booking(w)).lead_mode).toBe(true);
  });

  it('then save-booking stores a lead: no time on any resource, the wished date in the e-mail, no calendar event', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c, { organizationId: 10 });
    expect(json(await c.post('/lead', { leadDate: leadDay }))).toEqual({ responseCode: 'SUCCESS' });
    await c.post('/customer/v2', CUSTOMER);
    const save = json(await c.post('/save-booking'));
    expect(save.responseCode).toBe('SUCCESS');

    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ kind: 'LEAD', lead_date: leadDay, start_at: null, end_at: null, status: 'CONFIRMED', organization_id: 10 });
    expect(stored.snapshot).toMatchObject({ lead_date: leadDay, lead_mode: true, booking_total_duration: null });
    expect(await t.db.selectFrom('resource_time').select('id').where('booking_id', '=', stored.id).execute()).toEqual([]);

    await t.app.mailer.kick();
    const mail = await t.db.selectFrom('email_outbox').selectAll().where('booking_id', '=', stored.id).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Toivottu päivä: ${formatFinnishDateLong(leadDay)}, otamme yhteyttä`);
    expect(mail.ics).toBeNull();
    expect(mail.status).toBe('SENT');
    const eml = readFileSync(join(t.outboxDir, `${save.bookingKey}.eml`), 'utf8');
    expect(eml).not.toContain('text/calendar');
  });

  it('a process with neither a time nor a lead date cannot be saved', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    await c.post('/customer/v2', CUSTOMER);
    const res = json(await c.post('/save-booking'));
    expect(res.responseCode).toBe('INVALID');
    expect(res.message).toMatch(/Aika puuttuu/);
  });

  it('rejects today, weekends, holidays and dates past three months, naming leadDate', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const saturday = addDays(startOfWeek(addDays(today, 7)), 5);
    const farAway = workingDayFrom(addDays(today, 100));
    for (const leadDate of [today, addDays(today, -3), saturday, farAway, '2026-02-30x']) {
      expectBadRequest(await c.post('/lead', { leadDate }), 'leadDate');
    }
    expect((await booking(c)).lead_date).toBeNull();
  });
});

describe('customer-selected mechanics', () => {
  it('lists the mechanics of an office that lets customers choose, none elsewhere', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.get('/customer-selectable-resources'))).toEqual([
      { id: 1, name: 'Mekaanikko Jari' },
      { id: 2, name: 'Mekaanikko Sanna' },
      { id: 3, name: 'Mekaanikko Pekka' },
      { id: 4, name: 'Mekaanikko Laura' },
      { id: 5, name: 'Mekaanikko Timo' },
    ]);
    await c.post('/active-organization/v2', { organizationId: 2 });
    expect(json(await c.get('/customer-selectable-resources'))).toEqual([]);
  });

  it('finds the mechanic of a returning customer by phone number and car', async () => {
    const c = new ApiClient(t.app);
    // The car of the customer's latest visit: only a session that searched it is answered.
    const plate = (
      await t.db.selectFrom('booking').select('register_number').where('customer_phone', '=', '0400765432').orderBy('start_at', 'desc').executeTakeFirstOrThrow()
    ).register_number;
    await prepareMaintenance(c, { registerNumber: plate });
    const ask = (phoneNumber: string) => c.get('/resource-for-customer', { phoneNumber });
    const sanna = { resource: { id: RETURNING_CUSTOMER_RESOURCE_ID, name: 'Mekaanikko Sanna' } };
    expect(json(await ask(RETURNING_CUSTOMER_PHONE))).toEqual(sanna);
    expect(json(await ask('+358 40 076 5432'))).toEqual(sanna);
    expect(json(await ask('0400765432'))).toEqual(sanna);
    expect(json(await ask('050 000 0001'))).toEqual({ resource: null });
    expectBadRequest(await ask('soita minulle'), 'phoneNumber');
    expectBadRequest(await c.get('/resource-for-customer'), 'phoneNumber');

    // A later visit with another mechanic wins; a booking in the future is not a visit.
    const last = (await t.db.selectFrom('booking').select('start_at').where('customer_phone', '=', '0400765432').orderBy('start_at', 'desc').executeTakeFirstOrThrow()).start_at!;
    const insertVisit = async (date: string, resourceId: number) => {
      // After closing time: no seeded booking is there.
      const start = fromHelsinki(date, '18:00');
      const end = fromHelsinki(date, '19:00');
      const b = await t.db
        .insertInto('booking')
        .values({
          booking_key: `TEST-${date}-${resourceId}`,
          process_type: 'MAINTENANCE',
          organization_id: 1,
          register_number: plate,
          start_at: start,
          end_at: end,
          time_selection_type: 'EXACT_TIME',
          customer: JSON.stringify({ phone_number: '+358400765432' }),
          customer_phone: '0400765432',
          vehicle: '{}',
          order_items: '[]',
          total_cents: 100,
          snapshot: '{}',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`INSERT INTO resource_time (resource_id, during, kind, booking_id)
        VALUES (${resourceId}, tstzrange(${start}, ${end}, '[)'), 'BOOKED', ${b.id})`.execute(t.db);
    };
    // A booking still to come is not a visit.
    await insertVisit(workingDayFrom(addDays(today, 70)), 5);
    expect(json(await ask(RETURNING_CUSTOMER_PHONE))).toEqual(sanna);
    // A later visit with another mechanic wins.
    const dayAfterLast = addDays(new Date(last).toISOString().slice(0, 10), 1);
    await insertVisit(dayAfterLast, 4);
    expect(json(await ask(RETURNING_CUSTOMER_PHONE))).toEqual({ resource: { id: 4, name: 'Mekaanikko Laura' } });
    // An office that does not let customers choose answers nobody.
    await c.post('/active-organization/v2', { organizationId: 2 });
    expect(json(await ask(RETURNING_CUSTOMER_PHONE))).toEqual({ resource: null });
  });

  it('limits free-times and reserve-time to the chosen mechanics; a transfer clears the choice', async () => {
    // Mekaanikko Sanna (resource 2) is away all day.
    await sql`INSERT INTO resource_time (resource_id, during, kind)
      VALUES (2, tstzrange(${fromHelsinki(CLEAN2, '07:30')}, ${fromHelsinki(CLEAN2, '17:00')}, '[)'), 'BOOKED')`.execute(t.db);
    const anyone = new ApiClient(t.app);
    await prepareMaintenance(anyone);
    expect((await startsOn(anyone, CLEAN2)).length).toBeGreaterThan(0);

    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expect(json(await c.post('/customer-selected-resources', { resourceIds: [2] }))).toEqual({ responseCode: 'SUCCESS' });
    expect((await booking(c)).selected_resource_ids).toEqual([2]);
    for (const path of ['/free-times', '/free-times/morning', '/free-times/evening']) {
      expect(json<Day[]>(await c.post(path, { start: CLEAN2, end: CLEAN2 }))[0]!.exactTimesAvailable).toBe(false);
    }
    const slot = await reservationAt(anyone, CLEAN2, '08:00:00');
    expect(await reserve(c, slot)).toBe('NOT_AVAILABLE');

    // Sanna or Jari: Jari takes it.
    expect(json(await c.post('/customer-selected-resources', { resourceIds: [2, 1] }))).toEqual({ responseCode: 'SUCCESS' });
    expect(await startsOn(c, CLEAN2)).toContain('08:00:00');
    expect(await reserve(c, slot)).toBe('SUCCESS');
    const hold = await t.db.selectFrom('resource_time').select('resource_id').where('process_token', '=', c.token!).executeTakeFirstOrThrow();
    expect(hold.resource_id).toBe(1);
    // Choosing only Sanna now lets Jari's hold go.
    await c.post('/customer-selected-resources', { resourceIds: [2] });
    expect((await booking(c)).booking_total_duration).toBeNull();
    // An empty list is anyone again.
    await c.post('/customer-selected-resources', { resourceIds: [] });
    expect((await booking(c)).selected_resource_ids).toEqual([]);
    expect(await startsOn(c, CLEAN2)).toContain('08:00:00');

    await c.post('/customer-selected-resources', { resourceIds: [3] });
    await c.post('/active-organization/v2', { organizationId: 4 });
    expect((await booking(c)).selected_resource_ids).toEqual([]);
  });

  it('accepts only selectable mechanics of the booking office, naming resourceIds', async () => {
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    expectBadRequest(await c.post('/customer-selected-resources', { resourceIds: [6] }), 'resourceIds'); // office 2's
    expectBadRequest(await c.post('/customer-selected-resources', { resourceIds: [9999] }), 'resourceIds');
    expectBadRequest(await c.post('/customer-selected-resources', { resourceIds: 'kaikki' }), 'resourceIds');
    expectBadRequest(await c.post('/customer-selected-resources', { resourceIds: Array.from({ length: 11 }, (_, i) => i + 1) }), 'resourceIds');
    expect((await booking(c)).selected_resource_ids).toEqual([]);
    await c.post('/active-organization/v2', { organizationId: 2 });
    expectBadRequest(await c.post('/customer-selected-resources', { resourceIds: [6] }), 'resourceIds');
  });
});
