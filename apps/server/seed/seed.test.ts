import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REGISTER_NUMBER_PATTERN, fromHelsinki } from '@huolto/domain';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { MAKE } from './catalog.ts';
import { createRandom } from './random.ts';
import { generateVehicles } from './vehicles.ts';
import { NOT_FOUND_PLATE, fullDays, nthWorkingDayAfter, seed, type SeedSummary } from './index.ts';

const TODAY = '2026-11-23'; // a Monday

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

describe('seed', () => {
  let first: Awaited<ReturnType<typeof seededDatabase>>;
  let second: Awaited<ReturnType<typeof seededDatabase>>;

  beforeAll(async () => {
    first = await seededDatabase();
    second = await seededDatabase();
  });

  afterAll(async () => {
    await first?.handle.close();
    await second?.handle.close();
  });

  it('finishes within 10 seconds', () => {
    expect(first.ms).toBeLessThan(10_000);
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

  it('fills the second working day completely at office 1 and books nothing in the past', async () => {
    const db = first.handle.db;
    const day = nthWorkingDayAfter(TODAY, 2);
    expect(day).toBe('2026-11-25');
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

    const earliest = await db
      .selectFrom('booking')
      .select(sql<Date>`min(start_at)`.as('min'))
      .executeTakeFirstOrThrow();
    expect(new Date(earliest.min).getTime()).toBeGreaterThan(fromHelsinki(TODAY, '23:59').getTime());
    const counts = await db
      .selectFrom('booking')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(counts.n).toBe(first.summary.bookings);
  });

  it('gives the same data for the same seed', async () => {
    expect(await vehicleList(second.handle)).toEqual(await vehicleList(first.handle));
    expect(second.summary).toEqual(first.summary);
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
