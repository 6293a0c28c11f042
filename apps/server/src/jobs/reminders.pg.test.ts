import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '#test/helpers.ts';
import { sleep, startServer, startSmtp, stopServer, type ReceivedMail, type ServerProcess } from '#test/processes.ts';
import type { Db } from '../db/database.ts';

/**
 * Reminders with two server processes on one PostgreSQL (included only when DATABASE_URL
 * is set): both run the reminder job every second, each with its own SMTP server, and
 * every customer with a visit due gets exactly one reminder, whichever process queued and
 * sent it.
 */

/** Bookings due: half before the processes start (their first runs race), half while they run. */
const BOOKINGS = 40;

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const f of cleanup.reverse()) await f().catch((err) => console.error(err));
}, 60_000);

const keyOf = (i: number) => `MUISTUTUS${String(i).padStart(3, '0')}`;
const emailOf = (i: number) => `muistutus-${i}@example.com`;

/** Bookings of office 1 visited 1–23 hours from now, made three days ago, in one statement. */
async function insertDueBookings(db: Db, from: number, to: number) {
  const rows = [];
  for (let i = from; i < to; i++) {
    const start = new Date(Math.floor((Date.now() + (1 + (i % 22)) * 3600_000 + i * 60_000) / 60_000) * 60_000);
    rows.push({
      booking_key: keyOf(i),
      process_type: 'MAINTENANCE',
      organization_id: 1,
      register_number: 'ABC-123',
      start_at: start,
      end_at: new Date(start.getTime() + 3600_000),
      time_selection_type: 'EXACT_TIME',
      customer: JSON.stringify({ first_name: `Asiakas ${i}`, last_name: 'Muistettava', phone_number: '040 765 4321', email: emailOf(i) }),
      customer_phone: '0407654321',
      vehicle: JSON.stringify({ register_number: 'ABC-123', make: 'Volkswagen', model: 'Golf' }),
      order_items: JSON.stringify([]),
      total_cents: 10000,
      snapshot: JSON.stringify({ customer_waiting: true }),
      created_at: new Date(Date.now() - 72 * 3600_000),
    });
  }
  await db.insertInto('booking').values(rows).execute();
}

describe('reminders with two server processes on PostgreSQL', () => {
  it('every customer with a visit due gets exactly one reminder e-mail, and one text message row', async () => {
    if (!inject('pgUrl')) throw new Error('reminders.pg.test.ts runs only against PostgreSQL (DATABASE_URL)');
    const database = await createTestDatabase();
    cleanup.push(() => database.drop());
    const db = database.handle.db;
    const dataDir = mkdtempSync(join(tmpdir(), 'huolto-reminders-'));
    cleanup.push(async () => rmSync(dataDir, { recursive: true, force: true }));

    const received: ReceivedMail[] = [];
    const smtps = await Promise.all(['a', 'b'].map((n) => startSmtp(n, received)));
    for (const s of smtps) cleanup.push(() => s.close());

    await insertDueBookings(db, 0, BOOKINGS / 2);
    const servers: ServerProcess[] = [];
    cleanup.push(() => Promise.all(servers.map(stopServer)));
    const env = { REMINDER_INTERVAL_SECONDS: '1', SMS_REMINDERS: 'on', LOG_LEVEL: 'info' };
    const started = await Promise.allSettled(
      ['a', 'b'].map((n, i) => startServer({ databaseUrl: database.url!, dataDir: join(dataDir, n), smtpUrl: smtps[i]!.url, env })),
    );
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;

    await sleep(1500);
    await insertDueBookings(db, BOOKINGS / 2, BOOKINGS);

    const mine = new Set(Array.from({ length: BOOKINGS }, (_, i) => emailOf(i)));
    const reminders = () => received.filter((m) => m.to.some((to) => mine.has(to)));
    const deadline = Date.now() + 60_000;
    while (reminders().length < BOOKINGS && Date.now() < deadline) await sleep(200);
    // A few more runs of both jobs: nothing more may come.
    await sleep(3000);

    const perCustomer = new Map<string, number>();
    for (const m of reminders()) for (const to of m.to) perCustomer.set(to, (perCustomer.get(to) ?? 0) + 1);
    const wrong = [...mine].filter((e) => perCustomer.get(e) !== 1).map((e) => `${e}: ${perCustomer.get(e) ?? 0}`);
    expect(wrong, 'customers not reminded exactly once').toEqual([]);
    expect(reminders()).toHaveLength(BOOKINGS);
    // Each message names its own booking.
    for (const m of reminders()) expect(m.bookingKey).toBe(keyOf(Number(/muistutus-(\d+)@/.exec(m.to[0]!)![1])));

    const rows = await sql<{ channel: string; status: string; n: number }>`
      SELECT o.channel, o.status, count(*)::int AS n FROM email_outbox o JOIN booking b ON b.id = o.booking_id
      WHERE o.kind = 'REMINDER' AND b.booking_key LIKE 'MUISTUTUS%' GROUP BY o.channel, o.status ORDER BY o.channel`.execute(db);
    expect(rows.rows).toEqual([
      { channel: 'EMAIL', status: 'SENT', n: BOOKINGS },
      { channel: 'SMS', status: 'SENT', n: BOOKINGS },
    ]);
    // The text messages went to the log of the process that sent them, the number masked.
    const logs = servers.map((s) => s.output()).join('\n');
    expect(logs.match(/text message \(written to the log, not sent\)/g)?.length).toBe(BOOKINGS);
    expect(logs).not.toContain('0407654321');
    expect(logs).toContain('*******321');
    console.log(`reminders: ${BOOKINGS} due, sent by ${['a', 'b'].map((n) => `${n}: ${reminders().filter((m) => m.server === n).length}`).join(', ')}`);
  }, 180_000);
});
