/**
 * The campaign codes on the back-office: an admin lists, creates and edits codes, each
 * change one transaction with its CAMPAIGN_CODE audit row; bad input and a taken code are
 * refused naming the field and change nothing; an office user is refused, nobody signed in
 * too. The customer's campaign-code/v2 takes a code only on its days and while active
 * (EXPIRED / NOT_YET_VALID otherwise); a code that lapses after it was put on the cart takes
 * nothing off from then on, and a booking saved with a code keeps it and its price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInHelsinki, type CampaignCodeAdmin } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const TODAY = todayInHelsinki();

let t: TestApp;
let admin: StaffClient;
let officeUser: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  officeUser = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

/** The campaign codes and the audit trail, to show that a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(c::text, ',' ORDER BY c.code), '') FROM campaign_code c) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

/** A customer's booking with a service in the cart, and the code answer to `value`. */
async function customerWith(value: string) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  return { c, answer: json<{ responseCode: string }>(await c.post('/campaign-code/v2', { value })) };
}

describe('campaign codes on the back-office', () => {
  it('an admin creates a code, written in capitals, with an audit row; the list shows it with its bookings counted', async () => {
    const res = await admin.post('/catalogue/campaign-codes', { code: ' kevat25 ', description: 'Kevään huoltoetu', percentOff: 15, validFrom: TODAY, validTo: addDays(TODAY, 30) });
    expect(res.statusCode, res.body).toBe(200);
    const created = json<CampaignCodeAdmin>(res);
    expect(created).toEqual({ code: 'KEVAT25', description: 'Kevään huoltoetu', percentOff: 15, membersOnly: false, validFrom: TODAY, validTo: addDays(TODAY, 30), active: true, bookingCount: 0 });
    const [audit] = await listAudit(t.db, 'CAMPAIGN_CODE', 'KEVAT25');
    expect(audit).toMatchObject({ action: 'CREATED', after: created });

    const list = json<CampaignCodeAdmin[]>(await admin.get('/catalogue/campaign-codes'));
    expect(list.find((x) => x.code === 'KEVAT25')).toEqual(created);
    expect(list.map((x) => x.code)).toEqual([...list.map((x) => x.code)].sort());
    // The seed's members' code is there too, with the bookings that carry it counted.
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM booking WHERE campaign_code = 'OMALAAKKONEN'`.execute(t.db);
    expect(list.find((x) => x.code === 'OMALAAKKONEN')).toMatchObject({ membersOnly: true, bookingCount: rows[0]!.n });
  });

  it('an admin changes a code and takes it out of use, each with an audit row; an unchanged save writes nothing', async () => {
    const body = { description: 'Kevään huoltoetu', percentOff: 20, membersOnly: false, validFrom: TODAY, validTo: addDays(TODAY, 60), active: true };
    const res = await admin.put('/catalogue/campaign-codes/kevat25', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ code: 'KEVAT25', percentOff: 20, validTo: addDays(TODAY, 60) });
    const [updated] = await listAudit(t.db, 'CAMPAIGN_CODE', 'KEVAT25');
    expect(updated).toMatchObject({ action: 'UPDATED', before: { percentOff: 15 }, after: { percentOff: 20 } });

    const before = await digest();
    expect((await admin.put('/catalogue/campaign-codes/KEVAT25', body)).statusCode).toBe(200);
    expect(await digest()).toBe(before);

    const off = await admin.put('/catalogue/campaign-codes/KEVAT25', { ...body, active: false });
    expect(json(off)).toMatchObject({ active: false });
    expect((await listAudit(t.db, 'CAMPAIGN_CODE', 'KEVAT25'))[0]).toMatchObject({ action: 'DEACTIVATED' });
    expect(json(await admin.put('/catalogue/campaign-codes/KEVAT25', body))).toMatchObject({ active: true });
    expect((await listAudit(t.db, 'CAMPAIGN_CODE', 'KEVAT25'))[0]).toMatchObject({ action: 'ACTIVATED' });
  });

  it('refuses bad input naming the field, a taken code naming code, an unknown code with 404; nothing changes', async () => {
    const before = await digest();
    const cases: [unknown, string[]][] = [
      [{ code: 'KEVAT25', description: 'Toinen', percentOff: 5 }, ['code']],
      [{ code: 'ÄÄKKÖSET', description: 'x', percentOff: 5 }, ['code']],
      [{ code: 'UUSI', description: '', percentOff: 5 }, ['description']],
      [{ code: 'UUSI', description: 'x', percentOff: 0 }, ['percentOff']],
      [{ code: 'UUSI', description: 'x', percentOff: 101 }, ['percentOff']],
      [{ code: 'UUSI', description: 'x', percentOff: 5, validFrom: TODAY, validTo: addDays(TODAY, -1) }, ['validTo']],
      [{ code: 'UUSI', description: 'x', percentOff: 5, validFrom: '2026-02-30' }, ['validFrom']],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.post('/catalogue/campaign-codes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    const update = await admin.put('/catalogue/campaign-codes/KEVAT25', { description: 'x', percentOff: 10, validFrom: addDays(TODAY, 2), validTo: TODAY });
    expect(update.statusCode).toBe(400);
    expect(fieldsOf(update)).toEqual(['validTo']);
    expect((await admin.put('/catalogue/campaign-codes/EIOLE', { description: 'x', percentOff: 10 })).statusCode).toBe(404);
    expect(await digest()).toBe(before);
  });

  it('403 for an office user, 401 signed out; nothing changes', async () => {
    const before = await digest();
    const nobody = new StaffClient(t.app);
    const calls = (c: StaffClient) => [
      c.get('/catalogue/campaign-codes'),
      c.post('/catalogue/campaign-codes', { code: 'UUSI', description: 'x', percentOff: 5 }),
      c.put('/catalogue/campaign-codes/KEVAT25', { description: 'x', percentOff: 5 }),
    ];
    for (const res of await Promise.all(calls(officeUser))) expect(res.statusCode, res.body).toBe(403);
    for (const res of await Promise.all(calls(nobody))) expect(res.statusCode, res.body).toBe(401);
    expect(await digest()).toBe(before);
  });
});

describe("the customer's campaign code follows its days", () => {
  const put = (code: string, validFrom: string | null, validTo: string | null, active = true) =>
    admin.put(`/catalogue/campaign-codes/${code}`, { description: 'Kevään huoltoetu', percentOff: 20, validFrom, validTo, active });

  it('accepted on its days, edges included: 20 % off the services', async () => {
    for (const [from, to] of [[TODAY, TODAY], [addDays(TODAY, -3), TODAY], [TODAY, null], [null, null]] as const) {
      expect((await put('KEVAT25', from, to)).statusCode).toBe(200);
      const { c, answer } = await customerWith('kevat25');
      expect(answer, `${from}…${to}`).toEqual({ responseCode: 'SUCCESS', percentOff: 20 });
      const booking = json(await c.get('/get-booking/v2'));
      expect(booking.campaign_code).toBe('KEVAT25');
      const services = booking.order_items.reduce((s: number, i: { price: number }) => s + i.price, 0);
      expect(booking.discounts).toEqual([{ code: 'KEVAT25', description: 'Kevään huoltoetu', amount: Math.round(services * 0.2) }]);
    }
  });

  it('refused after its last day or out of use (EXPIRED), before its first day (NOT_YET_VALID); the booking keeps no code', async () => {
    const cases: [string | null, string | null, boolean, string][] = [
      [addDays(TODAY, -10), addDays(TODAY, -1), true, 'EXPIRED'],
      [null, null, false, 'EXPIRED'],
      [addDays(TODAY, 1), addDays(TODAY, 10), true, 'NOT_YET_VALID'],
    ];
    for (const [from, to, active, expected] of cases) {
      expect((await put('KEVAT25', from, to, active)).statusCode).toBe(200);
      const { c, answer } = await customerWith('KEVAT25');
      expect(answer, `${from}…${to} ${active}`).toEqual({ responseCode: expected });
      const booking = json(await c.get('/get-booking/v2'));
      expect(booking.campaign_code).toBeNull();
      expect(booking.discounts).toEqual([]);
    }
    expect((await customerWith('EIOLEOLEMASSA')).answer).toEqual({ responseCode: 'NOT_FOUND' });
  });

  it('a code that lapses after it was put on the cart takes nothing off from then on, nor at saving', async () => {
    expect((await put('KEVAT25', null, null)).statusCode).toBe(200);
    const { c, answer } = await customerWith('KEVAT25');
    expect(answer).toEqual({ responseCode: 'SUCCESS', percentOff: 20 });
    const withCode = json(await c.get('/get-booking/v2')).price.active_price;
    expect((await put('KEVAT25', addDays(TODAY, -5), addDays(TODAY, -1))).statusCode).toBe(200);
    const lapsed = json(await c.get('/get-booking/v2'));
    expect(lapsed.campaign_code).toBeNull();
    expect(lapsed.discounts).toEqual([]);
    expect(lapsed.price.active_price).toBeGreaterThan(withCode);

    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', CUSTOMER);
    const save = json(await c.post('/save-booking'));
    expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored.campaign_code).toBeNull();
    expect(stored.total_cents).toBe(lapsed.price.active_price);
  });

  it('a booking saved with a code keeps it and its price when the code ends later; the list counts it', async () => {
    expect((await put('KEVAT25', null, null)).statusCode).toBe(200);
    const { c } = await customerWith('KEVAT25');
    const priced = json(await c.get('/get-booking/v2')).price.active_price;
    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', CUSTOMER);
    const save = json(await c.post('/save-booking'));
    expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
    const counted = json<CampaignCodeAdmin[]>(await admin.get('/catalogue/campaign-codes')).find((x) => x.code === 'KEVAT25')!;
    expect(counted.bookingCount).toBe(1);

    expect((await put('KEVAT25', addDays(TODAY, -5), addDays(TODAY, -1), false)).statusCode).toBe(200);
    const stored = await t.db.selectFrom('booking').selectAll().where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
    expect(stored.campaign_code).toBe('KEVAT25');
    expect(stored.total_cents).toBe(priced);
  });
});
