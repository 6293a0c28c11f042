import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInHelsinki } from '@huolto/domain';
import { createTestDatabase, type TestDatabase } from '#test/helpers.ts';
import { findMatchingBookings } from './repository.ts';
import { searchTermsOf } from './search.ts';

/**
 * The back-office search reads the upcoming reservations in time order from now, a window of
 * them, and falls back to all matches sorted when the text is rare (findMatchingBookings). Its order is the one the search has always had: upcoming
 * first (a reservation not yet ended, a lead wished for today or later) soonest first, then
 * the past latest first, equal times newest booking first. Here it is compared with that
 * order written as one sorted statement, over matches on both sides of the moment, bookings
 * under way at it, leads and equal start times, for pages of every size.
 */
let database: TestDatabase;
let db: TestDatabase['handle']['db'];
let since: { instant: Date; date: string };
let allOffices: number[];

/** The search's order as one statement sorting every match: what the split statements must give. */
async function sortedAtOnce(officeIds: number[], text: string, limit: number): Promise<number[]> {
  const terms = searchTermsOf(text);
  const any = [sql`false`];
  if (terms.plate) any.push(sql`replace(replace(upper(b.register_number), '-', ''), ' ', '') LIKE ${`${terms.plate}%`}`);
  if (terms.bookingKey) any.push(sql`b.booking_key = ${terms.bookingKey}`);
  if (terms.phoneDigits) any.push(sql`b.customer_phone LIKE ${`%${terms.phoneDigits}%`}`);
  if (terms.namePattern) {
    any.push(sql`coalesce(b.customer->>'first_name', '') || ' ' || coalesce(b.customer->>'last_name', '') || ' ' || coalesce(b.customer->>'email', '')
      ILIKE ${terms.namePattern} ESCAPE '\\'`);
  }
  const upcoming = sql`coalesce(b.end_at > ${since.instant}, b.lead_date >= ${since.date})`;
  const res = await sql<{ id: string }>`
    SELECT b.id FROM booking b
    WHERE b.organization_id IN (${sql.join(officeIds)}) AND b.status IN ('CONFIRMED', 'CANCELLED') AND (${sql.join(any, sql` OR `)})
    ORDER BY CASE WHEN ${upcoming} THEN 0 ELSE 1 END,
             CASE WHEN ${upcoming} THEN coalesce(b.start_at, b.lead_date::timestamptz) END,
             coalesce(b.start_at, b.lead_date::timestamptz) DESC, b.id DESC
    LIMIT ${limit}`.execute(db);
  return res.rows.map((r) => Number(r.id));
}

const split = async (officeIds: number[], text: string, limit: number, window?: number, cap?: number) =>
  (await findMatchingBookings(db, officeIds, searchTermsOf(text), since, limit, window, cap)).map((l) => Number(l.row.id));

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  allOffices = (await db.selectFrom('organization').select('id').execute()).map((o) => o.id);
  // The moment searched from: the middle of office 1's median booking, so that one is under way.
  const middle = await sql<{ at: Date }>`
    SELECT start_at + (end_at - start_at) / 2 AS at FROM booking
    WHERE organization_id = 1 AND kind = 'RESERVATION' ORDER BY start_at, id
    OFFSET (SELECT count(*) / 2 FROM booking WHERE organization_id = 1 AND kind = 'RESERVATION') LIMIT 1`.execute(db);
  const instant = new Date(middle.rows[0]!.at);
  since = { instant, date: todayInHelsinki(instant) };
  // One customer name on bookings all around the moment: under way, just begun and just
  // ended, before and after it, several at the same start.
  await sql`
    UPDATE booking SET status = CASE WHEN id % 5 = 0 THEN 'CANCELLED' ELSE status END,
      customer = customer || '{"last_name": "Järjestyskokeilu"}'::jsonb
    WHERE organization_id IN (1, 2) AND kind = 'RESERVATION'
      AND start_at BETWEEN ${since.instant}::timestamptz - interval '14 days' AND ${since.instant}::timestamptz + interval '14 days'`.execute(db);
  // Leads of that name wished for days around it, two on each day (equal times).
  const kept = (
    await sql<{ c: string }>`SELECT column_name AS c FROM information_schema.columns
      WHERE table_name = 'booking' AND column_name NOT IN ('id', 'booking_key', 'process_token', 'client_key', 'kind', 'start_at', 'end_at', 'time_selection_type', 'lead_date', 'using_key_locker')`.execute(db)
  ).rows.map((r) => r.c);
  for (const [i, days] of [-3, -1, 0, 0, 1, 2].entries()) {
    for (const copy of [1, 2]) {
      await sql`
        INSERT INTO booking (booking_key, kind, lead_date, using_key_locker, ${sql.join(kept.map((c) => sql.ref(c)))})
        SELECT ${`JARJESTYS${i}X${copy}`}, 'LEAD', ${addDays(since.date, days)}::date, false, ${sql.join(kept.map((c) => sql.ref(`b.${c}`)))}
        FROM booking b WHERE b.organization_id = 1 AND b.customer->>'last_name' = 'Järjestyskokeilu' ORDER BY b.id LIMIT 1`.execute(db);
    }
  }
  await sql`ANALYZE booking`.execute(db);
}, 120_000);
afterAll(async () => {
  await database?.drop();
});

describe('findMatchingBookings', () => {
  it('the matches on both sides of the moment are there: under way, to come, past, leads, equal starts', async () => {
    const matches = await sql<{ under_way: number; to_come: number; past: number; leads: number; equal_starts: number }>`
      SELECT count(*) FILTER (WHERE start_at <= ${since.instant} AND end_at > ${since.instant})::int AS under_way,
             count(*) FILTER (WHERE start_at > ${since.instant})::int AS to_come,
             count(*) FILTER (WHERE end_at <= ${since.instant})::int AS past,
             count(*) FILTER (WHERE kind = 'LEAD')::int AS leads,
             (count(*) FILTER (WHERE kind = 'RESERVATION') - count(DISTINCT start_at))::int AS equal_starts
      FROM booking WHERE customer->>'last_name' = 'Järjestyskokeilu'`.execute(db);
    const m = matches.rows[0]!;
    expect(m.under_way).toBeGreaterThanOrEqual(1);
    expect(m.to_come).toBeGreaterThan(3);
    expect(m.past).toBeGreaterThan(3);
    expect(m.leads).toBe(12);
    expect(m.equal_starts).toBeGreaterThan(0);
  });

  it('gives the order of one sorted statement, page by page, for few and many matches, one office or all, within the match cap and past it', async () => {
    for (const text of ['Järjestyskokeilu', 'järjestysKOKEILU', 'nen', 'example.com', 'AB', 'JARJESTYS2X1', '040']) {
      for (const offices of [[1], [1, 2], allOffices]) {
        for (const limit of [1, 2, 5, 13, 51, 200]) {
          const expected = await sortedAtOnce(offices, text, limit);
          // Windows of upcoming reservations read in time order: small ones make the page
          // come from the sorted matches, the product's from the window for common texts.
          for (const window of [3, 40, undefined]) {
            expect(await split(offices, text, limit, window), `${text} in ${offices.length} offices, ${limit} a page, window ${window}`).toEqual(expected);
          }
          // Matches taken by id within the cap, or with the offices past it (a small cap).
          expect(await split(offices, text, limit, 3, 5), `${text} in ${offices.length} offices, ${limit} a page, cap 5`).toEqual(expected);
        }
      }
    }
    // The page of the name holds upcoming and past matches both, the leads among them.
    const page = await sortedAtOnce([1, 2], 'Järjestyskokeilu', 2000);
    const leadIds = (await db.selectFrom('booking').select('id').where('kind', '=', 'LEAD').where('booking_key', 'like', 'JARJESTYS%').execute()).map((r) => Number(r.id));
    expect(page.filter((id) => leadIds.includes(id))).toHaveLength(12);
    expect(await split([1, 2], 'Järjestyskokeilu', 2000)).toEqual(page);
  });
});

describe('booking_time_order', () => {
  it("refuses a reservation whose end is not after its start; a lead's missing time passes", async () => {
    const [booking] = await db.selectFrom('booking').select(['id', 'start_at']).where('kind', '=', 'RESERVATION').orderBy('id').limit(1).execute();
    for (const end of [sql`start_at`, sql`start_at - interval '1 hour'`]) {
      await expect(sql`UPDATE booking SET end_at = ${end} WHERE id = ${booking!.id}`.execute(db)).rejects.toThrow(/booking_time_order/);
    }
    const after = await db.selectFrom('booking').select(['start_at', 'end_at']).where('id', '=', booking!.id).executeTakeFirstOrThrow();
    expect(after.end_at!.getTime()).toBeGreaterThan(after.start_at!.getTime());
    expect(await db.selectFrom('booking').select('id').where('kind', '=', 'LEAD').where('start_at', 'is', null).where('end_at', 'is', null).execute()).not.toHaveLength(0);
  });
});
