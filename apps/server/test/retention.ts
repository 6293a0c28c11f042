/**
 * The retention of personal data (jobs/purge.ts, docs/decisions/021-personal-data.md) as one
 * scenario on a copy of the seeded database, run on PGlite (purge-retention.test.ts) and on
 * PostgreSQL (purge-retention.pg.test.ts). Seeded bookings are given people of their own and
 * moved in time with SQL rather than made by the thousand: some visited more than the
 * retention period ago, some just within it, leads by their wished day, messages sent or
 * failed before and within their period, loyalty registrations older and newer than their
 * days.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { LOYALTY_REGISTRATION_RETENTION_DAYS } from '@huolto/domain';
import type { Db } from '../src/db/database.ts';
import { recipientHash } from '../src/modules/personal-data/index.ts';
import { purgeExpired, type PurgeResult, type RetentionSettings } from '../src/jobs/purge.ts';

export const RETENTION: RetentionSettings = { personalDataMonths: 24, outboxBodyDays: 30 };

/** A person on one booking: every text of theirs is unique to the scenario, so a scan can find it. */
interface Person {
  first: string;
  last: string;
  email: string;
  phone: string;
  phoneDigits: string;
  plate: string;
  address: string;
  note: string;
  symptom: string;
  feedback: string;
}
const person = (n: number): Person => ({
  first: `Säilö${n}`,
  last: `Retentiotesti${n}`,
  email: `retentio.${n}@example.com`,
  phone: `041 700 ${String(1000 + n)}`,
  phoneDigits: `041700${String(1000 + n)}`,
  plate: `ZQX-${String(900 + n)}`,
  address: `Säilytyskuja ${n}`,
  note: `Huomautus henkilöstä ${n}`,
  symptom: `Outo ääni numero ${n}`,
  feedback: `Palautetta numero ${n}`,
});

/** The texts of a person that must be gone (or kept) everywhere. */
export const needlesOf = (p: Person) => [p.first, p.last, p.email, p.phone, p.phoneDigits, p.plate, p.address, p.note, p.symptom, p.feedback];

export interface RetentionScenario {
  /** Bookings whose visit was more than the retention period ago: their people must be gone. */
  due: { id: string; person: Person }[];
  /** Bookings within the period: their people stay. */
  kept: { id: string; person: Person }[];
  /** Messages whose body must be cleared, with their recipients. */
  messagesDue: { id: string; recipient: string }[];
  /** Messages that keep their body. */
  messagesKept: string[];
  registrationsDue: string[];
  registrationsKept: string[];
}

/** When a visit was, from now: `months` whole months ago and `days` days more. */
const ago = (months: number, days = 0) => sql<Date>`(now() - make_interval(months => ${months}, days => ${days}))`;

/** Gives a seeded past booking a person of its own, with a history, feedback and a session. */
async function personalise(db: Db, id: string, p: Person, staffUserId: number) {
  const customer = JSON.stringify({
    first_name: p.first,
    last_name: p.last,
    phone_number: p.phone,
    email: p.email,
    address: p.address,
    post_code: '00990',
    post_office: 'Helsinki',
    preferred_contact_method: 'EMAIL',
    company_name: null,
    customer_type: null,
    direct_marketing_allowed: false,
    service_contract: false,
  });
  const token = `retention-${id}-${'r'.repeat(30)}`;
  await sql`
    UPDATE booking SET customer = ${customer}::jsonb, customer_phone = ${p.phoneDigits}, register_number = ${p.plate},
           vehicle = vehicle || jsonb_build_object('register_number', ${p.plate}::text),
           snapshot = snapshot || jsonb_build_object(
             'customer', ${customer}::jsonb, 'notes', ${p.note}::text,
             'symptoms', jsonb_build_array(jsonb_build_object('id', 1, 'description', ${p.symptom}::text)),
             'vehicle', vehicle || jsonb_build_object('register_number', ${p.plate}::text)),
           process_token = ${token}, client_key = ${`key-${id}`}
    WHERE id = ${id}`.execute(db);
  await db
    .insertInto('process')
    .values({
      token,
      process_type: 'MAINTENANCE',
      installation_type: 'LAAKKONEN_PUBLIC',
      organization_id: 1,
      booking_id: id,
      customer,
      notes: p.note,
      symptoms: JSON.stringify([{ description: p.symptom }]),
      vehicle: JSON.stringify({ register_number: p.plate, make: 'Skoda', model: 'Octavia' }),
      expires_at: sql<Date>`now() - interval '1 day'`,
    })
    .execute();
  await db
    .insertInto('booking_event')
    .values([
      { booking_id: id, actor: 'STAFF', staff_user_id: staffUserId, action: 'NOTE', note: p.note },
      {
        booking_id: id,
        actor: 'STAFF',
        staff_user_id: staffUserId,
        action: 'CHANGED',
        before: JSON.stringify({ customer: { email: p.email }, symptoms: [p.symptom] }),
        after: JSON.stringify({ customer: { email: `uusi.${p.email}` }, symptoms: [] }),
      },
    ])
    .execute();
  await db.insertInto('feedback').values({ booking_id: id, rating: 5, message: p.feedback }).execute();
  // The confirmation, sent long ago with the booking (its age alone clears it).
  await db
    .insertInto('email_outbox')
    .values({
      booking_id: id,
      recipient: p.email,
      subject: `Vahvistus ${p.plate}`,
      text_body: `Hei ${p.first} ${p.last}, ${p.phone}`,
      html_body: `<p>${p.address}</p>`,
      ics: `SUMMARY:${p.plate}`,
      file_name: `${id}.eml`,
      status: 'SENT',
      sent_at: sql<Date>`now() - interval '40 days'`,
      next_attempt_at: sql<Date>`now() - interval '40 days'`,
    })
    .execute();
}

/**
 * Sets the scenario up on the seeded database: three reservations visited more than the
 * retention period ago, a lead whose wished day was, two reservations and a lead just within
 * it, messages and loyalty registrations on either side of their periods.
 */
export async function setUpRetentionScenario(db: Db, staffUserId: number): Promise<RetentionScenario> {
  // The seed's history is about a year: nothing of it is due, whatever day the run is.
  const seededDue = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM booking
      WHERE coalesce(start_at, lead_date::timestamptz, created_at) < now() - make_interval(months => ${RETENTION.personalDataMonths - 4})`.execute(db);
  expect(seededDue.rows[0]!.n).toBe(0);
  expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM email_outbox`.execute(db)).rows[0]!.n)).toBe(0);

  // Seeded past reservations of different offices, to be moved.
  const picked = await sql<{ id: string }>`
      SELECT DISTINCT ON (organization_id) id FROM booking
      WHERE kind = 'RESERVATION' AND status = 'CONFIRMED' AND start_at < now() - interval '7 days' AND start_at > now() - interval '60 days'
      ORDER BY organization_id, id LIMIT 5`.execute(db);
  expect(picked.rows).toHaveLength(5);
  const ids = picked.rows.map((r) => String(r.id));
  const due: RetentionScenario['due'] = [];
  const kept: RetentionScenario['kept'] = [];
  // How far back each visit goes: over the period by a month, by two and three days; short of it by three days and by a month.
  const shifts: [number, number, boolean][] = [
    [RETENTION.personalDataMonths + 1, 0, true],
    [RETENTION.personalDataMonths, 2, true],
    [RETENTION.personalDataMonths, 3, true],
    [RETENTION.personalDataMonths, -3, false],
    [RETENTION.personalDataMonths - 1, 0, false],
  ];
  for (const [i, id] of ids.entries()) {
    const [months, days, isDue] = shifts[i]!;
    const p = person(i + 1);
    await personalise(db, id, p, staffUserId);
    // Start, end and creation moved back by whole days together: the visit keeps its hours and length.
    await sql`
      WITH d AS (SELECT (start_at::date - (${ago(months, days)})::date) AS days FROM booking WHERE id = ${id})
      UPDATE booking SET start_at = start_at - make_interval(days => d.days), end_at = end_at - make_interval(days => d.days),
                         created_at = created_at - make_interval(days => d.days)
      FROM d WHERE booking.id = ${id}`.execute(db);
    (isDue ? due : kept).push({ id, person: p });
  }
  // Leads: counted by the wished day (none made with a start); one over the period, one within.
  for (const [n, months, isDue] of [
    [6, RETENTION.personalDataMonths + 2, true],
    [7, RETENTION.personalDataMonths - 2, false],
  ] as const) {
    const p = person(n);
    const lead = await sql<{ id: string }>`
        INSERT INTO booking (booking_key, process_type, organization_id, register_number, kind, lead_date, customer, vehicle,
                             order_items, total_cents, snapshot, created_at)
        VALUES (${`RETLEAD${n}`}, 'WINDSHIELD_CHANGE', 2, '', 'LEAD', (${ago(months)} AT TIME ZONE 'Europe/Helsinki')::date, '{}', '{"make": "Skoda", "model": "Octavia"}',
                '[]', 45000, '{}', now())
        RETURNING id`.execute(db);
    const id = String(lead.rows[0]!.id);
    await personalise(db, id, p, staffUserId);
    (isDue ? due : kept).push({ id, person: p });
  }

  // Messages of no booking, about their periods: sent or failed for good over it (cleared),
  // sent within it and still waiting however old (kept).
  const message = async (recipient: string, status: string, daysAgo: number) => {
    const row = await db
      .insertInto('email_outbox')
      .values({
        recipient,
        subject: `Viesti ${recipient}`,
        text_body: `Runko ${recipient}`,
        file_name: 'r.eml',
        kind: 'REGISTRATION',
        status,
        sent_at: status === 'SENT' ? sql<Date>`now() - make_interval(days => ${daysAgo})` : null,
        next_attempt_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
        created_at: sql<Date>`now() - make_interval(days => ${daysAgo + 1})`,
        last_error: status === 'FAILED' ? `550 ${recipient} unknown` : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const messagesDue = [
    { id: await message('vanha.lahetetty@example.com', 'SENT', RETENTION.outboxBodyDays + 1), recipient: 'vanha.lahetetty@example.com' },
    { id: await message('Vanha.Epaonnistunut@Example.com', 'FAILED', RETENTION.outboxBodyDays + 5), recipient: 'Vanha.Epaonnistunut@Example.com' },
  ];
  // Every booking's confirmation was sent 40 days ago: its period counts from the sending, not the visit.
  for (const b of [...due, ...kept]) {
    const m = await db.selectFrom('email_outbox').select('id').where('booking_id', '=', b.id).executeTakeFirstOrThrow();
    messagesDue.push({ id: String(m.id), recipient: b.person.email });
  }
  const messagesKept = [
    await message('tuore.lahetetty@example.com', 'SENT', RETENTION.outboxBodyDays - 1),
    await message('odottava@example.com', 'PENDING', RETENTION.outboxBodyDays + 10),
  ];

  const registration = async (n: number, daysAgo: number) => {
    const row = await db
      .insertInto('loyalty_registration')
      .values({
        username: `rekisteroityja.${n}@example.com`,
        browser_hash: `retention-browser-${n}`,
        code_hash: 'x',
        password_hash: 'x',
        firstname: `Rekisteröityjä${n}`,
        lastname: 'Vahvistamaton',
        created_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
        expires_at: sql<Date>`now() - make_interval(days => ${daysAgo}) + interval '1 day'`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  const registrationsDue = [await registration(1, LOYALTY_REGISTRATION_RETENTION_DAYS + 1), await registration(2, 30)];
  const registrationsKept = [await registration(3, LOYALTY_REGISTRATION_RETENTION_DAYS - 1), await registration(4, 0)];
  return { due, kept, messagesDue, messagesKept, registrationsDue, registrationsKept };
}

/** What the statistics read: bookings counted and revenue summed by office and month (Helsinki). */
export async function statistics(db: Db) {
  const res = await sql<{ office: number; month: string; bookings: number; revenue: number }>`
      SELECT organization_id AS office,
             to_char(coalesce(start_at, lead_date::timestamp AT TIME ZONE 'Europe/Helsinki') AT TIME ZONE 'Europe/Helsinki', 'YYYY-MM') AS month,
             count(*)::int AS bookings, sum(total_cents)::bigint AS revenue
      FROM booking GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return res.rows.map((r) => ({ ...r, revenue: Number(r.revenue) }));
}

/**
 * What every person's text begins with (person()): one regular expression of these finds
 * the rows that may hold any of them in a single pass over each table.
 */
const STEMS = ['Säilö', 'Retentiotesti', 'retentio\\.', '041 700 ', '041700', 'ZQX-', 'Säilytyskuja', 'Huomautus henkilöstä', 'Outo ääni', 'Palautetta numero'];

/**
 * Where each of these strings (texts of person()) is, case-insensitively, in any text or
 * JSON column of any table: for each string, `table: rows`.
 */
export async function scanEverywhere(db: Db, needles: readonly string[]): Promise<Map<string, Record<string, number>>> {
  // Every text-like column of every table (text, varchar, json, jsonb, arrays of them).
  const columns = await sql<{ table: string; column: string }>`
      SELECT c.table_name AS table, c.column_name AS column FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'character') OR c.udt_name IN ('_text', '_varchar'))
      ORDER BY 1, 2`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const c of columns.rows) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c.column]);
  const found = new Map<string, Record<string, number>>(needles.map((n) => [n, {}]));
  for (const [name, cols] of byTable) {
    const text = sql`concat_ws(' ', ${sql.join(cols.map((c) => sql`${sql.ref(c)}::text`))})`;
    const res = await sql<{ t: string }>`SELECT lower(${text}) AS t FROM ${sql.table(name)} WHERE ${text} ~* ${STEMS.join('|')}`.execute(db);
    for (const { t } of res.rows) {
      for (const n of needles) {
        if (!t.includes(n.toLowerCase())) continue;
        const where = found.get(n)!;
        where[name] = (where[name] ?? 0) + 1;
      }
    }
  }
  return found;
}

/** The counts one purge of the whole scenario must answer (several purges at once: their sums). */
export function expectedCounts(s: RetentionScenario): Omit<PurgeResult, 'holds' | 'sessions'> {
  // A due booking's own message is cleared with the booking: counted as the booking, not again as a message.
  return { bookings: s.due.length, messages: s.messagesDue.length - s.due.length, registrations: s.registrationsDue.length };
}

/** After the purge: exactly the due people gone everywhere, the kept ones still there, the messages and registrations as their periods say. */
export async function expectPurged(db: Db, s: RetentionScenario) {
  const scan = await scanEverywhere(db, [...s.due.flatMap((b) => needlesOf(b.person)), ...s.kept.map((b) => b.person.note)]);
  for (const b of s.due) for (const n of needlesOf(b.person)) expect(scan.get(n), n).toEqual({});
  for (const b of s.kept) {
    // The note is in the booking (snapshot), its session and its history.
    expect(scan.get(b.person.note), b.person.last).toEqual({ booking: 1, booking_event: 1, process: 1 });
    const row = await db.selectFrom('booking').select(['register_number', 'customer_phone', 'personal_data_removed_at']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ register_number: b.person.plate, customer_phone: b.person.phoneDigits, personal_data_removed_at: null });
  }
  const removed = await db
    .selectFrom('booking')
    .select('id')
    .where('personal_data_removed_at', 'is not', null)
    .orderBy('id')
    .execute();
  expect(removed.map((r) => String(r.id))).toEqual(s.due.map((b) => b.id).sort((a, b) => Number(a) - Number(b)));

  const messages = await db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
  for (const m of s.messagesDue) {
    const row = messages.find((r) => String(r.id) === m.id)!;
    expect(row, m.recipient).toMatchObject({ recipient: '', recipient_hash: recipientHash(m.recipient), subject: '', text_body: '', html_body: null, ics: null, last_error: null });
    expect(row.body_cleared_at).toBeInstanceOf(Date);
  }
  for (const id of s.messagesKept) {
    const row = messages.find((r) => String(r.id) === id)!;
    expect(row.recipient).not.toBe('');
    expect(row.text_body).toContain('Runko');
    expect([row.recipient_hash, row.body_cleared_at]).toEqual([null, null]);
  }
  expect(messages.filter((m) => m.body_cleared_at !== null).map((m) => String(m.id)).sort()).toEqual(s.messagesDue.map((m) => m.id).sort());

  const registrations = await db.selectFrom('loyalty_registration').select('id').where('browser_hash', 'like', 'retention-browser-%').orderBy('id').execute();
  expect(registrations.map((r) => String(r.id))).toEqual(s.registrationsKept);
}

/**
 * The whole scenario: set up on `db`, then every database handle of `purgers` (one per
 * server instance) purges at the same moment in small batches. Together they remove exactly
 * what is due, each row once: the counts they answer add up to the scenario's. The
 * statistics read the same before and after, and a later purge finds nothing.
 */
export async function runRetentionScenario(db: Db, purgers: readonly Db[]) {
  // A staff member who wrote the notes (never signs in: no password worth hashing).
  const staff = await db
    .insertInto('staff_user')
    .values({ email: `retentio-${Date.now()}@example.com`, name: 'Retentio Testaaja', role: 'OFFICE', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const s = await setUpRetentionScenario(db, staff.id);
  const before = await statistics(db);
  expect(before.length).toBeGreaterThan(10);
  // Before anything is purged, every due person is there to be found.
  for (const b of s.due) {
    const row = await db.selectFrom('booking').select(['customer', 'register_number']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect([(row.customer as { email: string }).email, row.register_number]).toEqual([b.person.email, b.person.plate]);
  }

  const results = await Promise.all(purgers.map((p) => purgeExpired(p, { retention: RETENTION, batch: 1, personalDataBatch: 1 })));
  const sum = (k: keyof PurgeResult) => results.reduce((n, r) => n + r[k], 0);
  expect({ bookings: sum('bookings'), messages: sum('messages'), registrations: sum('registrations') }).toEqual(expectedCounts(s));
  await expectPurged(db, s);
  expect(await statistics(db)).toEqual(before);

  // Nothing left to do: a later run removes and counts nothing, and changes nothing.
  const again = await purgeExpired(purgers[0]!, { retention: RETENTION });
  expect({ bookings: again.bookings, messages: again.messages, registrations: again.registrations }).toEqual({ bookings: 0, messages: 0, registrations: 0 });
  expect(await statistics(db)).toEqual(before);
  return { scenario: s, results };
}
