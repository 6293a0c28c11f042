/**
 * The loyalty vouchers on the back-office: an admin gives a member a voucher, one
 * transaction with its VOUCHER audit row, and the member's next login on a booking applies
 * it; the booking saved with it spends it and the list names that booking. Bad input and an
 * unknown member are refused naming the field and change nothing; an office user is
 * refused, nobody signed in too; without the LOYALTY module the calls answer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LOYALTY_API_BASE, XSRF_COOKIE, XSRF_HEADER, addDays, todayInHelsinki, type VoucherAdmin } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { listAudit } from '../audit/index.ts';

const fieldsOf = (res: { json(): unknown }) => ((res.json() as { fields?: { path: string }[] }).fields ?? []).map((f) => f.path);
const TODAY = todayInHelsinki();
const MEMBER = { username: 'testi@example.com', password: 'Salasana123!' };

let t: TestApp;
let admin: StaffClient;
let officeUser: StaffClient;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  officeUser = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
}, 60_000);
afterAll(() => t.close());

/** The vouchers and the audit trail, to show that a refused call changed nothing. */
async function digest() {
  const { rows } = await sql<{ d: string }>`
    SELECT md5(
      (SELECT coalesce(string_agg(v::text, ',' ORDER BY v.id), '') FROM loyalty_voucher v) ||
      (SELECT count(*)::text FROM audit_event)) AS d`.execute(t.db);
  return rows[0]!.d;
}

/** A new voucher of the demo member, valid for a month from `validFrom`. */
async function freshVoucher(validFrom = TODAY): Promise<VoucherAdmin> {
  const res = await admin.post('/catalogue/vouchers', { accountEmail: 'testi@example.com', title: 'Peruttava etu', discountCents: 700, validFrom, validTo: addDays(validFrom, 30) });
  expect(res.statusCode, res.body).toBe(200);
  return json<VoucherAdmin>(res);
}

/** The member's login token from the loyalty API. */
async function memberToken(ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${LOYALTY_API_BASE}/login/`,
    headers: { cookie: `${XSRF_COOKIE}=k`, [XSRF_HEADER]: 'k' },
    payload: MEMBER,
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

describe('loyalty vouchers on the back-office', () => {
  it("an admin gives the member a voucher with an audit row; the member's login applies it to a booking, whose saving spends it", async () => {
    const body = { accountEmail: ' Testi@Example.com ', title: 'Pahoittelumme: 35 € seuraavasta huollosta', discountCents: 3500, validFrom: TODAY, validTo: addDays(TODAY, 30) };
    const res = await admin.post('/catalogue/vouchers', body);
    expect(res.statusCode, res.body).toBe(200);
    const created = json<VoucherAdmin>(res);
    expect(created).toEqual({
      id: expect.stringMatching(/^ETU-[0-9A-F]{8}$/),
      accountEmail: 'testi@example.com',
      title: body.title,
      discountCents: 3500,
      validFrom: TODAY,
      validTo: addDays(TODAY, 30),
      usedBookingKey: null,
    });
    const [audit] = await listAudit(t.db, 'VOUCHER', created.id);
    expect(audit).toMatchObject({ action: 'CREATED', after: created });
    expect(json<VoucherAdmin[]>(await admin.get('/catalogue/vouchers')).find((v) => v.id === created.id)).toEqual(created);

    // The member logs in on a booking: the members' code applies the new voucher with the seed's one.
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const token = await memberToken('10.7.0.1');
    const answer = json<{ responseCode: string; vouchers: string[] }>(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: token }));
    expect(answer.responseCode).toBe('SUCCESS');
    expect(answer.vouchers).toContain(created.id);
    const booking = json<{ discounts: { code: string; amount: number }[] }>(await c.get('/get-booking/v2'));
    expect(booking.discounts).toContainEqual(expect.objectContaining({ code: created.id, amount: 3500 }));

    await c.post('/reserve-time', { reservation: await firstFreeSlot(c), timeSelectionType: 'EXACT_TIME' });
    await c.post('/customer/v2', CUSTOMER);
    const saved = json<{ bookingKey: string }>(await c.post('/save-booking'));
    const mine = json<VoucherAdmin[]>(await admin.get('/catalogue/vouchers?email=TESTI@example.com'));
    expect(mine.find((v) => v.id === created.id)).toEqual({ ...created, usedBookingKey: saved.bookingKey });
    expect(mine.every((v) => v.accountEmail === 'testi@example.com')).toBe(true);
  });

  it('lists the last day furthest ahead first; a member with no vouchers has none', async () => {
    const later = json<VoucherAdmin>(await admin.post('/catalogue/vouchers', { accountEmail: 'testi@example.com', title: 'Kesäetu', discountCents: 1000, validFrom: TODAY, validTo: addDays(TODAY, 400) }));
    const list = json<VoucherAdmin[]>(await admin.get('/catalogue/vouchers'));
    expect(list[0]).toEqual(later);
    expect(list.map((v) => v.validTo)).toEqual([...list.map((v) => v.validTo)].sort().reverse());
    const none = await admin.get('/catalogue/vouchers?email=ei.jasen@example.com');
    expect(none.statusCode).toBe(200);
    expect(json(none)).toEqual([]);
  });

  it('refuses bad input naming the field and an unknown member naming accountEmail; nothing changes', async () => {
    const before = await digest();
    const ok = { accountEmail: 'testi@example.com', title: 'Etu', discountCents: 500, validFrom: TODAY, validTo: TODAY };
    const cases: [unknown, string[]][] = [
      [{ ...ok, accountEmail: 'ei.jasen@example.com' }, ['accountEmail']],
      [{ ...ok, accountEmail: 'ei-osoite' }, ['accountEmail']],
      [{ ...ok, title: '' }, ['title']],
      [{ ...ok, title: 'x'.repeat(101) }, ['title']],
      [{ ...ok, discountCents: 0 }, ['discountCents']],
      [{ ...ok, discountCents: 100_000_01 }, ['discountCents']],
      [{ ...ok, discountCents: 12.5 }, ['discountCents']],
      [{ ...ok, validTo: addDays(TODAY, -1) }, ['validTo']],
      [{ ...ok, validFrom: '2026-02-30' }, ['validFrom']],
      [{ accountEmail: 'testi@example.com', title: 'Etu', discountCents: 500, validFrom: TODAY }, ['validTo']],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.post('/catalogue/vouchers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
    const query = await admin.get('/catalogue/vouchers?email=ei-osoite');
    expect(query.statusCode).toBe(400);
    expect(fieldsOf(query)).toEqual(['email']);
    expect(await digest()).toBe(before);
  });

  it('403 for an office user, 401 signed out; nothing changes', async () => {
    const before = await digest();
    const nobody = new StaffClient(t.app);
    const body = { accountEmail: 'testi@example.com', title: 'Etu', discountCents: 500, validFrom: TODAY, validTo: TODAY };
    const calls = (c: StaffClient) => [c.get('/catalogue/vouchers'), c.post('/catalogue/vouchers', body), c.post('/catalogue/vouchers/ETU-20-HUOLTO/withdraw', {})];
    for (const res of await Promise.all(calls(officeUser))) expect(res.statusCode, res.body).toBe(403);
    for (const res of await Promise.all(calls(nobody))) expect(res.statusCode, res.body).toBe(401);
    expect(await digest()).toBe(before);
  });

  it('404 without the LOYALTY module, even for bad input; nothing changes', async () => {
    const unused = await freshVoucher();
    await t.db.insertInto('setting').values({ key: 'modules', value: JSON.stringify({ LOYALTY: false }) }).execute();
    try {
      const before = await digest();
      const body = { accountEmail: 'testi@example.com', title: 'Etu', discountCents: 500, validFrom: TODAY, validTo: TODAY };
      const calls = [
        await admin.get('/catalogue/vouchers'),
        await admin.post('/catalogue/vouchers', body),
        await admin.post('/catalogue/vouchers', { title: '' }),
        await admin.post(`/catalogue/vouchers/${unused.id}/withdraw`, {}),
      ];
      for (const res of calls) {
        expect(res.statusCode, res.body).toBe(404);
        expect(json(res)).toMatchObject({ error: 'NOT_FOUND', message: 'Kanta-asiakasohjelma ei ole käytössä.' });
      }
      expect(await digest()).toBe(before);
    } finally {
      await t.db.deleteFrom('setting').where('key', '=', 'modules').execute();
    }
    expect((await admin.get('/catalogue/vouchers')).statusCode).toBe(200);
  });
});

describe('withdrawing a voucher', () => {
  it('ends a voucher not used yet yesterday, with an audit row: a booking it was applied to no longer takes it off; again changes nothing', async () => {
    const v = await freshVoucher(addDays(TODAY, -5));
    const c = new ApiClient(t.app);
    await prepareMaintenance(c);
    const applied = json<{ vouchers: string[] }>(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: await memberToken('10.7.0.2') }));
    expect(applied.vouchers).toContain(v.id);
    const discountsOf = async () => json<{ discounts: { code: string }[] }>(await c.get('/get-booking/v2')).discounts.map((d) => d.code);
    expect(await discountsOf()).toContain(v.id);

    const res = await admin.post(`/catalogue/vouchers/${v.id}/withdraw`, {});
    expect(res.statusCode, res.body).toBe(200);
    const withdrawn = json<VoucherAdmin>(res);
    expect(withdrawn).toEqual({ ...v, validTo: addDays(TODAY, -1) });
    expect((await listAudit(t.db, 'VOUCHER', v.id))[0]).toMatchObject({ action: 'DEACTIVATED', before: v, after: withdrawn });
    expect(await discountsOf()).not.toContain(v.id);

    const before = await digest();
    const again = await admin.post(`/catalogue/vouchers/${v.id}/withdraw`, {});
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual(withdrawn);
    expect(await digest()).toBe(before);
  });

  it('a voucher that starts today or later ends yesterday too, its first day moved back', async () => {
    const v = await freshVoucher(addDays(TODAY, 10));
    const withdrawn = json<VoucherAdmin>(await admin.post(`/catalogue/vouchers/${v.id}/withdraw`, {}));
    expect(withdrawn).toEqual({ ...v, validFrom: addDays(TODAY, -1), validTo: addDays(TODAY, -1) });
  });

  it('409 for a voucher a booking has spent, 404 for an unknown one, 400 for a bad id; nothing changes', async () => {
    const spent = json<VoucherAdmin[]>(await admin.get('/catalogue/vouchers')).find((v) => v.usedBookingKey !== null)!;
    expect(spent).toBeDefined();
    const before = await digest();
    const used = await admin.post(`/catalogue/vouchers/${spent.id}/withdraw`, {});
    expect(used.statusCode, used.body).toBe(409);
    expect(json(used)).toMatchObject({ error: 'VOUCHER_USED', message: `Etu on jo käytetty varauksessa ${spent.usedBookingKey}.` });
    expect((await admin.post('/catalogue/vouchers/EI-OLE/withdraw', {})).statusCode).toBe(404);
    const bad = await admin.post('/catalogue/vouchers/%C3%84/withdraw', {});
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['voucherId']);
    expect(await digest()).toBe(before);
  });
});
