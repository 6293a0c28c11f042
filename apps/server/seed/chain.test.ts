import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, postCodeCoordinates, toHelsinki } from '@huolto/domain';
import { loadConfig } from '../src/config.ts';
import { migrate, openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import type { SeedBooking, SeedService } from './bookings.ts';
import {
  FUTURE_DAYS,
  carOwnerIndex,
  chainBookings,
  chainMembers,
  chainOffices,
  isTireSeason,
  planChain,
  type ChainMember,
  type ChainPlan,
} from './chain.ts';
import { seed, type SeedSummary } from './index.ts';
import { OFFICES, resourceRows } from './organizations.ts';
import { createRandom, deriveSeed } from './random.ts';
import { SCALE_PRESETS, parseDemoScale, type ChainScale } from './scale.ts';
import { serviceCatalogue } from './services.ts';
import { generateVehicles } from './vehicles.ts';

/** A fixed day: the plan's dates must not move with the day the tests run. */
const TODAY = '2026-11-28';
const SMALL: ChainScale = { offices: 3, years: 1 };

function services(): Map<string, SeedService> {
  const catalogue = serviceCatalogue();
  const stages = new Map(catalogue.groups.map((g) => [g.id, g.stage as SeedService['stage']]));
  return new Map(
    catalogue.products.map((p) => [
      p.id,
      { id: p.id, description: p.description, priceCents: p.price_cents, durationMinutes: p.duration_minutes ?? 0, groupId: p.group_id, stage: stages.get(p.group_id) ?? 'DEFAULT' },
    ]),
  );
}

/** The ids the members' accounts get on insert, as the database might give them (not their indexes). */
const accountIdsOf = (members: readonly ChainMember[]) => members.map((_, i) => 5000 + 3 * i);

/**
 * A chain's plan, its loyalty members and all its bookings, in memory, as the load makes them;
 * `withMembers: false` leaves the members' cars' bookings unlinked.
 */
function generate(
  scale: ChainScale,
  seedValue: number,
  withMembers = true,
): { plan: ChainPlan; members: ChainMember[]; accountIds: number[]; bookings: SeedBooking[] } {
  const plan = planChain(scale, TODAY, seedValue, resourceRows);
  const vehicles = generateVehicles(createRandom(deriveSeed(seedValue, 'vehicles')), plan.vehicleCount, TODAY);
  const members = chainMembers(plan, seedValue, vehicles, 'hash');
  const accountIds = accountIdsOf(members);
  const owners = withMembers ? { members, accountIds } : undefined;
  const bookings = [...chainBookings(plan, { today: TODAY, seed: seedValue, vehicles, services: services(), owners })].flat();
  return { plan, members, accountIds, bookings };
}

function digest(bookings: readonly SeedBooking[]): string {
  const hash = createHash('sha256');
  for (const b of bookings) {
    hash.update(
      `${b.resourceId}|${b.during}|${b.row.booking_key}|${b.row.register_number}|${String(b.row.customer)}|${String(b.row.order_items)}|${b.row.total_cents}|${b.row.process_type}|${b.row.loyalty_account_id}|${b.row.customer_phone}\n`,
    );
  }
  return hash.digest('hex');
}

/** Helsinki wall-clock parts of an instant; the bookings start and end on a few thousand hours. */
const helsinkiParts = new Map<number, ReturnType<typeof toHelsinki>>();
function helsinki(ms: number) {
  let parts = helsinkiParts.get(ms);
  if (!parts) helsinkiParts.set(ms, (parts = toHelsinki(new Date(ms))));
  return parts;
}
/** A booking's Helsinki date. */
const dateOf = (b: SeedBooking) => helsinki((b.row.start_at as Date).getTime()).date;

describe('a chain of 3 offices and 1 year', () => {
  const first = generate(SMALL, 11);

  it('is the same twice with the same seed and size, and another with another seed', () => {
    const again = generate(SMALL, 11);
    expect(again.bookings.length).toBe(first.bookings.length);
    expect(digest(again.bookings)).toBe(digest(first.bookings));
    expect(digest(generate(SMALL, 12).bookings)).not.toBe(digest(first.bookings));
  });

  it('has lifts of 3–6 per office, the demo offices first', () => {
    expect(first.plan.offices.map((o) => o.name)).toEqual(OFFICES.slice(0, 3).map((o) => o.name));
    for (const office of first.plan.offices) {
      const lifts = first.plan.resources.filter((r) => r.organization_id === office.id).length;
      expect(lifts).toBeGreaterThanOrEqual(3);
      expect(lifts).toBeLessThanOrEqual(6);
    }
  });

  it('never books a lift twice at once, and books only within the day 8.00–17.00 Helsinki time', () => {
    const byResource = new Map<number, [number, number][]>();
    for (const b of first.bookings) {
      const m = /^\[(.+),(.+)\)$/.exec(b.during)!;
      const [start, end] = [Date.parse(m[1]!), Date.parse(m[2]!)];
      expect(end).toBeGreaterThan(start);
      expect(start).toBe((b.row.start_at as Date).getTime());
      const from = helsinki(start).time;
      const to = helsinki(end).time;
      expect(from >= '08:00:00' && to <= '17:00:00').toBe(true);
      byResource.set(b.resourceId, [...(byResource.get(b.resourceId) ?? []), [start, end]]);
    }
    expect(byResource.size).toBe(first.plan.resources.length);
    let overlaps = 0;
    for (const times of byResource.values()) {
      times.sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < times.length; i++) if (times[i]![0] < times[i - 1]![1]) overlaps++;
    }
    expect(overlaps).toBe(0);
  });

  it('has unique keys and totals in whole cents', () => {
    expect(new Set(first.bookings.map((b) => b.row.booking_key)).size).toBe(first.bookings.length);
    expect(first.bookings.every((b) => Number.isInteger(b.row.total_cents) && (b.row.total_cents as number) > 0)).toBe(true);
  });

  it('has bookings a year back and three months ahead, about as many as planned', () => {
    const dates = first.bookings.map(dateOf);
    const past = dates.filter((d) => d < TODAY);
    const future = dates.filter((d) => d > TODAY);
    expect(past.length + future.length).toBe(dates.length);
    expect(past.length).toBeGreaterThan(future.length * 3);
    expect(future.length).toBeGreaterThan(500);
    const earliest = past.reduce((a, b) => (a < b ? a : b));
    expect(earliest >= addDays(TODAY, -365) && earliest <= addDays(TODAY, -355)).toBe(true);
    const latest = future.reduce((a, b) => (a > b ? a : b));
    expect(latest <= addDays(TODAY, FUTURE_DAYS) && latest >= addDays(TODAY, FUTURE_DAYS - 7)).toBe(true);
    expect(Math.abs(first.bookings.length - first.plan.expectedBookings) / first.plan.expectedBookings).toBeLessThan(0.05);
  });

  it('is busier in the tire seasons (October–November, March–May) than in the rest of the past year', () => {
    const perDay = (season: boolean) => {
      const past = first.bookings.filter((b) => dateOf(b) < TODAY && isTireSeason(dateOf(b)) === season);
      const days = new Set(past.map(dateOf)).size;
      return { perDay: past.length / days, tireShare: past.filter((b) => b.row.process_type === 'TIRE_CHANGE').length / past.length };
    };
    const season = perDay(true);
    const rest = perDay(false);
    expect(season.perDay).toBeGreaterThan(rest.perDay * 1.3);
    expect(season.tireShare).toBeGreaterThan(0.4);
    expect(rest.tireShare).toBeLessThan(0.2);
  });

  it('has cars and loyalty members in proportion: about six bookings a car, a member for five cars', () => {
    const { plan } = first;
    expect(plan.vehicleCount).toBe(Math.max(500, Math.ceil(plan.expectedBookings / 6)));
    const vehicles = generateVehicles(createRandom(deriveSeed(11, 'vehicles')), plan.vehicleCount, TODAY);
    const members = chainMembers(plan, 11, vehicles, 'hash');
    expect(members.length).toBe(Math.ceil(plan.vehicleCount / 5));
    const plates = members.flatMap((m) => m.cars.map((c) => c.license));
    expect(new Set(plates).size).toBe(plates.length);
    expect(new Set(members.map((m) => m.account.username)).size).toBe(members.length);
  });
});

describe('bookings of the loyalty members\' cars', () => {
  const first = generate(SMALL, 11);
  const owner = carOwnerIndex(first.members);
  const customerOf = (b: SeedBooking) => JSON.parse(String(b.row.customer)) as Record<string, unknown>;
  const ownBookings = first.bookings.filter((b) => owner.has(b.row.register_number));
  const otherBookings = first.bookings.filter((b) => !owner.has(b.row.register_number));

  it('are the owner\'s: the account\'s id, and its name, e-mail and phone as the customer', () => {
    // About a quarter of the cars are members' (a member for five cars, one or two cars each).
    expect(ownBookings.length).toBeGreaterThan(first.bookings.length * 0.15);
    expect(otherBookings.length).toBeGreaterThan(first.bookings.length * 0.5);
    const accounts = new Set<number>();
    for (const b of ownBookings) {
      const i = owner.get(b.row.register_number)!;
      const { account } = first.members[i]!;
      expect(b.row.loyalty_account_id).toBe(first.accountIds[i]);
      accounts.add(b.row.loyalty_account_id!);
      expect(customerOf(b)).toMatchObject({
        first_name: account.firstname,
        last_name: account.lastname,
        email: account.email,
        phone_number: account.phone,
        post_code: account.zip,
        post_office: account.city,
      });
      expect(b.row.customer_phone).toBe(account.phone!.replace(/\D/g, ''));
    }
    // Many members' bookings, not one member's.
    expect(accounts.size).toBeGreaterThan(first.members.length / 2);
  });

  it('leave the other cars\' bookings as they were: no account, customers who are not members', () => {
    const memberEmails = new Set(first.members.map((m) => m.account.email));
    for (const b of otherBookings) {
      expect(b.row.loyalty_account_id).toBeNull();
      expect(memberEmails.has(customerOf(b).email as string)).toBe(false);
    }
    // The other cars' bookings are exactly what the chain made before the members were linked.
    const unlinked = generate(SMALL, 11, false).bookings;
    expect(unlinked.length).toBe(first.bookings.length);
    expect(digest(unlinked.filter((b) => !owner.has(b.row.register_number)))).toBe(digest(otherBookings));
    expect(unlinked.every((b) => b.row.loyalty_account_id === null)).toBe(true);
  });

  it('link the same members with the same seed, and others with another seed', () => {
    const links = (g: ReturnType<typeof generate>) => g.bookings.map((b) => `${b.row.booking_key}:${b.row.loyalty_account_id}:${customerOf(b).email}`);
    expect(links(generate(SMALL, 11))).toEqual(links(first));
    expect(links(generate(SMALL, 12))).not.toEqual(links(first));
  });
});

describe('a chain of 200 offices', () => {
  const offices = chainOffices(200, 5);

  it('spreads over real towns: unique codes, the post code area`s point, the larger towns with several offices', () => {
    expect(offices.map((o) => o.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(offices.map((o) => o.code ?? o.name)).size).toBe(200);
    for (const o of offices.slice(OFFICES.length)) {
      const centre = postCodeCoordinates(o.post_code)!;
      expect(centre).not.toBeNull();
      expect(Math.abs(o.latitude - centre.latitude)).toBeLessThanOrEqual(0.04);
      expect(Math.abs(o.longitude - centre.longitude)).toBeLessThanOrEqual(0.08);
      expect(o.resources).toBeGreaterThanOrEqual(3);
      expect(o.resources).toBeLessThanOrEqual(6);
    }
    const helsinki = offices.filter((o) => o.post_office === 'Helsinki').length;
    expect(helsinki).toBeGreaterThan(5);
    expect(new Set(offices.map((o) => o.post_office)).size).toBeGreaterThan(80);
    // The same offices whatever the seed's other parts: the plan is its own stream.
    expect(chainOffices(200, 5)).toEqual(offices);
  });
});

describe('DEMO_SCALE', () => {
  it('reads the named sizes and numbers, and refuses anything else', () => {
    expect(parseDemoScale(undefined)).toBe('demo');
    expect(parseDemoScale('demo')).toBe('demo');
    expect(parseDemoScale('medium')).toEqual(SCALE_PRESETS.medium);
    expect(parseDemoScale('large')).toEqual({ offices: 200, years: 3, bookings: 2_000_000 });
    expect(parseDemoScale('offices=5,years=2')).toEqual({ offices: 5, years: 2 });
    expect(parseDemoScale('offices=5, years=2, bookings=1000')).toEqual({ offices: 5, years: 2, bookings: 1000 });
    for (const bad of ['huge', 'offices=0', 'offices=5,years=99', 'years=2', 'offices=-1', 'offices=5;years=2']) {
      expect(() => parseDemoScale(bad), bad).toThrow(RangeError);
    }
  });

  it('is read by the configuration: demo by default, a wrong value stops the start naming the variable', () => {
    expect(loadConfig({}).demoScale).toBe('demo');
    expect(loadConfig({ DEMO_SCALE: 'offices=40,years=2' }).demoScale).toEqual({ offices: 40, years: 2 });
    expect(() => loadConfig({ DEMO_SCALE: 'huge' })).toThrow(/DEMO_SCALE: must be demo, medium, large/);
  });
});

describe('loading a chain into an empty database', () => {
  let handle: DatabaseHandle;
  let summary: SeedSummary;
  let indexesBefore: string[];

  const indexes = async () =>
    (
      await sql<{ def: string }>`
        SELECT pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
        WHERE t.relname IN ('booking', 'resource_time') ORDER BY 1`.execute(handle.db)
    ).rows.map((r) => r.def);

  beforeAll(async () => {
    handle = await openDatabase({});
    await migrate(handle);
    indexesBefore = await indexes();
    // Two offices, bookings ahead only: the load's path in a few seconds.
    summary = await seed(handle.db, { today: TODAY, seed: 3, scale: { offices: 2, years: 0 } });
  }, 60_000);

  afterAll(async () => {
    await handle?.close();
  });

  it('inserts every planned booking with its booked time', async () => {
    const counts = await sql<{ bookings: number; times: number; offices: number; accounts: number }>`
      SELECT (SELECT count(*)::int FROM booking) AS bookings,
             (SELECT count(*)::int FROM resource_time WHERE kind = 'BOOKED') AS times,
             (SELECT count(*)::int FROM organization) AS offices,
             (SELECT count(*)::int FROM loyalty_account) AS accounts`.execute(handle.db);
    const row = counts.rows[0]!;
    expect(summary.bookings).toBeGreaterThan(300);
    expect(row).toEqual({ bookings: summary.bookings, times: summary.bookings, offices: 2, accounts: summary.loyaltyAccounts });
    expect(summary.loyaltyAccounts).toBe(Math.ceil(500 / 5) + 1);
  });

  it('builds again exactly the indexes and the no-overlap constraint the migrations made, with the version trigger on', async () => {
    expect(await indexes()).toEqual(indexesBefore);
    expect(indexesBefore.some((d) => d.includes('gist'))).toBe(true);
    const trigger = await sql<{ enabled: string }>`
      SELECT tgenabled AS enabled FROM pg_trigger WHERE tgname = 'resource_time_availability'`.execute(handle.db);
    expect(trigger.rows).toEqual([{ enabled: 'O' }]);
  });

  it('links the members\' cars\' bookings to the accounts the members got on insert', async () => {
    const links = await sql<{ linked: number; matching: number; unlinked: number; wrongly: number }>`
      SELECT
        (SELECT count(*)::int FROM booking WHERE loyalty_account_id IS NOT NULL) AS linked,
        (SELECT count(*)::int FROM booking b
           JOIN loyalty_vehicle v ON v.license = b.register_number AND v.account_id = b.loyalty_account_id
           JOIN loyalty_account a ON a.id = b.loyalty_account_id
          WHERE b.customer->>'email' = a.email AND b.customer->>'first_name' = a.firstname) AS matching,
        (SELECT count(*)::int FROM booking b
          WHERE NOT EXISTS (SELECT 1 FROM loyalty_vehicle v WHERE v.license = b.register_number)) AS unlinked,
        (SELECT count(*)::int FROM booking b
          WHERE b.loyalty_account_id IS NULL
            AND EXISTS (SELECT 1 FROM loyalty_vehicle v WHERE v.license = b.register_number)) AS wrongly`.execute(handle.db);
    const row = links.rows[0]!;
    expect(row.linked).toBeGreaterThan(summary.bookings * 0.1);
    expect(row.matching).toBe(row.linked);
    expect(row.unlinked).toBe(summary.bookings - row.linked);
    expect(row.wrongly).toBe(0);
  });

  it('refuses a second load into the now filled database', async () => {
    await expect(seed(handle.db, { today: TODAY, scale: { offices: 2, years: 0 } })).rejects.toThrow(/already has data/);
  });
});
