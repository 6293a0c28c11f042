import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, startOfWeek, todayInHelsinki } from '@huolto/domain';
import { ApiClient, CUSTOMER, createTestApp, firstFreeSlot, json, prepareMaintenance, type TestApp } from '#test/helpers.ts';
import { StaffClient, signedInStaff } from '#test/staff.ts';
import { StatementLog, planNodes, type LoggedStatement } from '#test/statement-log.ts';
import { OFFICES } from '#seed/organizations.ts';
import { purgeExpired } from './jobs/purge.ts';
import { queueDueReminders } from './modules/mail/reminders.ts';

/**
 * Plans that hold at a national chain's size: the statements the hot calls really send
 * (recorded while the calls run), explained by PostgreSQL on the seeded tens of thousands
 * of bookings with a few thousand booking sessions more, after ANALYZE. None of them may
 * read the whole of booking, resource_time or process (a sequential scan): what is cheap
 * on the seed's size is the planner's choice at millions of rows only through an index.
 */
const BIG_TABLES = ['booking', 'resource_time', 'process'];
/** Sessions added to the seed's: a live chain has thousands under way and expired. */
const SESSIONS = 5000;
/** Years of history office 1 gets more, copies of its seeded bookings. */
const HISTORY_YEARS = 4;
const SEARCHED = { ...CUSTOMER, first_name: 'Suunnitelma', last_name: 'Kestävä', phone_number: '+358 50 321 7788', email: 'suunnitelma.kestava@example.com' };

const log = new StatementLog();
let t: TestApp;
let staff: StaffClient;

beforeAll(async () => {
  if (!inject('pgUrl')) throw new Error('plans-at-size.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
  // No caches: every call sends its statements.
  t = await createTestApp({ caches: false }, { wrapDb: (db) => db.withPlugin(log) });
  staff = (await signedInStaff(t.app, t.db, { role: 'ADMIN' })).client;
  await sql`
    INSERT INTO process (token, process_type, installation_type, organization_id, expires_at, updated_at, created_at)
    SELECT 'plan-' || i, 'MAINTENANCE', 'LAAKKONEN_PUBLIC', 1 + i % 3,
           now() + make_interval(mins => i % 120 - 60), now(), now() - interval '1 hour'
    FROM generate_series(1, ${SESSIONS}) AS i`.execute(t.db);
  // Office 1's history of earlier years: an office of a chain has some ten thousand bookings,
  // the seed a few thousand, and the planner reads an office's whole history by its office
  // index until the history outgrows that (the day and week views).
  const kept = (
    await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_name = 'booking' AND column_name NOT IN ('id', 'booking_key', 'process_token', 'client_key', 'start_at', 'end_at', 'lead_date', 'created_at')`.execute(t.db)
  ).rows.map((r) => r.c);
  await sql`
    INSERT INTO booking (booking_key, start_at, end_at, lead_date, created_at, ${sql.join(kept.map((c) => sql.ref(c)))})
    SELECT b.booking_key || 'H' || y, b.start_at - make_interval(years => y), b.end_at - make_interval(years => y),
           (b.lead_date - make_interval(years => y))::date, b.created_at - make_interval(years => y), ${sql.join(kept.map((c) => sql.ref(`b.${c}`)))}
    FROM booking b CROSS JOIN generate_series(1, ${HISTORY_YEARS}) AS y
    WHERE b.organization_id = 1`.execute(t.db);
  await sql`ANALYZE`.execute(t.db);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the hot statements at size', () => {
  it('read booking, resource_time and process through indexes, never a sequential scan', async () => {
    const c = new ApiClient(t.app);
    const today = todayInHelsinki();
    const monday = startOfWeek(addDays(today, 7));
    let bookingKey = '';
    let bookingId = 0;

    await log.during('session load', () => prepareMaintenance(c, { organizationId: 1 }));
    await log.during('free times of an office and week', async () => {
      const res = await c.post('/free-times', { start: monday, end: addDays(monday, 6) });
      expect(res.statusCode, res.body).toBe(200);
    });
    await log.during("the office list's first free times", async () => {
      const res = await c.post('/first-free-times', { organizationIds: OFFICES.map((o) => o.id) });
      expect(res.statusCode, res.body).toBe(200);
    });
    const slot = await firstFreeSlot(c, addDays(today, 2));
    await log.during('reserve-time', async () => {
      const res = json(await c.post('/reserve-time', { reservation: slot, timeSelectionType: 'EXACT_TIME' }));
      expect(res.responseCode).toBe('SUCCESS');
    });
    expect((await c.post('/customer/v2', SEARCHED)).statusCode).toBe(200);
    await log.during('get-booking', async () => {
      expect((await c.get('/get-booking/v2')).statusCode).toBe(200);
    });
    await log.during('save-booking', async () => {
      const save = json(await c.post('/save-booking'));
      expect(save.responseCode, JSON.stringify(save)).toBe('SUCCESS');
      bookingKey = save.bookingKey;
    });
    bookingId = Number((await t.db.selectFrom('booking').select('id').where('booking_key', '=', bookingKey).executeTakeFirstOrThrow()).id);

    for (const [step, path, query] of [
      ['back-office day', '/offices/1/day', { date: slot.slice(0, 10) }],
      ['back-office week', '/offices/1/week', { date: slot.slice(0, 10) }],
      ['back-office search by plate', '/bookings', { q: 'ABC-12' }],
      ['back-office search by booking key', '/bookings', { q: bookingKey }],
      ['back-office search by phone', '/bookings', { q: '050 321 7788' }],
      ['back-office search by name', '/bookings', { q: 'Kestävä' }],
      ['back-office search by e-mail', '/bookings', { q: 'suunnitelma.kestava@' }],
      // A text most bookings match: read in time order from now and cut at the page.
      ['back-office search, a text most match', '/bookings', { q: 'nen' }],
      ["a booking's detail", `/bookings/${bookingId}`, undefined],
    ] as const) {
      await log.during(step, async () => {
        const res = await staff.get(path, query);
        expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
        if (step.startsWith('back-office search by')) expect(json(res).results.map((r: { id: number }) => r.id), step).toContain(bookingId);
      });
    }
    const jobDb = t.db.withPlugin(log);
    await log.during("the reminder job's due query", () => queueDueReminders(jobDb, { publicUrl: t.config.publicUrl, sms: true }));
    await log.during("the purge job's due queries", () => purgeExpired(jobDb, { maxBatches: 1 }));

    const statements = log.statements(t.db as unknown as Kysely<never>);
    const steps = [...new Set(statements.map((s) => s.step))];
    expect(steps).toHaveLength(17);
    const read = new Map<string, Set<string>>();
    const indexes = new Map<string, Set<string>>();
    const seqScans: string[] = [];
    const seen = new Set<string>();
    for (const s of statements) {
      const key = `${s.step}\n${s.sql}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const nodes = await planNodes(t.db as unknown as Kysely<never>, s);
      for (const n of nodes) {
        // A bitmap index scan names its index only, not the table.
        if (n['Index Name']) indexes.set(s.step, (indexes.get(s.step) ?? new Set()).add(n['Index Name']));
        if (!n['Relation Name'] || !BIG_TABLES.includes(n['Relation Name'])) continue;
        read.set(s.step, (read.get(s.step) ?? new Set()).add(n['Relation Name']));
        if (n['Node Type'] === 'Seq Scan') seqScans.push(describeScan(s, n['Relation Name']));
      }
    }
    expect(seqScans, seqScans.join('\n\n')).toEqual([]);
    // What each step's statements read of the big tables (so that the plans above are of them).
    const reads = (step: string) => [...(read.get(step) ?? [])].sort();
    expect(reads('session load')).toContain('process');
    expect(reads('free times of an office and week')).toContain('resource_time');
    expect(reads("the office list's first free times")).toContain('resource_time');
    expect(reads('reserve-time')).toEqual(expect.arrayContaining(['process', 'resource_time']));
    expect(reads('get-booking')).toContain('process');
    expect(reads('save-booking')).toEqual(expect.arrayContaining(['booking', 'process', 'resource_time']));
    for (const step of ['back-office day', 'back-office week']) {
      expect(reads(step), step).toEqual(['booking', 'resource_time']);
      // The office's bookings of the range only, not all it ever had through (organization_id, start_at).
      expect([...(indexes.get(step) ?? [])], step).toContain('booking_office_time_idx');
    }
    // Each term of the search through its own index (migration 028), not the office's whole history.
    expect([...(indexes.get('back-office search by name') ?? [])]).toContain('booking_customer_name_trgm_idx');
    expect([...(indexes.get('back-office search by phone') ?? [])]).toContain('booking_customer_phone_trgm_idx');
    expect([...(indexes.get('back-office search by plate') ?? [])]).toContain('booking_plate_prefix_idx');
    // A text most bookings match through the time of the visit (migration 030): the upcoming
    // and then the past in time order from now, stopping at the page, not every match sorted.
    expect([...(indexes.get('back-office search, a text most match') ?? [])]).toContain('booking_reservation_start_idx');
    for (const step of steps.filter((s) => s.startsWith('back-office search'))) expect(reads(step), step).toEqual(['booking', 'resource_time']);
    expect(reads("a booking's detail")).toEqual(expect.arrayContaining(['booking', 'resource_time']));
    expect(reads("the reminder job's due query")).toContain('booking');
    expect(reads("the purge job's due queries")).toEqual(['booking', 'process', 'resource_time']);
  });
});

function describeScan(s: LoggedStatement, table: string) {
  return `${s.step}: sequential scan of ${table} in\n${s.sql}\n${JSON.stringify(s.parameters)}`;
}
