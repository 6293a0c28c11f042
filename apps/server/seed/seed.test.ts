import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { REGISTER_NUMBER_PATTERN, addDays, fromHelsinki, normalizePhoneNumber, orderItemSchema } from '@huolto/domain';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers.ts';
import { MAKE } from './catalog.ts';
import { createRandom } from './random.ts';
import { generateVehicles } from './vehicles.ts';
import {
  LOCKER_FULL_OFFICE_ID,
  MIN_TOTAL_BOOKINGS,
  NOT_FOUND_PLATE,
  RETURNING_CUSTOMER_PHONE,
  RETURNING_CUSTOMER_RESOURCE_ID,
  fullDays,
  lockerFullDay,
  nthWorkingDayAfter,
  seed,
  type SeedSummary,
} from './index.ts';

/**
 * The day the run's template was seeded for (a run may pass midnight). This file seeds one
 * database of its own for that day and compares it with the template, which global setup
 * seeded with the same code: two seeds for the same day, the second one already paid for.
 */
const TODAY = inject('seedToday');

async function seededDatabase(): Promise<{ handle: DatabaseHandle; summary: SeedSummary; ms: number }> {
  const handle = await openDatabase({});
  await migrate(handle);
  const started = performance.now();
  const summary = await seed(handle.db, { today: TODAY });
  return { handle, summary, ms: performance.now() - started };
}

async function vehicleList(handle: DatabaseHandle) {
  return handle.db.selectFrom('vehicle').selectAll().orderBy('register_number').execute();
}

/** Rows of the tables the seed's summary counts, and of the bookings' booked times. */
async function tableCounts(handle: DatabaseHandle) {
  const counts: Record<string, number> = {};
  for (const table of ['organization', 'vehicle', 'product', 'booking', 'tire', 'resource_time'] as const) {
    const row = await handle.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

describe('seed', () => {
  let first: Awaited<ReturnType<typeof seededDatabase>>;
  /** The run's template: the same seed for the same day, made by global setup. */
  let second: TestDatabase;

  beforeAll(async () => {
    first = await seededDatabase();
    second = await createTestDatabase();
  });

  afterAll(async () => {
    await first?.handle.close();
    await second?.drop();
  });

  it('counts working days from a fixed date: the full day is the second, the key locker fills on the third', () => {
    expect(nthWorkingDayAfter('2026-11-23', 2)).toBe('2026-11-25'); // a Monday → Wednesday
    expect(lockerFullDay('2026-11-23')).toBe('2026-11-26');
    expect(nthWorkingDayAfter('2026-11-27', 1)).toBe('2026-11-30'); // Friday → Monday
  });

  // 30,000+ bookings with their booked time (an exclusion-constrained GiST index) take
  // most of it: about 20 s on the shared two-core machine (6–8 s with the future bookings
  // only). Row-by-row inserts would take minutes.
  it('finishes within 60 seconds', () => {
    expect(first.ms).toBeLessThan(60_000);
  });

  it('creates the offices, office 1 among them', async () => {
    const db = first.handle.db;
    const offices = await db.selectFrom('organization').select(['id', 'time_selection_type']).orderBy('id').execute();
    expect(offices.length).toBeGreaterThanOrEqual(10);
    expect(first.summary.organizations).toBe(offices.length);
    expect(offices.find((o) => o.id === 1)?.time_selection_type).toBe('EXACT_TIME');
    const dealer = await db.selectFrom('organization_make').select('make_id').where('organization_id', '=', 1).execute();
    expect(dealer.map((d) => d.make_id)).toContain(MAKE.VOLKSWAGEN);
  });

  it('creates a register of valid Finnish plates with the demo plates', async () => {
    const vehicles = await vehicleList(first.handle);
    expect(vehicles.length).toBeGreaterThanOrEqual(2000);
    expect(vehicles.every((v) => REGISTER_NUMBER_PATTERN.test(v.register_number))).toBe(true);
    const plates = new Map(vehicles.map((v) => [v.register_number, v]));

    const golf = plates.get('ABC-123');
    expect(golf).toMatchObject({ make_id: MAKE.VOLKSWAGEN, model: 'Golf', classification_id: 1 });
    expect(golf?.tires).toMatchObject({ front: { width: 205, aspectRatio: 55, rimDiameter: 16 } });
    expect(plates.get('VAN-123')?.classification_id).toBe(2);
    expect(plates.get('BMW-123')).toMatchObject({ make_id: MAKE.BMW, model: '320i' });
    expect(plates.get('KIA-123')).toMatchObject({ make_id: MAKE.KIA, model: 'Ceed' });
    expect(plates.get('TOY-123')).toMatchObject({ make_id: MAKE.TOYOTA, model: 'Corolla' });
    expect(plates.has(NOT_FOUND_PLATE)).toBe(false);
  });

  it('offers a Golf different maintenance packages at 60,000 and 90,000 km', async () => {
    const db = first.handle.db;
    const packageFor = (km: number) =>
      db
        .selectFrom('product')
        .select(['id', 'description', 'price_cents'])
        .where('group_id', '=', 'maintenance')
        .where('make_id', '=', MAKE.VOLKSWAGEN)
        .where('min_km', '<=', km)
        .where('max_km', '>=', km)
        .execute();
    const at60 = await packageFor(60_000);
    const at90 = await packageFor(90_000);
    expect(at60).toHaveLength(1);
    expect(at90).toHaveLength(1);
    expect(at60[0]?.id).not.toBe(at90[0]?.id);

    const operations = await db
      .selectFrom('product_operation')
      .select(['description', 'spare_parts'])
      .where('product_id', '=', at60[0]!.id)
      .execute();
    expect(operations.length).toBeGreaterThanOrEqual(4);
    expect(operations.length).toBeLessThanOrEqual(10);
  });

  it('fills the second working day completely at office 1 and books nothing today', async () => {
    const db = first.handle.db;
    const day = nthWorkingDayAfter(TODAY, 2);
    expect(fullDays(TODAY, 1)).toContain(day);
    const opening = fromHelsinki(day, '07:30').getTime();
    const closing = fromHelsinki(day, '17:00').getTime();

    const resources = await db.selectFrom('resource').select('id').where('organization_id', '=', 1).execute();
    expect(resources.length).toBeGreaterThanOrEqual(2);
    for (const resource of resources) {
      const ranges = await db
        .selectFrom('resource_time')
        .select([sql<Date>`lower(during)`.as('start'), sql<Date>`upper(during)`.as('end')])
        .where('resource_id', '=', resource.id)
        .where('kind', '=', 'BOOKED')
        .where(sql<boolean>`during && tstzrange(${new Date(opening)}, ${new Date(closing)}, '[)')`)
        .orderBy(sql`lower(during)`)
        .execute();
      // Back-to-back ranges that cover opening to closing leave no free minute.
      let covered = opening;
      for (const r of ranges) {
        expect(new Date(r.start).getTime()).toBeLessThanOrEqual(covered);
        covered = Math.max(covered, new Date(r.end).getTime());
      }
      expect(covered).toBeGreaterThanOrEqual(closing);
    }

    // Nothing is booked today; the future plan starts tomorrow.
    const today = await db
      .selectFrom('booking')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('start_at', '>=', fromHelsinki(TODAY))
      .where('start_at', '<', fromHelsinki(addDays(TODAY, 1)))
      .executeTakeFirstOrThrow();
    expect(today.n).toBe(0);
    const counts = await db
      .selectFrom('booking')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(counts.n).toBe(first.summary.bookings);
  });

  it('holds at least 30,000 bookings: a year and more of confirmed past bookings, each with its booked time', async () => {
    const db = first.handle.db;
    expect(first.summary.bookings).toBeGreaterThanOrEqual(MIN_TOTAL_BOOKINGS);
    expect(MIN_TOTAL_BOOKINGS).toBe(30_000);
    const past = await db
      .selectFrom('booking')
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) FILTER (WHERE status <> 'CONFIRMED' OR kind <> 'RESERVATION')::int`.as('other'),
        sql<Date>`min(start_at)`.as('earliest'),
      ])
      .where('start_at', '<', fromHelsinki(TODAY))
      .executeTakeFirstOrThrow();
    expect(past.n).toBeGreaterThan(25_000);
    expect(past.other).toBe(0);
    // More than twelve months back.
    expect(new Date(past.earliest).getTime()).toBeLessThan(fromHelsinki(addDays(TODAY, -365)).getTime());
    const unbooked = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM booking b
      WHERE NOT EXISTS (SELECT 1 FROM resource_time rt WHERE rt.booking_id = b.id AND rt.kind = 'BOOKED'
        AND lower(rt.during) = b.start_at AND upper(rt.during) = b.end_at)`.execute(db);
    expect(unbooked.rows[0]!.n).toBe(0);
    // Past bookings fall on working days within opening hours.
    const weekend = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM booking
      WHERE extract(isodow FROM start_at AT TIME ZONE 'Europe/Helsinki') > 5
         OR (start_at AT TIME ZONE 'Europe/Helsinki')::time < '07:30'
         OR (end_at AT TIME ZONE 'Europe/Helsinki')::time > '17:00'`.execute(db);
    expect(weekend.rows[0]!.n).toBe(0);
  });

  it("books every booking for the catalogue's services: its lines with prices summing to its total, the same for the same seed", async () => {
    const db = first.handle.db;
    const stats = await sql<{ all: number; without: number; off: number; services: number }>`
      SELECT count(*)::int AS all,
             count(*) FILTER (WHERE jsonb_array_length(order_items) = 0)::int AS without,
             count(*) FILTER (WHERE total_cents <> (SELECT coalesce(sum((i->>'price')::int), 0) FROM jsonb_array_elements(order_items) i))::int AS off,
             (SELECT count(DISTINCT i->'product'->>'id')::int FROM booking, jsonb_array_elements(order_items) i) AS services
      FROM booking`.execute(db);
    expect(stats.rows[0]).toMatchObject({ without: 0, off: 0 });
    expect(stats.rows[0]!.services).toBeGreaterThanOrEqual(10);
    // Every line is the catalogue's product at its price, and reads back as a booking's line.
    const lines = await sql<{ item: unknown; description: string; price_cents: number }>`
      SELECT DISTINCT ON (i->'product'->>'id') i AS item, p.description, p.price_cents
      FROM booking b, jsonb_array_elements(b.order_items) i JOIN product p ON p.id = i->'product'->>'id'
      ORDER BY i->'product'->>'id'`.execute(db);
    expect(lines.rows.length).toBe(stats.rows[0]!.services);
    for (const { item, description, price_cents } of lines.rows) {
      const line = orderItemSchema.parse(typeof item === 'string' ? JSON.parse(item) : item);
      expect({ description: line.display_description, price: line.price }).toEqual({ description, price: price_cents });
    }
    const sample = (handle: DatabaseHandle) =>
      handle.db.selectFrom('booking').select(['booking_key', 'order_items', 'total_cents']).orderBy('booking_key').limit(200).execute();
    expect(await sample(second.handle)).toEqual(await sample(first.handle));
  });

  it('fills the key locker of office 1 on the morning of the third working day', async () => {
    const db = first.handle.db;
    const day = lockerFullDay(TODAY);
    const office = await db.selectFrom('organization').select('locker_compartments').where('id', '=', LOCKER_FULL_OFFICE_ID).executeTakeFirstOrThrow();
    expect(office.locker_compartments).toBe(4);
    const lockers = await db
      .selectFrom('booking')
      .select(['start_at', 'snapshot'])
      .where('organization_id', '=', LOCKER_FULL_OFFICE_ID)
      .where('using_key_locker', '=', true)
      .execute();
    expect(lockers).toHaveLength(4);
    for (const b of lockers) {
      expect(new Date(b.start_at!).getTime()).toBe(fromHelsinki(day, '08:00').getTime());
      expect(b.snapshot).toMatchObject({ using_key_locker: true });
    }
    const small = await db.selectFrom('organization').select('id').where('locker_compartments', '=', 2).orderBy('id').execute();
    expect(small.map((o) => o.id)).toEqual([6, 13]);
  });

  it('has one lead-only office, two offices where customers choose their mechanic, and a returning customer', async () => {
    const db = first.handle.db;
    const lead = await db.selectFrom('organization').select('name').where('lead_only', '=', true).execute();
    expect(lead).toEqual([{ name: 'Laakkonen Joensuu' }]);
    const choosing = await db.selectFrom('organization').select('id').where('customer_selects_resource', '=', true).orderBy('id').execute();
    expect(choosing.map((o) => o.id)).toEqual([1, 4]);
    const mechanics = await db.selectFrom('resource').select(['id', 'display_name', 'selectable']).where('organization_id', '=', 1).orderBy('id').execute();
    expect(mechanics.map((m) => m.display_name)).toEqual(['Mekaanikko Jari', 'Mekaanikko Sanna', 'Mekaanikko Pekka', 'Mekaanikko Laura', 'Mekaanikko Timo']);
    expect(mechanics.every((m) => m.selectable)).toBe(true);

    const visits = await sql<{ resource_id: number; start: Date }>`
      SELECT rt.resource_id, b.start_at AS start FROM booking b JOIN resource_time rt ON rt.booking_id = b.id
      WHERE b.customer_phone = ${normalizePhoneNumber(RETURNING_CUSTOMER_PHONE)} ORDER BY b.start_at DESC`.execute(db);
    expect(visits.rows).toHaveLength(2);
    expect(visits.rows[0]!.resource_id).toBe(RETURNING_CUSTOMER_RESOURCE_ID);
    expect(new Date(visits.rows[0]!.start).getTime()).toBeLessThan(fromHelsinki(TODAY).getTime());
  });

  it('gives the same data for the same seed', async () => {
    expect(await vehicleList(second.handle)).toEqual(await vehicleList(first.handle));
    const counts = await tableCounts(second.handle);
    expect(counts).toEqual(await tableCounts(first.handle));
    expect(counts).toMatchObject({ organization: first.summary.organizations, booking: first.summary.bookings, tire: first.summary.tires });
    const keys = (h: DatabaseHandle) =>
      h.db.selectFrom('booking').select(['booking_key', 'start_at', 'register_number']).orderBy('booking_key').execute();
    expect(await keys(second.handle)).toEqual(await keys(first.handle));
  });

  it('gives different cars for a different seed', () => {
    const a = generateVehicles(createRandom(1), 50, TODAY);
    const b = generateVehicles(createRandom(2), 50, TODAY);
    expect(a.map((v) => v.register_number)).not.toEqual(b.map((v) => v.register_number));
  });

  it('refuses a database that already has data', async () => {
    await expect(seed(first.handle.db, { today: TODAY })).rejects.toThrow(/already has data/);
  });
});
