import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInHelsinki, type PersonalDataExport } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { loyalty } from '#test/loyalty.ts';
import { WRONG_PASSWORD_MESSAGE } from './self-service.ts';

/**
 * A loyalty member's own data: getUserData answers everything held about the account as one
 * document, deleteUser deletes the account after the password is given again; the bookings
 * stay, without the link.
 */
let t: TestApp;
const MEMBER = { username: 'testi@example.com', password: 'Salasana123!' };
/** A booking made with the members' code but another e-mail address: the member's by the link. */
let linkedBooking: string;
let accountId: number;

async function login() {
  const res = await loyalty(t.app, '/login/', MEMBER);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ token: string }>(res).token;
}

/** The rows of the loyalty tables, the bookings' links and the outbox, as text: equal, nothing changed. */
async function loyaltyState() {
  const out: Record<string, string> = {};
  for (const table of ['loyalty_account', 'loyalty_vehicle', 'loyalty_voucher', 'loyalty_service_contract', 'loyalty_account_brand', 'loyalty_token', 'loyalty_registration', 'email_outbox', 'audit_event']) {
    const r = await sql<{ d: string }>`SELECT coalesce(string_agg(x::text, '|' ORDER BY x::text), '') AS d FROM ${sql.table(table)} x`.execute(t.db);
    out[table] = r.rows[0]!.d;
  }
  const links = await sql<{ d: string }>`SELECT coalesce(string_agg(id::text, ',' ORDER BY id), '') AS d FROM booking WHERE loyalty_account_id IS NOT NULL`.execute(t.db);
  out.links = links.rows[0]!.d;
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  accountId = (await t.db.selectFrom('loyalty_account').select('id').where('username', '=', MEMBER.username).executeTakeFirstOrThrow()).id;
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  expect(json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken: await login() })).responseCode).toBe('SUCCESS');
  await c.post('/reserve-time', { reservation: await firstFreeSlot(c, addDays(todayInHelsinki(), 2)), timeSelectionType: 'EXACT_TIME' });
  await c.post('/customer/v2', { ...CUSTOMER, email: 'toinen.osoite@example.com' });
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
  linkedBooking = save.bookingKey;
  await t.app.mailer.flush();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('getUserData', () => {
  it('answers the account with its cars, vouchers and contract, the bookings made with it or its e-mail and their messages; no password', async () => {
    const res = await loyalty(t.app, '/getUserData/', { token: await login() });
    expect(res.statusCode, res.body).toBe(200);
    const document = json<PersonalDataExport>(res);

    const bookings = await sql<{ id: string; booking_key: string }>`
      SELECT id, booking_key FROM booking WHERE loyalty_account_id = ${accountId} OR lower(customer->>'email') = ${MEMBER.username}`.execute(t.db);
    expect(bookings.rows.length).toBeGreaterThanOrEqual(1);
    expect(document.bookings.map((b) => b.bookingKey).sort()).toEqual(bookings.rows.map((b) => b.booking_key).sort());
    expect(document.bookings.map((b) => b.bookingKey)).toContain(linkedBooking);
    const ids = bookings.rows.map((b) => String(b.id));
    const messages = await sql<{ n: string }>`
      SELECT count(*) AS n FROM email_outbox
      WHERE booking_id = ANY(${ids}::bigint[]) OR (booking_id IS NULL AND lower(recipient) = ${MEMBER.username})`.execute(t.db);
    expect(document.messages).toHaveLength(Number(messages.rows[0]!.n));
    expect(document.messages.length).toBeGreaterThanOrEqual(1);

    expect(document.loyaltyAccounts).toHaveLength(1);
    expect(document.loyaltyAccounts[0]).toMatchObject({
      username: MEMBER.username,
      firstname: 'Testi',
      lastname: 'Asiakas',
      phone: '040 123 4567',
      brands: ['BMW', 'Volkswagen'],
    });
    expect((document.loyaltyAccounts[0]!.cars as { license: string }[]).map((c) => c.license)).toEqual(['ABC-123', 'BMW-123']);
    expect((document.loyaltyAccounts[0]!.vouchers as { id: string }[]).map((v) => v.id).sort()).toEqual(['ETU-15-KESA', 'ETU-20-HUOLTO']);
    expect(document.loyaltyAccounts[0]!.serviceContracts).toHaveLength(1);
    expect(document.summary[0]).toBe(`Varaukset: ${bookings.rows.length}`);
    expect(document.summary).toContain('Kanta-asiakastili: Testi Asiakas, testi@example.com, 2 autoa, 2 etua, 1 huoltosopimus');
    expect(JSON.stringify(document)).not.toMatch(/scrypt|password_hash|confirmation_hash/);
  });

  it('401 for a token that is not live; 400 without one', async () => {
    expect((await loyalty(t.app, '/getUserData/', { token: 'x'.repeat(43) })).statusCode).toBe(401);
    expect((await loyalty(t.app, '/getUserData/', {})).statusCode).toBe(400);
  });
});

describe('deleteUser', () => {
  it('a wrong or missing password changes nothing: 400 naming password, the token still works', async () => {
    const token = await login();
    const before = await loyaltyState();
    const wrong = await loyalty(t.app, '/deleteUser/', { token, password: 'väärä-salasana' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ error: 'WRONG_PASSWORD', message: WRONG_PASSWORD_MESSAGE, fields: [{ path: 'password', message: WRONG_PASSWORD_MESSAGE }] });
    const missing = await loyalty(t.app, '/deleteUser/', { token });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).fields.map((f: { path: string }) => f.path)).toContain('password');
    expect((await loyalty(t.app, '/deleteUser/', { token: 'y'.repeat(43), password: MEMBER.password })).statusCode).toBe(401);
    expect(await loyaltyState()).toEqual(before);
    expect((await loyalty(t.app, '/getUserInfo/', { token })).statusCode).toBe(200);
  });

  it('deletes the account with its cars, vouchers, contracts, brands and logins; the bookings stay unlinked; an audit row without the person', async () => {
    const token = await login();
    const other = await login();
    const linked = await t.db.selectFrom('booking').select(['id', 'booking_key']).where('loyalty_account_id', '=', accountId).execute();
    expect(linked.map((b) => b.booking_key)).toContain(linkedBooking);
    const bookingsBefore = await sql<{ n: string }>`SELECT count(*) AS n FROM booking`.execute(t.db);

    const res = await loyalty(t.app, '/deleteUser/', { token, password: MEMBER.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ responseCode: 'SUCCESS' });

    for (const tk of [token, other]) expect((await loyalty(t.app, '/getUserInfo/', { token: tk })).statusCode).toBe(401);
    expect((await loyalty(t.app, '/login/', MEMBER)).statusCode).toBe(401);
    for (const table of ['loyalty_account', 'loyalty_vehicle', 'loyalty_voucher', 'loyalty_service_contract', 'loyalty_account_brand', 'loyalty_token'] as const) {
      const column = table === 'loyalty_account' ? 'id' : 'account_id';
      const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.ref(column)} = ${accountId}`.execute(t.db);
      expect(Number(r.rows[0]!.n), table).toBe(0);
    }
    expect(await t.db.selectFrom('loyalty_account').select('id').where('username', '=', MEMBER.username).execute()).toEqual([]);
    // The workshop's bookings stay, without the link.
    const bookingsAfter = await sql<{ n: string }>`SELECT count(*) AS n FROM booking`.execute(t.db);
    expect(bookingsAfter.rows[0]!.n).toBe(bookingsBefore.rows[0]!.n);
    const kept = await t.db.selectFrom('booking').select(['booking_key', 'loyalty_account_id', 'status']).where('id', 'in', linked.map((b) => b.id)).execute();
    expect(kept.map((b) => b.booking_key).sort()).toEqual(linked.map((b) => b.booking_key).sort());
    expect(kept.every((b) => b.loyalty_account_id === null && b.status === 'CONFIRMED')).toBe(true);

    const [audit] = await t.db.selectFrom('audit_event').selectAll().where('entity', '=', 'PERSONAL_DATA').where('action', '=', 'ACCOUNT_DELETED').execute();
    expect(audit).toMatchObject({ staff_user_id: null, entity_id: null });
    expect(audit!.after).toMatchObject({ loyaltyAccounts: 1, bookingsUnlinked: linked.length });
    expect(JSON.stringify(audit)).not.toMatch(/testi@example\.com|Asiakas|040 ?123 ?4567|0401234567/i);
  });
});
