/**
 * A chain of any size (DEMO_SCALE other than `demo`): the demo's own offices first, then
 * offices in real Finnish towns (post codes of the town centre, coordinates of the post
 * code's area from the domain's post-codes.ts), 3–6 lifts each, bookings from the given
 * years back to three months ahead — busier in the tire-change seasons (October–November,
 * March–May), quiet in July — and cars and loyalty members in proportion. Pure planning:
 * the caller inserts. The same seed and size give the same data.
 */
import { addDays, normalizePhoneNumber, postCodeCoordinates, type Customer } from '@huolto/domain';
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/types.ts';
import {
  BOOKING_HOURS,
  CLOSING,
  FIRST_NAMES,
  FIRST_SLOT,
  JOBS_BY_HOURS,
  KEY_ALPHABET,
  LAST_NAMES,
  LONG_JOBS,
  TIRE_JOBS,
  bookingVehicle,
  instantOf,
  isWorkingDay,
  jobLines,
  randomCustomer,
  type SeedBooking,
  type SeedService,
} from './bookings.ts';
import { MAKES } from './catalog.ts';
import { OFFICES, officeCode, type OfficeSpec, type SeedResource } from './organizations.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { checkScale, type ChainScale } from './scale.ts';
import type { SeedVehicle } from './vehicles.ts';

/**
 * Towns where the chain adds offices, with the post code of the town centre and how many
 * offices a town of its size holds. The coordinates come from postCodeCoordinates().
 */
const TOWNS: readonly (readonly [name: string, postCode: string, offices: number])[] = [
  ['Helsinki', '00100', 12], ['Espoo', '02100', 6], ['Tampere', '33100', 6], ['Vantaa', '01300', 5],
  ['Oulu', '90100', 4], ['Turku', '20100', 4], ['Jyväskylä', '40100', 3], ['Kuopio', '70100', 3],
  ['Lahti', '15100', 3], ['Pori', '28100', 2], ['Kouvola', '45100', 2], ['Joensuu', '80100', 2],
  ['Lappeenranta', '53100', 2], ['Hämeenlinna', '13100', 2], ['Vaasa', '65100', 2], ['Seinäjoki', '60100', 2],
  ['Rovaniemi', '96100', 2], ['Mikkeli', '50100', 1], ['Kotka', '48100', 2], ['Salo', '24100', 1],
  ['Porvoo', '06100', 2], ['Kokkola', '67100', 1], ['Hyvinkää', '05800', 1], ['Lohja', '08100', 1],
  ['Järvenpää', '04400', 1], ['Rauma', '26100', 1], ['Kajaani', '87100', 1], ['Nokia', '37100', 1],
  ['Kangasala', '36200', 1], ['Savonlinna', '57100', 1], ['Riihimäki', '11100', 1], ['Raisio', '21200', 1],
  ['Imatra', '55100', 1], ['Kemi', '94100', 1], ['Tornio', '95400', 1], ['Iisalmi', '74100', 1],
  ['Varkaus', '78200', 1], ['Raahe', '92100', 1], ['Forssa', '30100', 1], ['Heinola', '18100', 1],
  ['Uusikaupunki', '23500', 1], ['Loimaa', '32200', 1], ['Pietarsaari', '68600', 1], ['Ylivieska', '84100', 1],
  ['Hamina', '49400', 1], ['Äänekoski', '44100', 1], ['Jämsä', '42100', 1], ['Kuusamo', '93600', 1],
  ['Pieksämäki', '76100', 1], ['Sastamala', '38200', 1], ['Orimattila', '16300', 1], ['Loviisa', '07900', 1],
  ['Nummela', '03100', 1], ['Raasepori', '10300', 1], ['Maarianhamina', '22100', 1], ['Kemijärvi', '98100', 1],
  ['Sodankylä', '99600', 1], ['Nurmes', '75500', 1], ['Lieksa', '81700', 1], ['Kitee', '82500', 1],
  ['Outokumpu', '83500', 1], ['Siilinjärvi', '71800', 1], ['Suonenjoki', '77600', 1], ['Leppävirta', '79100', 1],
  ['Laukaa', '41340', 1], ['Saarijärvi', '43100', 1], ['Orivesi', '35300', 1], ['Ikaalinen', '39500', 1],
  ['Harjavalta', '29200', 1], ['Eura', '27510', 1], ['Urjala', '31700', 1], ['Lapua', '62100', 1],
  ['Kurikka', '61300', 1], ['Alavus', '63300', 1], ['Närpiö', '64200', 1], ['Kannus', '69100', 1],
  ['Nivala', '85500', 1], ['Oulainen', '86300', 1], ['Sotkamo', '88600', 1], ['Suomussalmi', '89600', 1],
  ['Liminka', '91900', 1], ['Ranua', '97700', 1], ['Kausala', '47400', 1], ['Mäntyharju', '52700', 1],
  ['Kangasniemi', '51200', 1], ['Parikkala', '59100', 1], ['Ruokolahti', '56100', 1], ['Taavetti', '54500', 1],
  ['Loppi', '12700', 1], ['Turenki', '14200', 1], ['Vääksy', '17200', 1], ['Sysmä', '19700', 1],
  ['Ruovesi', '34600', 1], ['Lapinlahti', '73100', 1], ['Pielavesi', '72400', 1], ['Perniö', '25500', 1],
];
const STREETS = ['Teollisuustie', 'Autokatu', 'Huoltotie', 'Konepajankatu', 'Ajurinkatu', 'Moottoritie', 'Valimotie', 'Kaarikatu'];

/** How far ahead bookings reach, days (the calendar shows eight weeks, customers book further). */
export const FUTURE_DAYS = 90;
/** A busy chain's bookings per lift per working day in the past, when no total is given. */
const DEFAULT_DAILY_BOOKINGS = 3;
/** The most a lift-day may be asked to hold (the hourly grid has nine hours). */
const MAX_DAILY_BOOKINGS = 7;
/** Bookings per car over the years (a car comes back), and cars per loyalty member. */
const BOOKINGS_PER_CAR = 6;
const CARS_PER_MEMBER = 5;

/** How busy a month is: the tire-change seasons most, July's holidays least (1 = average). */
const MONTH_LOAD = [0.85, 0.85, 1.35, 1.35, 1.35, 0.9, 0.55, 0.9, 0.85, 1.5, 1.5, 0.85] as const;
const MONTH_LOAD_MEAN = MONTH_LOAD.reduce((a, b) => a + b, 0) / 12;
/** Tire-change seasons: October–November and March–May. */
export function isTireSeason(date: string): boolean {
  const month = Number(date.slice(5, 7));
  return month === 10 || month === 11 || (month >= 3 && month <= 5);
}

/** The offices of a chain of `count`: the demo's fourteen first, then towns by size. */
export function chainOffices(count: number, seed: number): OfficeSpec[] {
  const rng = createRandom(deriveSeed(seed, 'chain-offices'));
  const offices: OfficeSpec[] = OFFICES.slice(0, count).map((o) => ({ ...o, resources: Math.max(3, o.resources) }));
  const inTown = new Map<string, number>(OFFICES.map((o) => [o.post_office, 1]));
  for (let round = 0; offices.length < count; round++) {
    for (const [town, postCode, size] of TOWNS) {
      if (offices.length >= count) break;
      // A town gets its share in the first rounds; later rounds add one to every town.
      if (round < 12 && size <= round) continue;
      const n = (inTown.get(town) ?? 0) + 1;
      inTown.set(town, n);
      const id = offices.length + 1;
      const centre = postCodeCoordinates(postCode);
      if (!centre) throw new Error(`seed: no coordinates for post code ${postCode}`);
      const townCode = officeCode({ name: town });
      const code = n === 1 ? townCode : `${townCode}${n}`;
      const tireChange = rng.chance(0.9);
      offices.push({
        id,
        code,
        name: n === 1 ? `Laakkonen ${town}` : `Laakkonen ${town} ${n}`,
        address: `${rng.pick(STREETS)} ${rng.int(1, 60)}`,
        post_code: postCode,
        post_office: town,
        phone: `010 525 ${String(6000 + id).padStart(4, '0')}`,
        email: `${code.toLowerCase()}.huolto@laakkonen.example`,
        // Offices of one town a few kilometres apart around its centre.
        latitude: Math.round((centre.latitude + (n === 1 ? 0 : (rng.next() - 0.5) * 0.08)) * 10000) / 10000,
        longitude: Math.round((centre.longitude + (n === 1 ? 0 : (rng.next() - 0.5) * 0.16)) * 10000) / 10000,
        time_selection_type: rng.chance(0.85) ? 'EXACT_TIME' : 'DAY_ONLY',
        tire_change: tireChange,
        windshield: rng.chance(0.4),
        show_loan_calculator: rng.chance(0.3),
        dealerFor: rng.chance(0.5) ? [rng.pick(MAKES).id] : [],
        resources: rng.int(3, 6),
      });
    }
  }
  return offices;
}

/** The working days of the chain's bookings: `years` back from yesterday and FUTURE_DAYS ahead. */
function bookingDays(today: string, years: number): { past: string[]; future: string[] } {
  const past: string[] = [];
  for (let d = addDays(today, -1), n = 1; n <= years * 365; n++, d = addDays(d, -1)) if (isWorkingDay(d)) past.push(d);
  const future: string[] = [];
  for (let d = addDays(today, 1), n = 1; n <= FUTURE_DAYS; n++, d = addDays(d, 1)) if (isWorkingDay(d)) future.push(d);
  return { past, future };
}

/** How full a future day is against a past one: the next weeks nearly, three months out little. */
function futureFill(daysAhead: number): number {
  if (daysAhead <= 14) return 0.85;
  return Math.max(0.1, 0.85 - ((daysAhead - 14) / (FUTURE_DAYS - 14)) * 0.75);
}

/** The day's weight in bookings per lift against an average past working day. */
function dayWeight(today: string, date: string): number {
  const month = MONTH_LOAD[Number(date.slice(5, 7)) - 1]! / MONTH_LOAD_MEAN;
  if (date <= today) return month;
  const ahead = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
  return month * futureFill(ahead);
}

/**
 * The chance that a free hour starts a booking for `daily` bookings a lift-day on average:
 * the grid has nine hours and a booking takes 1.35 hours on average.
 */
function startChance(daily: number): number {
  const d = Math.min(MAX_DAILY_BOOKINGS, daily);
  return Math.min(0.95, d / (9 - 0.35 * d));
}

export interface ChainPlan {
  scale: ChainScale;
  offices: OfficeSpec[];
  resources: SeedResource[];
  /** Bookings a lift holds on an average past working day. */
  dailyBookings: number;
  /** About how many bookings the plan makes. */
  expectedBookings: number;
  /** Cars in the register, generated ones (the demo plates come on top). */
  vehicleCount: number;
  /** Loyalty members besides the demo account. */
  memberCount: number;
  past: string[];
  future: string[];
}

/** The chain's offices, lifts and how busy they are; the bookings come from chainBookings(). */
export function planChain(scale: ChainScale, today: string, seed: number, resources: (offices: OfficeSpec[]) => SeedResource[]): ChainPlan {
  checkScale(scale);
  const offices = chainOffices(scale.offices, seed);
  const lifts = resources(offices);
  const { past, future } = bookingDays(today, scale.years);
  const weights = [...past, ...future].reduce((sum, d) => sum + dayWeight(today, d), 0);
  const dailyBookings =
    scale.bookings === undefined ? DEFAULT_DAILY_BOOKINGS : Math.min(MAX_DAILY_BOOKINGS, scale.bookings / Math.max(1, lifts.length * weights));
  const expectedBookings = Math.round(lifts.length * weights * dailyBookings);
  const vehicleCount = Math.max(500, Math.ceil(expectedBookings / BOOKINGS_PER_CAR));
  return {
    scale,
    offices,
    resources: lifts,
    dailyBookings,
    expectedBookings,
    vehicleCount,
    memberCount: Math.ceil(vehicleCount / CARS_PER_MEMBER),
    past,
    future,
  };
}

/**
 * The bookings of the chain, one office at a time (an office's bookings fit in memory, a
 * large chain's all would not). Each lift's day is filled on the hourly grid from 8.00 to
 * 17.00, one booking after another, so that no two bookings of a lift overlap. Each office
 * has its own random stream: the same seed gives the same office whatever the chain's size.
 * A booking of a member's car is the member's: linked to the account, with the member's
 * name, e-mail, phone and address as its customer.
 */
export function* chainBookings(
  plan: ChainPlan,
  opts: {
    today: string;
    seed: number;
    vehicles: readonly SeedVehicle[];
    services: ReadonlyMap<string, SeedService>;
    /** The loyalty members and their accounts' ids (`accountIds[i]` is `members[i]`'s): their cars' bookings are theirs. */
    owners?: { members: readonly ChainMember[]; accountIds: readonly number[] };
  },
): Generator<SeedBooking[]> {
  const jobs = new Map<readonly string[], { items: string; total: number }>();
  const job = (ids: readonly string[]) => {
    let made = jobs.get(ids);
    if (!made) jobs.set(ids, (made = jobLines(opts.services, ids)));
    return made;
  };
  const days = [...plan.past.slice().reverse(), ...plan.future];
  const chances = new Map(days.map((d) => [d, startChance(plan.dailyBookings * dayWeight(opts.today, d))]));
  const owners = opts.owners ? carOwners(opts.owners.members, opts.owners.accountIds) : new Map<string, CarOwner>();
  const vehicles = opts.vehicles.map((v) => ({
    plate: v.register_number,
    json: JSON.stringify(bookingVehicle(v)),
    owner: owners.get(v.register_number),
  }));

  for (const [index, office] of plan.offices.entries()) {
    const rng = createRandom(deriveSeed(opts.seed, `chain-bookings-${office.id}`));
    const lifts = plan.resources.filter((r) => r.organization_id === office.id);
    const prefix = KEY_ALPHABET[Math.floor(index / KEY_ALPHABET.length)]! + KEY_ALPHABET[index % KEY_ALPHABET.length]!;
    const keys = new Set<string>();
    const bookingKey = (): string => {
      for (;;) {
        let key = prefix;
        for (let i = 0; i < 8; i++) key += KEY_ALPHABET[rng.int(0, KEY_ALPHABET.length - 1)];
        if (!keys.has(key)) {
          keys.add(key);
          return key;
        }
      }
    };
    const out: SeedBooking[] = [];
    for (const date of days) {
      const chance = chances.get(date)!;
      const tireShare = office.tire_change ? (isTireSeason(date) ? 0.6 : 0.1) : 0;
      for (const lift of lifts) {
        for (let from = FIRST_SLOT; from < CLOSING; ) {
          if (!rng.chance(chance)) {
            from += 60;
            continue;
          }
          const hours = rng.weighted(BOOKING_HOURS);
          const to = Math.min(CLOSING, from + hours * 60);
          const start = instantOf(date, from);
          const end = instantOf(date, to);
          const vehicle = rng.pick(vehicles);
          // Drawn for a member's car too, so that the office's stream stays the same with members or without.
          const drawn = randomCustomer(rng, office);
          const customer = vehicle.owner ? { ...drawn, ...vehicle.owner.customer } : drawn;
          const processType = rng.chance(tireShare) ? 'TIRE_CHANGE' : 'MAINTENANCE';
          const work = job(rng.pick(processType === 'TIRE_CHANGE' ? TIRE_JOBS : (JOBS_BY_HOURS[(to - from) / 60] ?? LONG_JOBS)));
          out.push({
            resourceId: lift.id,
            during: `[${start.toISOString()},${end.toISOString()})`,
            row: {
              booking_key: bookingKey(),
              process_token: null,
              process_type: processType,
              organization_id: office.id,
              register_number: vehicle.plate,
              status: 'CONFIRMED',
              start_at: start,
              end_at: end,
              time_selection_type: office.time_selection_type,
              customer: JSON.stringify(customer),
              customer_phone: normalizePhoneNumber(customer.phone_number),
              loyalty_account_id: vehicle.owner?.accountId ?? null,
              vehicle: vehicle.json,
              order_items: work.items,
              total_cents: work.total,
              using_key_locker: false,
              snapshot: '{}',
            },
          });
          from = to;
        }
      }
    }
    yield out;
  }
}

/** A generated loyalty member: the account (its id comes on insert) and the register's cars it owns. */
export interface ChainMember {
  account: Insertable<Database['loyalty_account']>;
  cars: Omit<Insertable<Database['loyalty_vehicle']>, 'account_id'>[];
}

/**
 * Which member owns each of the members' cars: register number → the member's index in
 * `members` (a car is its first owner's). Planned before the accounts have ids.
 */
export function carOwnerIndex(members: readonly ChainMember[]): Map<string, number> {
  const owners = new Map<string, number>();
  members.forEach((m, i) => {
    for (const car of m.cars) if (!owners.has(car.license)) owners.set(car.license, i);
  });
  return owners;
}

/** A member's car's bookings carry the account and the member's details, as a signed-in member's booking does. */
interface CarOwner {
  accountId: number;
  customer: Pick<Customer, 'first_name' | 'last_name' | 'phone_number' | 'email' | 'address' | 'post_code' | 'post_office'>;
}

/** The owners of the members' cars by register number, once the accounts have their ids. */
function carOwners(members: readonly ChainMember[], accountIds: readonly number[]): Map<string, CarOwner> {
  if (accountIds.length !== members.length) throw new Error('seed: an id for every loyalty member is needed');
  const byMember = members.map(({ account }, i): CarOwner => ({
    accountId: accountIds[i]!,
    customer: {
      first_name: account.firstname,
      last_name: account.lastname,
      phone_number: account.phone ?? '',
      email: account.email,
      address: account.address ?? '',
      post_code: account.zip ?? '',
      post_office: account.city ?? '',
    },
  }));
  return new Map([...carOwnerIndex(members)].map(([plate, i]) => [plate, byMember[i]!]));
}

/** The chain's loyalty members (the demo account comes on top), each with one or two of the register's cars. */
export function chainMembers(plan: ChainPlan, seed: number, vehicles: readonly SeedVehicle[], passwordHash: string): ChainMember[] {
  const rng: Random = createRandom(deriveSeed(seed, 'chain-members'));
  const members: ChainMember[] = [];
  let car = 0;
  for (let n = 1; n <= plan.memberCount; n++) {
    const office = rng.pick(plan.offices);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const cars = [];
    for (let c = rng.chance(0.25) ? 2 : 1; c > 0; c--) {
      const v = vehicles[car++ % vehicles.length]!;
      cars.push({ license: v.register_number, brand_name: v.make, model_name: v.model, car_type_specified: `${v.model} ${v.model_year}`, image_id: null });
    }
    const username = `jasen${n}@example.com`;
    members.push({
      account: {
        username,
        email: username,
        password_hash: passwordHash,
        firstname: first,
        lastname: last,
        phone: `04${rng.int(0, 9)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
        address: `${rng.pick(STREETS)} ${rng.int(1, 80)}`,
        zip: office.post_code,
        city: office.post_office,
        confirmed: true,
      },
      cars,
    });
  }
  return members;
}

