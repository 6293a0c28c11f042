/**
 * The deterministic seed: fills an empty, migrated database with the Laakkonen chain —
 * offices, makes and models, a vehicle register, the service catalogue, settings and
 * existing bookings. The same seed and `today` give the same rows every time.
 */
import { DATE_PATTERN } from '@huolto/domain';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { analyzeTables } from '../src/db/analyze.ts';
import { generateBookings, type SeedBooking, type SeedService } from './bookings.ts';
import { withOneVersionBump, withoutSecondaryIndexes } from './bulk-load.ts';
import { chainBookings, chainMembers, planChain, type ChainMember, type ChainPlan } from './chain.ts';
import { MAKES, classificationOf, modelId } from './catalog.ts';
import { OFFICES, organizationMakeRows, organizationRows, resourceRows, type OfficeSpec, type SeedResource } from './organizations.ts';
import { createRandom, deriveSeed } from './random.ts';
import { serviceCatalogue, type ServiceCatalogue } from './services.ts';
import { DEMO_VEHICLES, generateVehicles, type SeedVehicle } from './vehicles.ts';
import type { ChainScale, DemoScale } from './scale.ts';
import { hashPassword } from '../src/lib/password.ts';

import { EXTRA_ORDER_ITEMS, OFFERS, groupMediaRows, productAdditionalRows } from './extras.ts';
import { groupImageId } from './services.ts';
import { DEMO_ACCOUNT, seedLoyalty } from './loyalty.ts';
import { tireCatalogue } from './tires.ts';
import { WINDSHIELD_GROUP, WINDSHIELD_PARAMETER_ROWS, WINDSHIELD_PRODUCT_ROWS, WINDSHIELD_START_ROWS } from './windshield.ts';
import { seedManagement } from './management.ts';
import { seedStaff } from './staff.ts';
import { seedWorkKinds } from './work-kinds.ts';
export { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './staff.ts';
export { DEMO_VEHICLES, NOT_FOUND_PLATE } from './vehicles.ts';
export {
  FULL_WEEK_OFFICE_ID,
  LOCKER_FULL_OFFICE_ID,
  MIN_TOTAL_BOOKINGS,
  RETURNING_CUSTOMER_PHONE,
  RETURNING_CUSTOMER_RESOURCE_ID,
  fullDays,
  lockerFullDay,
  nthWorkingDayAfter,
} from './bookings.ts';

export interface SeedOptions {
  /** 'YYYY-MM-DD': the Helsinki date the seed is run; bookings are placed after it. */
  today: string;
  /** PRNG seed; the same value gives the same data. */
  seed?: number;
  /** DEMO_SCALE: the demo company (default) or a chain of the given size (seed/scale.ts). */
  scale?: DemoScale;
  /** A chain's load tells how far it is: bookings inserted so far, of about `expected`. */
  progress?: (done: { offices: number; bookings: number; expected: number }) => void;
}

export interface SeedSummary {
  organizations: number;
  vehicles: number;
  products: number;
  bookings: number;
  tires: number;
  /** A chain: its lifts and loyalty members (the demo account included). */
  resources?: number;
  loyaltyAccounts?: number;
}

export const DEFAULT_SEED = 20241129;
/** Generated cars in the register, on top of the demo plates. */
const VEHICLE_COUNT = 3000;
/** Rows per INSERT: large enough to be fast on PGlite, far below the 65,535-parameter limit. */
const CHUNK_SIZE = 500;
/** Bookings per INSERT (16 columns: 16,000 parameters). */
const BOOKING_CHUNK_SIZE = 1000;

/**
 * The demo company's settings read at run time (requirements §2 service-break notice; the
 * landing page's external links; its name and booking line in the site and the e-mails, the
 * e-mails' sender name). The code's own defaults are neutral (packages/domain site.ts): an
 * empty start says just 'Ajanvaraus' until an admin gives the company's details.
 */
const SETTINGS: Record<string, unknown> = {
  companyName: 'Laakkonen',
  mailSenderName: 'Laakkonen ajanvaraus',
  serviceBreak: { start: '2024-11-29T17:00:00', end: '2024-12-02T06:00:00' },
  links: {
    damageInspection: 'https://www.laakkonen.fi/vahinkotarkastus',
    bookingByPhone: 'https://www.laakkonen.fi/yhteystiedot',
    phoneBooking: 'https://www.laakkonen.fi/yhteystiedot',
    frontPage: 'https://www.laakkonen.fi/',
    instalmentBilling: 'https://www.laakkonen.fi/osamaksu',
    privacy: 'https://www.laakkonen.fi/tietosuojaseloste',
  },
  bookingPhone: '010 525 4000',
  companyContact: { businessId: '1234567-8', address: 'Tuupakantie 3, 01740 Vantaa', email: 'asiakaspalvelu@laakkonen.example' },
  // The loyalty programme's name on the loyalty card, the registration and its e-mails.
  loyaltyName: 'OmaLaakkonen',
};

/** Booking rows as a JSON array for jsonb_to_recordset; JSON columns stay JSON text. */
function bookingsJson(rows: readonly SeedBooking[]): string {
  return JSON.stringify(
    rows.map(({ row, resourceId, during }) => ({
      booking_key: row.booking_key,
      process_type: row.process_type,
      organization_id: row.organization_id,
      register_number: row.register_number,
      status: row.status ?? 'CONFIRMED',
      start_at: row.start_at instanceof Date ? row.start_at.toISOString() : row.start_at,
      end_at: row.end_at instanceof Date ? row.end_at.toISOString() : row.end_at,
      time_selection_type: row.time_selection_type,
      customer: row.customer,
      customer_phone: row.customer_phone ?? null,
      loyalty_account_id: row.loyalty_account_id ?? null,
      vehicle: row.vehicle,
      order_items: row.order_items,
      total_cents: row.total_cents,
      using_key_locker: row.using_key_locker ?? false,
      snapshot: row.snapshot,
      resource_id: resourceId,
      during,
    })),
  );
}

/** The catalogue's services as the seeded bookings' lines need them, by id. */
function seedServices(catalogue: ServiceCatalogue): Map<string, SeedService> {
  const stages = new Map(catalogue.groups.map((g) => [g.id, g.stage as SeedService['stage']]));
  return new Map(
    catalogue.products.map((p) => [
      p.id,
      {
        id: p.id,
        description: p.description,
        priceCents: p.price_cents,
        durationMinutes: p.duration_minutes ?? 0,
        groupId: p.group_id,
        stage: stages.get(p.group_id) ?? 'DEFAULT',
      },
    ]),
  );
}

function* chunks<T>(rows: readonly T[], size = CHUNK_SIZE): Generator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/**
 * A new company's windshield group and products, inactive at 0 € with the insurer's campaign
 * choice (WINDSHIELD_START_ROWS), for an empty start: the windshield form's products exist
 * from the start, and an admin prices and activates them. Rows already there are left alone.
 */
export async function seedWindshieldStart(db: Kysely<Database>): Promise<void> {
  await db.insertInto('service_group').values(WINDSHIELD_START_ROWS.group).onConflict((oc) => oc.column('id').doNothing()).execute();
  await db.insertInto('product').values(WINDSHIELD_START_ROWS.products).onConflict((oc) => oc.column('id').doNothing()).execute();
  await db
    .insertInto('product_parameter')
    .values(WINDSHIELD_START_ROWS.parameters)
    .onConflict((oc) => oc.columns(['product_id', 'parameter_code']).doNothing())
    .execute();
}

/**
 * The data that belongs to no company: the vehicle makes and their models (so that an unknown
 * car's make can be chosen). Loaded on an empty database with the demo company and without
 * it (DEMO_DATA=off); a table that already has rows is left alone.
 */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const makes = await db.selectFrom('vehicle_make').select('id').limit(1).executeTakeFirst();
  if (makes) return;
  await db
    .insertInto('vehicle_make')
    .values(MAKES.map((m) => ({ id: m.id, name: m.name })))
    .execute();
  await db
    .insertInto('vehicle_model')
    .values(
      MAKES.flatMap((make) =>
        make.models.map((model, i) => ({
          id: modelId(make, i),
          make_id: make.id,
          name: model.name,
          classification_id: classificationOf(model),
        })),
      ),
    )
    .execute();
}

/** What the company's rows are made of: the demo's offices or a chain's, and the register. */
interface CompanyParts {
  base: number;
  today: string;
  vehicles: readonly SeedVehicle[];
  offices: readonly OfficeSpec[];
  resources: readonly SeedResource[];
  catalogue: ServiceCatalogue;
}

/** Refuses a database that already has a company. */
async function refuseNonEmpty(trx: Transaction<Database>): Promise<void> {
  const existing = await trx
    .selectFrom('organization')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (existing.n > 0) throw new Error('seed: the database already has data; seed an empty database');
}

/**
 * Everything of the company but its bookings: settings, makes and models, the register,
 * offices and lifts, the catalogue, the loyalty programme's demo account, tires, the
 * windshield service, kinds of work, management settings and staff. Returns the tires' count.
 */
async function seedCompany(trx: Transaction<Database>, c: CompanyParts): Promise<number> {
  await trx
    .insertInto('setting')
    .values(Object.entries(SETTINGS).map(([key, value]) => ({ key, value: JSON.stringify(value) })))
    .execute();

  await seedReferenceData(trx);

  for (const chunk of chunks(c.vehicles)) {
    await trx
      .insertInto('vehicle')
      .values(
        chunk.map((v) => ({
          register_number: v.register_number,
          make_id: v.make_id,
          model: v.model,
          model_year: v.model_year,
          classification_id: v.classification_id,
          fuel: v.fuel,
          introduction_date: v.introduction_date,
          tires: JSON.stringify(v.tires),
        })),
      )
      .execute();
  }

  await trx.insertInto('organization').values(organizationRows(c.offices)).execute();
  await trx.insertInto('organization_make').values(organizationMakeRows(c.offices)).execute();
  await trx.insertInto('resource').values(c.resources).execute();

  await trx.insertInto('service_group').values(c.catalogue.groups).execute();
  for (const chunk of chunks(c.catalogue.products)) await trx.insertInto('product').values(chunk).execute();
  for (const chunk of chunks(c.catalogue.operations)) await trx.insertInto('product_operation').values(chunk).execute();
  await trx.insertInto('media').values(groupMediaRows(c.catalogue.groups)).execute();
  await trx.insertInto('product_additional').values(productAdditionalRows(c.catalogue.products.map((p) => p.id))).execute();
  await trx.insertInto('extra_order_item').values(EXTRA_ORDER_ITEMS).execute();
  await trx.insertInto('offer').values(OFFERS(groupImageId)).execute();
  await seedLoyalty(trx, c.today);

  // Tires are products of their own group; the tire table holds what a search filters on.
  const tires = tireCatalogue(createRandom(deriveSeed(c.base, 'tires')));
  await trx.insertInto('service_group').values({ id: 'tires', stage: 'TIRE_SERVICES', kind: 'TIRES', title: 'Renkaat', calculator_id: null, sort: 0 }).execute();
  await trx.insertInto('tire_supplier').values(tires.suppliers).execute();
  await trx.insertInto('media').values(tires.media).execute();
  for (const chunk of chunks(tires.products)) await trx.insertInto('product').values(chunk).execute();
  for (const chunk of chunks(tires.tires)) await trx.insertInto('tire').values(chunk).execute();

  // The windshield service (/proautolasi): its own group kind, products with CHOICE parameters.
  await trx.insertInto('service_group').values(WINDSHIELD_GROUP).execute();
  await trx.insertInto('product').values(WINDSHIELD_PRODUCT_ROWS).execute();
  await trx.insertInto('product_parameter').values(WINDSHIELD_PARAMETER_ROWS).execute();
  await seedWorkKinds(trx);

  // Redirect settings of four makes, damage-inspection offices, office info texts.
  await seedManagement(trx, c.today);
  await seedStaff(trx);
  return tires.tires.length;
}

/**
 * Bookings and their booked time, one statement: the rows travel as one JSON parameter
 * (much faster on PGlite than 16,000 bound parameters), and the booked time is inserted by
 * the same statement with the ids the bookings got.
 */
async function insertBookings(trx: Transaction<Database>, chunk: readonly SeedBooking[]): Promise<void> {
  const inserted = await sql<{ n: number }>`
    WITH x AS (
      SELECT * FROM jsonb_to_recordset(${bookingsJson(chunk)}::jsonb) AS x(
        booking_key text, process_type text, organization_id integer, register_number text, status text,
        start_at timestamptz, end_at timestamptz, time_selection_type text, customer text, customer_phone text,
        loyalty_account_id integer, vehicle text, order_items text, total_cents integer, using_key_locker boolean,
        snapshot text, resource_id integer, during text)
    ), b AS (
      INSERT INTO booking (booking_key, process_type, organization_id, register_number, status, start_at, end_at,
        time_selection_type, customer, customer_phone, loyalty_account_id, vehicle, order_items, total_cents,
        using_key_locker, snapshot)
      SELECT booking_key, process_type, organization_id, register_number, status, start_at, end_at,
        time_selection_type, customer::jsonb, customer_phone, loyalty_account_id, vehicle::jsonb, order_items::jsonb,
        total_cents, using_key_locker, snapshot::jsonb
      FROM x
      RETURNING id, booking_key
    ), t AS (
      INSERT INTO resource_time (resource_id, during, kind, booking_id)
      SELECT x.resource_id, x.during::tstzrange, 'BOOKED', b.id FROM x JOIN b USING (booking_key)
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM t`.execute(trx);
  if (inserted.rows[0]?.n !== chunk.length) throw new Error('seed: a booking or its time was not inserted');
}

export async function seed(db: Kysely<Database>, opts: SeedOptions): Promise<SeedSummary> {
  if (!DATE_PATTERN.test(opts.today)) throw new RangeError(`seed: today must be YYYY-MM-DD, got ${opts.today}`);
  const base = opts.seed ?? DEFAULT_SEED;
  if (opts.scale && opts.scale !== 'demo') return seedChain(db, opts, base, opts.scale);

  // Everything is planned in memory first; separate PRNG streams keep parts independent.
  const vehicles = generateVehicles(createRandom(deriveSeed(base, 'vehicles')), VEHICLE_COUNT, opts.today);
  const resources = resourceRows();
  const catalogue = serviceCatalogue();
  const demoPlates = new Set(DEMO_VEHICLES.map((d) => d.register_number));
  const bookings = generateBookings(createRandom(deriveSeed(base, 'bookings')), {
    today: opts.today,
    offices: OFFICES,
    resources,
    // Demo plates stay free of bookings so that their demos start clean.
    vehicles: vehicles.filter((v) => !demoPlates.has(v.register_number)),
    historyRng: createRandom(deriveSeed(base, 'history')),
    services: seedServices(catalogue),
  });

  let tireCount = 0;
  // One transaction, and only `trx` inside it: PGlite has a single connection.
  await db.transaction().execute(async (trx) => {
    await refuseNonEmpty(trx);
    tireCount = await seedCompany(trx, { base, today: opts.today, vehicles, offices: OFFICES, resources, catalogue });

    for (const chunk of chunks(bookings, BOOKING_CHUNK_SIZE)) await insertBookings(trx, chunk);
  });

  // Planner statistics of the filled tables (PGlite has no autovacuum).
  await analyzeTables(db);

  return {
    organizations: OFFICES.length,
    vehicles: vehicles.length,
    products: catalogue.products.length,
    bookings: bookings.length,
    tires: tireCount,
  };
}

/** The tables a chain's bookings fill, whose secondary indexes are built after the load. */
const BULK_TABLES = ['booking', 'resource_time'] as const;

/** Loyalty members and their cars, 500 a statement. Returns the accounts' ids in the members' order. */
async function insertMembers(trx: Transaction<Database>, members: readonly ChainMember[]): Promise<number[]> {
  const accountIds: number[] = [];
  for (const chunk of chunks(members)) {
    const ids = await trx
      .insertInto('loyalty_account')
      .values(chunk.map((m) => m.account))
      .returning(['id', 'username'])
      .execute();
    const idOf = new Map(ids.map((r) => [r.username, r.id]));
    const idOfMember = (m: ChainMember): number => {
      const id = idOf.get(m.account.username);
      if (id === undefined) throw new Error(`seed: loyalty account ${m.account.username} was not inserted`);
      return id;
    };
    accountIds.push(...chunk.map(idOfMember));
    const cars = chunk.flatMap((m) => m.cars.map((car) => ({ ...car, account_id: idOfMember(m) })));
    await trx.insertInto('loyalty_vehicle').values(cars).execute();
  }
  return accountIds;
}

/**
 * A chain of the given size (DEMO_SCALE other than demo): the demo company's settings,
 * catalogue and accounts with the chain's offices, lifts, register, loyalty members and
 * bookings. The bookings are made and inserted one office at a time, with the bookings'
 * secondary indexes built once after the load, and the planner's statistics gathered at the end.
 */
async function seedChain(db: Kysely<Database>, opts: SeedOptions, base: number, scale: ChainScale): Promise<SeedSummary> {
  const plan: ChainPlan = planChain(scale, opts.today, base, resourceRows);
  const vehicles = generateVehicles(createRandom(deriveSeed(base, 'vehicles')), plan.vehicleCount, opts.today);
  const catalogue = serviceCatalogue();
  const demoPlates = new Set(DEMO_VEHICLES.map((d) => d.register_number));
  const bookable = vehicles.filter((v) => !demoPlates.has(v.register_number));
  // Every generated member has the demo account's password (README).
  const members = chainMembers(plan, base, bookable, await hashPassword(DEMO_ACCOUNT.password));

  let tireCount = 0;
  let bookingCount = 0;
  await db.transaction().execute(async (trx) => {
    await refuseNonEmpty(trx);
    tireCount = await seedCompany(trx, { base, today: opts.today, vehicles, offices: plan.offices, resources: plan.resources, catalogue });
    // The members' cars' bookings are theirs: the accounts' ids, known after the insert, go with the rows.
    const accountIds = await insertMembers(trx, members);
    await withOneVersionBump(trx, () =>
      withoutSecondaryIndexes(trx, BULK_TABLES, async () => {
        let offices = 0;
        const bookings = chainBookings(plan, {
          today: opts.today,
          seed: base,
          vehicles: bookable,
          services: seedServices(catalogue),
          owners: { members, accountIds },
        });
        for (const officeBookings of bookings) {
          for (const chunk of chunks(officeBookings, BOOKING_CHUNK_SIZE)) await insertBookings(trx, chunk);
          bookingCount += officeBookings.length;
          opts.progress?.({ offices: ++offices, bookings: bookingCount, expected: plan.expectedBookings });
        }
      }).then(() => undefined),
    );
  });
  // A bulk load leaves every new page for autovacuum, which PostgreSQL starts on within a
  // minute and works at for minutes under whatever load comes next. Done here once, it also
  // marks the pages all-visible for the planner's index-only scans (PGlite has no autovacuum).
  await sql`VACUUM`.execute(db);
  await analyzeTables(db);

  return {
    organizations: plan.offices.length,
    vehicles: vehicles.length,
    products: catalogue.products.length,
    bookings: bookingCount,
    tires: tireCount,
    resources: plan.resources.length,
    loyaltyAccounts: members.length + 1,
  };
}
