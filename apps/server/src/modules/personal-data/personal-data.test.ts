import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  UPCOMING_BOOKINGS_MESSAGE,
  addDays,
  normalizePhoneNumber,
  todayInHelsinki,
  type PersonalDataErasure,
  type PersonalDataExport,
  type PersonalDataFound,
  type StaffSearch,
} from '@huolto/domain';
import { hashPassword } from '#src/lib/password.ts';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { loyalty } from '#test/loyalty.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { bookingsOfQuery } from './repository.ts';

/**
 * A person's data on request: an admin finds (search), downloads (export) and erases (erase)
 * what is held about a person by e-mail, phone or plate; office users cannot, nothing of
 * another customer's is in a download, and after an erasure the person is nowhere in the
 * database.
 */
let t: TestApp;
let admin: StaffClient;
let office: StaffClient;
let anonymous: StaffClient;

/** The person to erase: nobody in the seed has these. */
const PERSON = {
  first: 'Eerika',
  last: 'Pyyhittävä',
  email: 'eerika.pyyhittava@example.com',
  phone: '+358 44 765 4321',
  password: 'Poistettava-123',
  plate: 'PYY-321',
};
const PHONE = normalizePhoneNumber(PERSON.phone);
/** The phone's digits, however a text writes them (spaces or hyphens between). */
const PHONE_PATTERN = '4[ -]?4[ -]?7[ -]?6[ -]?5[ -]?4[ -]?3[ -]?2[ -]?1';
/** The seeded returning customer with several bookings. */
const RITVA = { email: 'ritva.palaava@example.com', phone: '040 076 5432' };
const MEMBER = { username: 'testi@example.com', password: 'Salasana123!' };

let personBooking: { id: number; bookingKey: string };
let personAccountId: number;
let memberBookingKey: string;

/** Books the first free time of the coming weeks through the API; answers the booking's id and key. */
async function book(customer: typeof CUSTOMER, loyaltyToken?: string) {
  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  if (loyaltyToken) expect(json(await c.post('/campaign-code/v2', { value: 'OMALAAKKONEN', loyaltyToken })).responseCode).toBe('SUCCESS');
  const reserve = json(await c.post('/reserve-time', { reservation: await firstFreeSlot(c, addDays(todayInHelsinki(), 2)), timeSelectionType: 'EXACT_TIME' }));
  expect(reserve.responseCode).toBe('SUCCESS');
  expect((await c.post('/customer/v2', customer)).statusCode).toBe(200);
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
  const row = await t.db.selectFrom('booking').select('id').where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  return { id: Number(row.id), bookingKey: save.bookingKey as string };
}

/** Sends the outbox until nothing waits (a call's own kick may be sending some of it). */
async function settleOutbox() {
  for (let i = 0; i < 100; i++) {
    await t.app.mailer.flush();
    const waiting = await t.db.selectFrom('email_outbox').select('id').where('status', 'in', ['PENDING', 'SENDING']).execute();
    if (waiting.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the outbox did not settle');
}

/**
 * A digest of every table's rows: equal digests, nothing changed. The rate limits' counters
 * count every call, refused or not, and are left out.
 */
async function digestOfAllTables(): Promise<Record<string, string>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limit_counter' ORDER BY table_name`.execute(t.db);
  await settleOutbox();
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ d: string }>`SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d FROM ${sql.table(table_name)} x`.execute(t.db);
    out[table_name] = r.rows[0]!.d;
  }
  return out;
}

/**
 * Every text, varchar and jsonb column of every table (from information_schema) read as
 * text, with the rows where one of the patterns (case-insensitive regular expressions) is found.
 */
async function scanDatabase(patterns: string[]): Promise<string[]> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
    ORDER BY c.table_name, c.column_name`.execute(t.db);
  expect(columns.rows.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    for (const p of patterns) {
      const r = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table_name)} WHERE ${sql.ref(column_name)}::text ~* ${p}`.execute(t.db);
      if (Number(r.rows[0]!.n) > 0) found.push(`${table_name}.${column_name} ~ ${p}: ${r.rows[0]!.n}`);
    }
  }
  return found;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PERSON_PATTERNS = [escapeRegex(PERSON.email), PHONE_PATTERN, PERSON.last, escapeRegex(PERSON.plate)];

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  office = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
  anonymous = new StaffClient(t.app);

  // Nobody of the seed is the person (the scan after the erasure would find them otherwise).
  expect(await scanDatabase(PERSON_PATTERNS)).toEqual([]);

  // The person's booking through the API (the e-mail written in capitals), ahead in time.
  personBooking = await book({ ...CUSTOMER, first_name: PERSON.first, last_name: PERSON.last, email: PERSON.email.toUpperCase(), phone_number: PERSON.phone });
  await t.db.updateTable('booking').set({ register_number: PERSON.plate }).where('id', '=', String(personBooking.id)).execute();
  const note = await admin.post(`/bookings/${personBooking.id}/notes`, { text: `Soita ${PERSON.first} ${PERSON.last}lle ennen työtä` });
  expect(note.statusCode, note.body).toBe(200);
  await t.db.insertInto('feedback').values({ booking_id: String(personBooking.id), rating: 4, message: `Terveisin ${PERSON.last}` }).execute();

  // Their loyalty account with a car, a voucher, a contract, a brand, a waiting
  // registration and its registration message (about no booking).
  const account = await t.db
    .insertInto('loyalty_account')
    .values({
      username: PERSON.email,
      email: PERSON.email,
      password_hash: await hashPassword(PERSON.password),
      firstname: PERSON.first,
      lastname: PERSON.last,
      phone: PERSON.phone,
      address: 'Poistokuja 7',
      zip: '00100',
      city: 'Helsinki',
      confirmed: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  personAccountId = account.id;
  await t.db
    .insertInto('loyalty_vehicle')
    .values({ account_id: personAccountId, license: PERSON.plate, brand_name: 'Skoda', model_name: 'Octavia', car_type_specified: 'Octavia Combi' })
    .execute();
  await t.db
    .insertInto('loyalty_voucher')
    .values({ id: 'PYY-ETU', account_id: personAccountId, title: 'Etu 10 €', discount_cents: 1000, valid_from: todayInHelsinki(), valid_to: addDays(todayInHelsinki(), 30) })
    .execute();
  await t.db
    .insertInto('loyalty_service_contract')
    .values({ account_id: personAccountId, license: PERSON.plate, contract_type: 'SERVICE', description: 'Huoltosopimus', valid_to: addDays(todayInHelsinki(), 300) })
    .execute();
  await t.db.insertInto('loyalty_account_brand').values({ account_id: personAccountId, make_id: 1 }).execute();
  await t.db
    .insertInto('loyalty_registration')
    .values({
      username: PERSON.email,
      browser_hash: 'x'.repeat(64),
      code_hash: 'y'.repeat(64),
      password_hash: 'z',
      firstname: PERSON.first,
      lastname: PERSON.last,
      phone: PERSON.phone,
      expires_at: new Date(Date.now() + 3600_000),
    })
    .execute();
  await t.db
    .insertInto('email_outbox')
    .values({ recipient: PERSON.email, subject: 'Vahvistuskoodi', text_body: `Hei ${PERSON.first} ${PERSON.last}, koodisi on 123456`, file_name: 'rekisteroityminen.eml', kind: 'REGISTRATION', status: 'SENT', sent_at: new Date() })
    .execute();

  // The demo member books with the members' code, with its e-mail and phone.
  const login = await loyalty(t.app, '/login/', MEMBER);
  expect(login.statusCode).toBe(200);
  const member = await book({ ...CUSTOMER, first_name: 'Testi', last_name: 'Asiakas', email: MEMBER.username, phone_number: '040 123 4567' }, json(login).token);
  memberBookingKey = member.bookingKey;
  await settleOutbox();
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const search = async (body: object) => {
  const res = await admin.post('/personal-data/search', body);
  expect(res.statusCode, res.body).toBe(200);
  return json<PersonalDataFound>(res);
};
const download = async (body: object) => {
  const res = await admin.post('/personal-data/export', body);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="henkilotiedot-\d{4}-\d{2}-\d{2}\.json"$/);
  return json<PersonalDataExport>(res);
};
const audits = (action: string) =>
  t.db.selectFrom('audit_event').selectAll().where('entity', '=', 'PERSONAL_DATA').where('action', '=', action).orderBy('id', 'desc').execute();

/** Independent counts of what the person with this e-mail and phone has, written apart from the module's queries. */
async function expectedCounts(email: string, phone: string) {
  const digits = normalizePhoneNumber(phone);
  const bookings = await sql<{ id: string }>`
    SELECT id FROM booking
    WHERE lower(customer->>'email') = ${email.toLowerCase()}
       OR customer_phone = ${digits}
       OR regexp_replace(regexp_replace(coalesce(customer->>'phone_number', ''), '[^0-9]', '', 'g'), '^(00)?358', '0') = ${digits}`.execute(t.db);
  const ids = bookings.rows.map((r) => String(r.id));
  const accounts = await sql<{ n: string }>`
    SELECT count(*) AS n FROM loyalty_account
    WHERE lower(email) = ${email.toLowerCase()} OR regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^(00)?358', '0') = ${digits}`.execute(t.db);
  const accountEmails = await sql<{ email: string }>`
    SELECT lower(email) AS email FROM loyalty_account
    WHERE lower(email) = ${email.toLowerCase()} OR regexp_replace(regexp_replace(phone, '[^0-9]', '', 'g'), '^(00)?358', '0') = ${digits}`.execute(t.db);
  const addresses = [email.toLowerCase(), digits, ...accountEmails.rows.map((r) => r.email)];
  const messages = await sql<{ n: string }>`
    SELECT count(*) AS n FROM email_outbox
    WHERE booking_id = ANY(${ids}::bigint[]) OR (booking_id IS NULL AND lower(recipient) = ANY(${addresses}::text[]))`.execute(t.db);
  const feedback = await sql<{ n: string }>`SELECT count(*) AS n FROM feedback WHERE booking_id = ANY(${ids}::bigint[])`.execute(t.db);
  return { bookingIds: ids, accounts: Number(accounts.rows[0]!.n), messages: Number(messages.rows[0]!.n), feedback: Number(feedback.rows[0]!.n) };
}

/** The e-mail addresses and phone numbers of every booking's customer other than these bookings'. */
async function otherCustomers(exceptBookingIds: string[], exceptEmail: string, exceptPhone: string) {
  const rows = await sql<{ email: string | null; phone: string | null }>`
    SELECT lower(customer->>'email') AS email, customer_phone AS phone FROM booking WHERE NOT (id = ANY(${exceptBookingIds}::bigint[]))`.execute(t.db);
  const emails = new Set(rows.rows.map((r) => r.email).filter((e): e is string => !!e && e !== exceptEmail));
  const phones = new Set(rows.rows.map((r) => r.phone).filter((p): p is string => !!p && p !== normalizePhoneNumber(exceptPhone)));
  return { emails, phones };
}

/** Asserts that a document names no other customer's e-mail or phone. */
function expectNothingOfOthers(document: PersonalDataExport, others: { emails: Set<string>; phones: Set<string> }) {
  const text = JSON.stringify(document);
  const emails = [...new Set((text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []).map((e) => e.toLowerCase()))];
  expect(emails.filter((e) => others.emails.has(e))).toEqual([]);
  const phones = [...new Set((text.match(/\+?\d[\d -]{5,}\d/g) ?? []).map(normalizePhoneNumber))];
  expect(phones.filter((p) => others.phones.has(p))).toEqual([]);
  return { emails, phones };
}

describe('who may', () => {
  it('401 signed out, 403 an office user, for each call; nothing is written', async () => {
    const before = (await t.db.selectFrom('audit_event').select('id').execute()).length;
    for (const path of ['/personal-data/search', '/personal-data/export', '/personal-data/erase']) {
      expect((await anonymous.post(path, { email: PERSON.email })).statusCode, path).toBe(401);
      const res = await office.post(path, { email: PERSON.email });
      expect(res.statusCode, path).toBe(403);
      expect(res.body).not.toContain(PERSON.last);
    }
    expect((await t.db.selectFrom('audit_event').select('id').execute()).length).toBe(before);
  });

  it('400 naming the field: no key (email), a bad e-mail, phone or plate; nothing is written', async () => {
    const before = await digestOfAllTables();
    const cases: [object, string][] = [
      [{}, 'email'],
      [{ email: '', phone: '', registerNumber: '' }, 'email'],
      [{ email: 'ei-osoite' }, 'email'],
      [{ phone: 'soita minulle' }, 'phone'],
      [{ registerNumber: '!!!' }, 'registerNumber'],
    ];
    for (const path of ['/personal-data/search', '/personal-data/export', '/personal-data/erase']) {
      for (const [body, field] of cases) {
        const res = await admin.post(path, body);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(json(res).fields.map((f: { path: string }) => f.path), `${path} ${JSON.stringify(body)}`).toContain(field);
      }
    }
    expect(await digestOfAllTables()).toEqual(before);
  });
});

describe('POST /staff/personal-data/search', () => {
  it('finds the person by e-mail in any case or by phone in any form, with the account, messages, feedback and the upcoming booking', async () => {
    for (const body of [{ email: PERSON.email.toUpperCase() }, { phone: '044-765 4321' }, { phone: '00358447654321' }, { email: PERSON.email, phone: PERSON.phone }]) {
      const found = await search(body);
      expect(found.bookings.map((b) => b.id), JSON.stringify(body)).toEqual([personBooking.id]);
      expect(found.bookings[0]).toMatchObject({ bookingKey: personBooking.bookingKey, customerName: `${PERSON.first} ${PERSON.last}`, upcoming: true, removed: false, status: 'CONFIRMED' });
      expect(found.loyaltyAccounts).toEqual([{ id: personAccountId, name: `${PERSON.first} ${PERSON.last}`, email: PERSON.email, vehicles: 1, vouchers: 1 }]);
      expect(found.upcoming).toBe(1);
      expect(found.feedback).toBe(1);
      const expected = await expectedCounts(PERSON.email, PERSON.phone);
      expect(found.messages).toBe(expected.messages);
      expect(found.messages).toBeGreaterThanOrEqual(2);
    }
    const [row] = await audits('SEARCHED');
    expect(row!.staff_user_id).not.toBeNull();
    expect(row!.entity_id).toBeNull();
    expect(row!.after).toMatchObject({ by: ['email', 'phone'], bookings: 1, loyaltyAccounts: 1, upcoming: 1 });
    const audited = JSON.stringify(row);
    for (const p of PERSON_PATTERNS) expect(audited).not.toMatch(new RegExp(p, 'i'));
  });

  it('by plate finds the bookings of that plate and the accounts with the car', async () => {
    const found = await search({ registerNumber: 'pyy-321' });
    expect(found.bookings.map((b) => b.id)).toEqual([personBooking.id]);
    expect(found.loyaltyAccounts.map((a) => a.id)).toEqual([personAccountId]);
  });

  it('reads the bookings through indexes, not the whole table of the demo\'s tens of thousands', async () => {
    await sql`ANALYZE booking`.execute(t.db);
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM booking`.execute(t.db);
    expect(Number(count.rows[0]!.n)).toBeGreaterThan(20_000);
    const keys = { email: RITVA.email, phone: normalizePhoneNumber(RITVA.phone), registerNumber: 'ABC-123' };
    for (const k of [keys, { ...keys, phone: '', registerNumber: '' }, { ...keys, email: '', registerNumber: '' }, { ...keys, email: '', phone: '' }]) {
      const plan = await bookingsOfQuery(t.db, k)!.explain('json');
      const nodes: { 'Node Type': string; 'Relation Name'?: string }[] = [];
      const walk = (n: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }) => {
        nodes.push(n);
        for (const c of n.Plans ?? []) walk(c as typeof n);
      };
      walk((plan[0] as { 'QUERY PLAN': { Plan: Parameters<typeof walk>[0] }[] })['QUERY PLAN'][0]!.Plan);
      const onBooking = nodes.filter((n) => n['Relation Name'] === 'booking');
      expect(onBooking.length, JSON.stringify(k)).toBeGreaterThan(0);
      expect(onBooking.map((n) => n['Node Type']), JSON.stringify(k)).not.toContain('Seq Scan');
    }
  });

  it('answers nothing for a person of whom nothing is held', async () => {
    expect(await search({ email: 'ei.ketaan@example.com' })).toEqual({ bookings: [], loyaltyAccounts: [], messages: 0, feedback: 0, upcoming: 0 });
  });
});

describe('POST /staff/personal-data/export', () => {
  it("a seeded customer's download holds every booking, message and feedback of their e-mail or phone (an independent count) and nothing of another customer's", async () => {
    const document = await download({ email: RITVA.email, phone: RITVA.phone });
    const expected = await expectedCounts(RITVA.email, RITVA.phone);
    expect(expected.bookingIds.length).toBeGreaterThanOrEqual(2);
    expect(document.bookings).toHaveLength(expected.bookingIds.length);
    expect(document.messages).toHaveLength(expected.messages);
    expect(document.feedback).toHaveLength(expected.feedback);
    expect(document.loyaltyAccounts).toHaveLength(expected.accounts);
    for (const b of document.bookings) {
      const customer = b.customer as { email: string; phone_number: string };
      expect(customer.email.toLowerCase() === RITVA.email || normalizePhoneNumber(customer.phone_number) === normalizePhoneNumber(RITVA.phone)).toBe(true);
      expect(b).toHaveProperty('items');
      expect(b).toHaveProperty('events');
      expect(b).toHaveProperty('addedRows');
    }
    expect(document.summary[0]).toBe(`Varaukset: ${expected.bookingIds.length}`);
    // One line per booking: '12.3.2025 klo 9.00 Office, ABC-123, services, 249,00 €'.
    const lines = document.summary.slice(1, 1 + expected.bookingIds.length);
    for (const line of lines) expect(line).toMatch(/^\d{1,2}\.\d{1,2}\.\d{4} klo \d{1,2}\.\d{2} .+, [A-ZÅÄÖ0-9-]+, .+, \d+,\d{2} €/);
    expect(document.summary).toContain('Kanta-asiakastili: ei');
    expect(document.summary.some((l) => l.startsWith('Viestit: '))).toBe(true);

    const { emails } = expectNothingOfOthers(document, await otherCustomers(expected.bookingIds, RITVA.email, RITVA.phone));
    expect(emails).toContain(RITVA.email);
    const [row] = await audits('EXPORTED');
    expect(row!.after).toEqual({ by: ['email', 'phone'], bookings: expected.bookingIds.length, loyaltyAccounts: 0, messages: expected.messages, feedback: expected.feedback });
  });

  it("the demo member's download holds the booking made through the API, the account with its cars, vouchers and contract, the messages", async () => {
    const document = await download({ email: MEMBER.username, phone: '040 123 4567' });
    const expected = await expectedCounts(MEMBER.username, '040 123 4567');
    expect(document.bookings).toHaveLength(expected.bookingIds.length);
    expect(document.bookings.map((b) => b.bookingKey)).toContain(memberBookingKey);
    expect(document.messages).toHaveLength(expected.messages);
    expect(document.messages.length).toBeGreaterThanOrEqual(1);
    expect(document.messages.every((m) => typeof m.subject === 'string' && typeof m.textBody === 'string')).toBe(true);
    expect(document.loyaltyAccounts).toHaveLength(1);
    const account = document.loyaltyAccounts[0]!;
    expect(account).toMatchObject({ username: MEMBER.username, firstname: 'Testi', lastname: 'Asiakas' });
    expect((account.cars as unknown[]).length).toBe(2);
    expect((account.vouchers as unknown[]).length).toBe(2);
    expect((account.serviceContracts as unknown[]).length).toBe(1);
    expect(JSON.stringify(document)).not.toMatch(/scrypt|password|confirmation_hash/i);
    expect(document.summary).toContain('Kanta-asiakastili: Testi Asiakas, testi@example.com, 2 autoa, 2 etua, 1 huoltosopimus');
    expectNothingOfOthers(document, await otherCustomers(expected.bookingIds, MEMBER.username, '040 123 4567'));
  });

  it("a plate's download holds only that plate's bookings and the accounts with the car", async () => {
    const document = await download({ registerNumber: 'ABC-123' });
    const count = await sql<{ n: string }>`SELECT count(*) AS n FROM booking WHERE upper(register_number) = 'ABC-123'`.execute(t.db);
    expect(document.bookings).toHaveLength(Number(count.rows[0]!.n));
    expect(document.bookings.every((b) => b.registerNumber === 'ABC-123')).toBe(true);
    expect(document.loyaltyAccounts.map((a) => a.username)).toEqual([MEMBER.username]);
    const ids = await sql<{ id: string }>`SELECT id FROM booking WHERE upper(register_number) = 'ABC-123'`.execute(t.db);
    const others = await sql<{ email: string }>`
      SELECT DISTINCT lower(customer->>'email') AS email FROM booking
      WHERE NOT (id = ANY(${ids.rows.map((r) => String(r.id))}::bigint[])) AND customer->>'email' IS NOT NULL`.execute(t.db);
    const inside = new Set(
      document.bookings.map((b) => String((b.customer as { email?: string }).email ?? '').toLowerCase()).concat(MEMBER.username),
    );
    const text = JSON.stringify(document).toLowerCase();
    const leaked = others.rows.map((r) => r.email).filter((e) => e && !inside.has(e) && text.includes(e));
    expect(leaked).toEqual([]);
  });
});

describe('POST /staff/personal-data/erase', () => {
  it('409 while the person has a booking ahead, naming nothing of theirs; nothing changed', async () => {
    const before = await digestOfAllTables();
    const res = await admin.post('/personal-data/erase', { email: PERSON.email, phone: PERSON.phone });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ error: 'UPCOMING_BOOKINGS', message: UPCOMING_BOOKINGS_MESSAGE });
    for (const p of PERSON_PATTERNS) expect(res.body).not.toMatch(new RegExp(p, 'i'));
    expect(res.body).not.toContain(personBooking.bookingKey);
    expect(await digestOfAllTables()).toEqual(before);
  });

  it('after the booking is cancelled, erases the person: no search, login or column of any table finds them; the audit row has counts only', async () => {
    const cancel = await admin.post(`/bookings/${personBooking.id}/cancel`, { reason: '' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settleOutbox();
    const expected = await expectedCounts(PERSON.email, PERSON.phone);
    const otherBefore = await sql<{ n: string }>`SELECT count(*) AS n FROM booking WHERE personal_data_removed_at IS NULL`.execute(t.db);

    const res = await admin.post('/personal-data/erase', { email: PERSON.email, phone: PERSON.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<PersonalDataErasure>(res)).toEqual({ bookings: 1, loyaltyAccounts: 1, messages: expected.messages, feedback: 1 });

    // The booking stays for the statistics, without the person; no other booking was touched.
    const booking = await t.db.selectFrom('booking').selectAll().where('id', '=', String(personBooking.id)).executeTakeFirstOrThrow();
    expect(booking.personal_data_removed_at).not.toBeNull();
    expect(booking.status).toBe('CANCELLED');
    const otherAfter = await sql<{ n: string }>`SELECT count(*) AS n FROM booking WHERE personal_data_removed_at IS NULL`.execute(t.db);
    expect(Number(otherAfter.rows[0]!.n)).toBe(Number(otherBefore.rows[0]!.n) - 1);
    expect(await t.db.selectFrom('loyalty_account').select('id').where('id', '=', personAccountId).execute()).toEqual([]);

    // The back-office's booking search, the admin's search and the loyalty login find nothing.
    for (const q of [PERSON.email, '0447654321', PERSON.last, personBooking.bookingKey]) {
      const found = await admin.get('/bookings', { q });
      expect(found.statusCode).toBe(200);
      if (q === personBooking.bookingKey) {
        for (const r of json<StaffSearch>(found).results) expect(JSON.stringify(r)).not.toMatch(new RegExp(`${PERSON.last}|${PHONE_PATTERN}`, 'i'));
      } else {
        expect(json<StaffSearch>(found).results, q).toEqual([]);
      }
    }
    expect(await search({ email: PERSON.email, phone: PERSON.phone, registerNumber: PERSON.plate })).toEqual({
      bookings: [],
      loyaltyAccounts: [],
      messages: 0,
      feedback: 0,
      upcoming: 0,
    });
    expect((await loyalty(t.app, '/login/', { username: PERSON.email, password: PERSON.password })).statusCode).toBe(401);

    // Every text and JSON column of every table.
    expect(await scanDatabase(PERSON_PATTERNS)).toEqual([]);

    const [row] = await audits('ERASED');
    expect(row!.entity_id).toBeNull();
    expect(row!.after).toMatchObject({ by: ['email', 'phone'], bookings: 1, loyaltyAccounts: 1, messages: expected.messages, feedback: 1 });
    const audited = JSON.stringify(row);
    for (const p of PERSON_PATTERNS) expect(audited).not.toMatch(new RegExp(p, 'i'));
    expect(audited).not.toContain(PHONE);
  });
});
