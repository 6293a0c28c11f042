import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { STAFF_SEARCH_LIMIT, addDays, isWorkingDay, todayInHelsinki, type StaffSearch } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { searchTermsOf } from './search.ts';

/**
 * GET /staff/bookings?q=: staff find a booking by its register number, key, the customer's
 * phone or name, only in the offices they run, upcoming first.
 */
let t: TestApp;
let staff: StaffClient;
let otherOffice: StaffClient;
let admin: StaffClient;
let anonymous: StaffClient;
let booked: { id: number; bookingKey: string };

const workingDayFrom = (date: string): string => (isWorkingDay(date) ? date : workingDayFrom(addDays(date, 1)));
const DAY = workingDayFrom(addDays(todayInHelsinki(), 75));
/** A customer only this test has: name, phone and car found nowhere in the seed. */
const SEARCHED = { ...CUSTOMER, first_name: 'Hakuliina', last_name: 'Etsijä-Löytö', phone_number: '+358 45 987 6543', email: 'hakuliina@example.com' };

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [1] })).client;
  otherOffice = (await signedInStaff(t.app, t.db, { role: 'OFFICE', officeIds: [2] })).client;
  admin = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  anonymous = new StaffClient(t.app);

  const c = new ApiClient(t.app);
  await prepareMaintenance(c);
  const days = json<{ date: string; calendarSlots: { startTime: string; endTime: string }[] }[]>(await c.post('/free-times', { start: DAY, end: DAY }));
  const slot = days[0]!.calendarSlots[0]!;
  const reserve = json(await c.post('/reserve-time', { reservation: `${DAY}T${slot.startTime}|${DAY}T${slot.endTime}`, timeSelectionType: 'EXACT_TIME' }));
  expect(reserve.responseCode).toBe('SUCCESS');
  await c.post('/customer/v2', SEARCHED);
  const save = json(await c.post('/save-booking'));
  expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
  const row = await t.db.selectFrom('booking').select('id').where('booking_key', '=', save.bookingKey).executeTakeFirstOrThrow();
  booked = { id: Number(row.id), bookingKey: save.bookingKey };
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const search = async (client: StaffClient, q: string) => {
  const res = await client.get('/bookings', { q });
  expect(res.statusCode, res.body).toBe(200);
  return json<StaffSearch>(res);
};
const ids = (found: StaffSearch) => found.results.map((r) => r.id);

describe('GET /bookings?q=', () => {
  it('finds the booking by its key, the customer\'s phone in any form, and a part of the name or e-mail', async () => {
    for (const q of [booked.bookingKey, booked.bookingKey.toLowerCase(), '045 987 6543', '+358459876543', '0459876543', '9876543', 'hakuliina', 'Etsijä-Löy', 'liina@example']) {
      const found = await search(staff, q);
      expect(ids(found), q).toEqual([booked.id]);
      expect(found.more).toBe(false);
    }
    const [result] = (await search(staff, booked.bookingKey)).results;
    expect(result).toMatchObject({
      id: booked.id,
      bookingKey: booked.bookingKey,
      registerNumber: 'ABC-123',
      customerName: 'Hakuliina Etsijä-Löytö',
      status: 'CONFIRMED',
      office: { id: 1, name: 'Laakkonen Helsinki Konala' },
    });
    expect(result!.start!.slice(0, 10)).toBe(DAY);
  });

  it('finds by a register number\'s beginning written any way; a page of many is upcoming first and soonest first, then the past latest first', async () => {
    const now = new Date();
    for (const q of ['ABC-123', 'abc123', 'abc 12', 'AB']) {
      const found = await search(staff, q);
      expect(ids(found), q).toContain(booked.id);
      for (const r of found.results) {
        expect(r.registerNumber.toUpperCase().replace(/[\s-]/g, '').startsWith(q.toUpperCase().replace(/[\s-]/g, '')), `${q}: ${r.registerNumber}`).toBe(true);
        expect(r.office.id).toBe(1);
      }
    }
    // A common ending of Finnish surnames finds more than a page; the order holds over the page.
    const many = await search(staff, 'nen');
    expect(many.results).toHaveLength(STAFF_SEARCH_LIMIT);
    expect(many.more).toBe(true);
    expect(many.results.every((r) => /nen/i.test(r.customerName) && r.office.id === 1)).toBe(true);
    const starts = many.results.map((r) => ({ start: r.start ?? `${r.leadDate}T00:00:00`, upcoming: (r.end ?? `${r.leadDate}T23:59:59`) > formatNow(now) }));
    const firstPast = starts.findIndex((s) => !s.upcoming);
    const upcoming = firstPast === -1 ? starts : starts.slice(0, firstPast);
    const past = firstPast === -1 ? [] : starts.slice(firstPast);
    expect(past.every((s) => !s.upcoming)).toBe(true);
    expect(upcoming.map((s) => s.start)).toEqual([...upcoming.map((s) => s.start)].sort());
    expect(past.map((s) => s.start)).toEqual([...past.map((s) => s.start)].sort().reverse());
  });

  it('past bookings come after the upcoming ones, latest first', async () => {
    // The seed's returning customer at office 1 has two past visits; a new booking of hers is upcoming.
    const past = await search(staff, 'Ritva Palaava');
    expect(past.results.length).toBeGreaterThanOrEqual(2);
    const starts = past.results.map((r) => r.start!);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(starts.every((s) => s < formatNow(new Date()))).toBe(true);
    await sql`UPDATE booking SET customer = customer || '{"first_name":"Ritva","last_name":"Palaava"}'::jsonb WHERE id = ${booked.id}`.execute(t.db);
    try {
      expect(ids(await search(staff, 'Ritva Palaava'))).toEqual([booked.id, ...past.results.map((r) => r.id)]);
    } finally {
      await sql`UPDATE booking SET customer = customer || ${JSON.stringify({ first_name: SEARCHED.first_name, last_name: SEARCHED.last_name })}::jsonb WHERE id = ${booked.id}`.execute(t.db);
    }
  });

  it('finds only in the offices the staff member runs; an admin finds in every office', async () => {
    expect(ids(await search(otherOffice, booked.bookingKey))).toEqual([]);
    expect(ids(await search(otherOffice, 'Hakuliina'))).toEqual([]);
    expect(ids(await search(admin, booked.bookingKey))).toEqual([booked.id]);
  });

  it('finds a cancelled booking too, marked cancelled', async () => {
    await sql`UPDATE booking SET status = 'CANCELLED' WHERE id = ${booked.id}`.execute(t.db);
    try {
      expect((await search(staff, booked.bookingKey)).results[0]).toMatchObject({ id: booked.id, status: 'CANCELLED' });
    } finally {
      await sql`UPDATE booking SET status = 'CONFIRMED' WHERE id = ${booked.id}`.execute(t.db);
    }
  });

  it('LIKE wildcards are plain characters: %, _ and \\ find nothing rather than everything', async () => {
    for (const q of ['%%', '%%%', '___', 'a%b', '\\\\%', '%_%a']) expect(ids(await search(staff, q)), q).toEqual([]);
  });

  it('answers 400 naming q for a text too short, too long or missing, and 401 without login; nothing changes', async () => {
    const before = await t.db.selectFrom('booking').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    for (const query of [{ q: 'A' }, { q: '   A  ' }, { q: 'x'.repeat(51) }, {} as Record<string, string>, { q: 'a\u0000b' }]) {
      const res = await staff.get('/bookings', query);
      expect(res.statusCode, `${JSON.stringify(query)} ${res.body}`).toBe(400);
      expect((json(res).fields as { path: string }[]).map((f) => f.path)).toEqual(['q']);
    }
    expect((await anonymous.get('/bookings', { q: booked.bookingKey })).statusCode).toBe(401);
    const after = await t.db.selectFrom('booking').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('GET /bookings?q= rate limit', () => {
  it('answers 429 with Retry-After past STAFF_SEARCH_RATE_LIMIT searches a minute from one address', async () => {
    const limited = await createTestApp({ staffSearchRateLimit: 3 });
    try {
      const { client } = await signedInStaff(limited.app, limited.db, { role: 'OFFICE', officeIds: [1] });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await client.get('/bookings', { q: `ABC-${i}` })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await client.get('/bookings', { q: 'ABC-9' })).headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('searchTermsOf', () => {
  it('reads a text as the plate, key, phone and name it can be', () => {
    expect(searchTermsOf('abc-12')).toEqual({ plate: 'ABC12', bookingKey: null, phoneDigits: null, namePattern: '%abc-12%' });
    expect(searchTermsOf('HV7K2M9Q4P')).toMatchObject({ plate: 'HV7K2M9Q4P', bookingKey: 'HV7K2M9Q4P' });
    expect(searchTermsOf('+358 40 123 4567')).toEqual({ plate: null, bookingKey: null, phoneDigits: '0401234567', namePattern: null });
    expect(searchTermsOf('0401')).toMatchObject({ phoneDigits: null, plate: '0401' });
    expect(searchTermsOf('Meikä')).toMatchObject({ plate: 'MEIKÄ', namePattern: '%Meikä%' });
    expect(searchTermsOf('a_b%')).toEqual({ plate: null, bookingKey: null, phoneDigits: null, namePattern: '%a\\_b\\%%' });
    expect(searchTermsOf('%%')).toEqual({ plate: null, bookingKey: null, phoneDigits: null, namePattern: null });
  });
});

/** Now as a Helsinki wall-clock 'YYYY-MM-DDTHH:mm:ss'. */
function formatNow(now: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki', dateStyle: 'short', timeStyle: 'medium' }).format(now);
  return parts.replace(' ', 'T');
}
