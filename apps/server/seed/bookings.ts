/**
 * Existing bookings, so that every rule of the calendar can be seen: whole days that are
 * full at every office, a full week at office 3, a scatter of bookings elsewhere, a
 * half-day whose key locker is full at office 1, and a year and more of past bookings
 * (the volume a real chain has: at least 30,000 bookings in all). Dates are relative to
 * the day the seed runs.
 */
import {
  DEFAULT_LOCKER_COMPARTMENTS,
  addDays,
  fromHelsinki,
  isFinnishHoliday,
  isoWeekday,
  normalizePhoneNumber,
  startOfWeek,
  type BookingVehicle,
  type Customer,
  type OrderItem,
} from '@huolto/domain';
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/types.ts';
import type { OfficeSpec, SeedResource } from './organizations.ts';
import type { Random } from './random.ts';
import type { SeedVehicle } from './vehicles.ts';

export interface SeedBooking {
  row: Insertable<Database['booking']>;
  resourceId: number;
  /** The resource_time range, '[start,end)' in UTC ISO instants. */
  during: string;
}

export interface BookingPlanOptions {
  today: string;
  offices: readonly OfficeSpec[];
  resources: readonly SeedResource[];
  /** Cars the bookings are for. */
  vehicles: readonly SeedVehicle[];
  /** PRNG of the past bookings; without it no past bookings are planned. */
  historyRng?: Random;
  /** The catalogue's services by id, with their group's stage: the bookings' lines are made of them. */
  services: ReadonlyMap<string, SeedService>;
}

/** A service of the catalogue as a booking's line needs it. */
export interface SeedService {
  id: string;
  description: string;
  priceCents: number;
  durationMinutes: number;
  groupId: string;
  stage: OrderItem['stage'];
}

/** The office whose whole week three weeks ahead is full (the calendar's auto-advance). */
export const FULL_WEEK_OFFICE_ID = 3;
/** How far ahead the scattered bookings reach, days (the calendar shows 8 weeks). */
const SCATTER_DAYS = 56;
/** Chance that a free hourly slot starts a booking; with 1–3 h lengths about 25 % is taken. */
const SCATTER_START_CHANCE = 0.2;

/** Past bookings reach back at least this many days… */
const HISTORY_MIN_DAYS = 370;
/** …and further until the database holds this many bookings in all. */
export const MIN_TOTAL_BOOKINGS = 30_000;
/** Chance that a free hourly slot of a past day started a booking. */
const HISTORY_START_CHANCE = 0.3;

/** The office whose key locker is full on one half-day, and which half-day. */
export const LOCKER_FULL_OFFICE_ID = 1;
/** The morning (8.00–9.00) of the third working day after the seed date. */
export function lockerFullDay(today: string): string {
  return nthWorkingDayAfter(today, 3);
}

/** A returning customer: earlier visits at office 1 (README demo data). */
export const RETURNING_CUSTOMER_PHONE = '040 076 5432';
/** The resource that served the returning customer's latest visit (Mekaanikko Sanna). */
export const RETURNING_CUSTOMER_RESOURCE_ID = 2;

const OPENING = 7 * 60 + 30;
export const CLOSING = 17 * 60;
export const FIRST_SLOT = 8 * 60;
/** How many hours a booking lasts, with its weight: most take an hour, some two or three. */
export const BOOKING_HOURS = [
  [1, 70],
  [2, 25],
  [3, 5],
] as const;

export function isWorkingDay(date: string): boolean {
  return isoWeekday(date) <= 5 && !isFinnishHoliday(date);
}

/** The n-th working day after `date` (n = 1 is the next one). */
export function nthWorkingDayAfter(date: string, n: number): string {
  let d = date;
  for (let found = 0; found < n; ) {
    d = addDays(d, 1);
    if (isWorkingDay(d)) found++;
  }
  return d;
}

/** Days on which every resource of an office is booked from opening to closing. */
export function fullDays(today: string, officeId: number): string[] {
  const days = [nthWorkingDayAfter(today, 2)];
  if (officeId === FULL_WEEK_OFFICE_ID) {
    const monday = startOfWeek(addDays(today, 21));
    for (let i = 0; i < 5; i++) {
      const d = addDays(monday, i);
      if (isWorkingDay(d) && !days.includes(d)) days.push(d);
    }
  }
  return days;
}

export const FIRST_NAMES = [
  'Aino', 'Antti', 'Eero', 'Elina', 'Emilia', 'Heikki', 'Helmi', 'Jari', 'Johanna', 'Juha',
  'Jukka', 'Kaisa', 'Kalle', 'Katja', 'Laura', 'Lauri', 'Leena', 'Marja', 'Markku', 'Matti',
  'Mika', 'Minna', 'Niina', 'Olli', 'Paula', 'Pekka', 'Petri', 'Riikka', 'Sanna', 'Satu',
  'Seppo', 'Tiina', 'Timo', 'Tuomas', 'Ville', 'Väinö', 'Päivi', 'Sari', 'Jyrki', 'Outi',
];
export const LAST_NAMES = [
  'Korhonen', 'Virtanen', 'Mäkinen', 'Nieminen', 'Mäkelä', 'Hämäläinen', 'Laine', 'Heikkinen',
  'Koskinen', 'Järvinen', 'Lehtonen', 'Lehtinen', 'Saarinen', 'Salminen', 'Heinonen', 'Niemi',
  'Heikkilä', 'Kinnunen', 'Salonen', 'Turunen', 'Salo', 'Laitinen', 'Tuominen', 'Rantanen',
  'Karjalainen', 'Jokinen', 'Mattila', 'Savolainen', 'Lahtinen', 'Ahonen', 'Räsänen', 'Leinonen',
];
const STREETS = [
  'Koivukuja', 'Mäntytie', 'Rantatie', 'Kirkkokatu', 'Puistokatu', 'Myllytie', 'Kalliotie',
  'Peltokuja', 'Harjutie', 'Koulukatu', 'Kauppakatu', 'Metsätie', 'Niittykuja', 'Tehtaankatu',
];
const MOBILE_PREFIXES = ['040', '041', '044', '045', '046', '050'];

/**
 * What a booking is for, by its booked hours: the catalogue's services a real customer
 * books together (ids of seed/services.ts). A tire-change booking of the past has tire work.
 */
export const JOBS_BY_HOURS: Record<number, readonly (readonly string[])[]> = {
  1: [['BRAKE-PADS-FRONT'], ['AC-SERVICE', 'CABIN-FILTER'], ['WHEEL-ALIGNMENT'], ['INSPECTION-PRECHECK', 'BATTERY-TEST'], ['BRAKE-SERVICE']],
  2: [['MAINT-30000', 'WASH-EXTERIOR'], ['MAINT-60000'], ['MAINT-90000', 'CABIN-FILTER'], ['BRAKE-DISCS-FRONT']],
  3: [['MAINT-120000', 'BRAKE-FLUID'], ['MAINT-180000', 'WHEEL-ALIGNMENT'], ['MAINT-240000'], ['TOWBAR']],
};
export const LONG_JOBS: readonly (readonly string[])[] = [['MAINT-240000', 'BRAKE-DISCS-FRONT'], ['TOWBAR', 'MAINT-120000']];
export const TIRE_JOBS: readonly (readonly string[])[] = [['TIRE-CHANGE-RIMS'], ['TIRE-HOTEL-CHANGE-SUV'], ['TIRE-CHANGE-RIMS', 'TIRE-WASH-BALANCE']];

// No I, O, 0 or 1: a key is read out on the phone.
export const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function emailPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äå]/g, 'a')
    .replace(/ö/g, 'o');
}

export function randomCustomer(rng: Random, office: OfficeSpec): Customer {
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const suffix = rng.chance(0.3) ? String(rng.int(1, 99)) : '';
  return {
    first_name: first,
    last_name: last,
    phone_number: `${rng.pick(MOBILE_PREFIXES)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
    email: `${emailPart(first)}.${emailPart(last)}${suffix}@example.com`,
    address: `${rng.pick(STREETS)} ${rng.int(1, 40)}`,
    post_code: office.post_code,
    post_office: office.post_office,
    preferred_contact_method: 'EMAIL',
    company_name: null,
    customer_type: null,
    direct_marketing_allowed: false,
    service_contract: rng.chance(0.1),
  };
}

export function bookingVehicle(v: SeedVehicle): BookingVehicle {
  return {
    register_number: v.register_number,
    make: v.make,
    model: v.model,
    model_year: v.model_year,
    classification: { id: v.classification_id },
    tires: v.tires,
  };
}

/** A booking's lines made of the catalogue's services, as JSON text, and their total in cents. */
export function jobLines(services: ReadonlyMap<string, SeedService>, ids: readonly string[]): { items: string; total: number } {
  const items: OrderItem[] = ids.map((id) => {
    const service = services.get(id);
    if (!service) throw new Error(`seed: no service ${id} in the catalogue`);
    return {
      display_description: service.description,
      price: service.priceCents,
      product: { id: service.id, provider: 'LAAKKONEN' },
      amount: 1,
      selected_service_identifier: service.groupId,
      parameters: {},
      stage: service.stage,
      duration_minutes: service.durationMinutes,
    };
  });
  return { items: JSON.stringify(items), total: items.reduce((sum, i) => sum + i.price, 0) };
}

/** Plans the bookings (pure: the caller inserts them). */
export function generateBookings(rng: Random, opts: BookingPlanOptions): SeedBooking[] {
  const usedKeys = new Set<string>();
  const bookingKey = (): string => {
    for (;;) {
      let key = '';
      for (let i = 0; i < 10; i++) key += KEY_ALPHABET[rng.int(0, KEY_ALPHABET.length - 1)];
      if (!usedKeys.has(key)) {
        usedKeys.add(key);
        return key;
      }
    }
  };

  const bookings: SeedBooking[] = [];
  // Each job's lines and total made once; the bookings share the JSON text.
  const jobOf = new Map<readonly string[], { items: string; total: number }>();
  const job = (ids: readonly string[]) => {
    let made = jobOf.get(ids);
    if (!made) {
      made = jobLines(opts.services, ids);
      jobOf.set(ids, made);
    }
    return made;
  };
  interface Extra {
    customer?: Partial<Customer>;
    usingKeyLocker?: boolean;
    processType?: string;
    timeSelectionType?: string;
  }
  const book = (
    r: Random,
    office: OfficeSpec,
    resourceId: number,
    date: string,
    from: number,
    to: number,
    extra: Extra = {},
  ): void => {
    // Helsinki wall clock → instant; stays right across daylight-saving changes.
    const start = instantOf(date, from);
    const end = instantOf(date, to);
    const hours = Math.ceil((to - Math.max(from, FIRST_SLOT)) / 60);
    const vehicle = r.pick(opts.vehicles);
    const customer = { ...randomCustomer(r, office), ...extra.customer };
    const processType = extra.processType ?? 'MAINTENANCE';
    const work = job(r.pick(processType === 'TIRE_CHANGE' ? TIRE_JOBS : (JOBS_BY_HOURS[hours] ?? LONG_JOBS)));
    bookings.push({
      resourceId,
      during: `[${start.toISOString()},${end.toISOString()})`,
      row: {
        booking_key: bookingKey(),
        process_token: null,
        process_type: processType,
        organization_id: office.id,
        register_number: vehicle.register_number,
        status: 'CONFIRMED',
        start_at: start,
        end_at: end,
        time_selection_type: extra.timeSelectionType ?? 'EXACT_TIME',
        customer: JSON.stringify(customer),
        customer_phone: normalizePhoneNumber(customer.phone_number),
        vehicle: JSON.stringify(bookingVehicle(vehicle)),
        order_items: work.items,
        total_cents: work.total,
        using_key_locker: extra.usingKeyLocker ?? false,
        snapshot: JSON.stringify(extra.usingKeyLocker ? { using_key_locker: true } : {}),
      },
    });
  };

  /** Fixed bookings placed before the scatter, by 'resourceId|date': [from, to) minutes. */
  const fixed = new Map<string, [number, number][]>();
  const bookFixed = (r: Random, office: OfficeSpec, resourceId: number, date: string, from: number, to: number, extra: Extra) => {
    book(r, office, resourceId, date, from, to, extra);
    const key = `${resourceId}|${date}`;
    fixed.set(key, [...(fixed.get(key) ?? []), [from, to]]);
  };
  /**
   * Bookings on the hourly grid of one resource-day: each free hour starts one with the
   * given chance, 1–3 hours long, never over a fixed booking.
   */
  const scatter = (r: Random, office: OfficeSpec, resourceId: number, date: string, startChance: number, extra: Extra = {}) => {
    const taken = fixed.get(`${resourceId}|${date}`) ?? [];
    let from = FIRST_SLOT;
    while (from < CLOSING) {
      const inside = taken.find(([a, b]) => from >= a && from < b);
      if (inside) {
        from = inside[1];
        continue;
      }
      if (!r.chance(startChance)) {
        from += 60;
        continue;
      }
      const hours = r.weighted(BOOKING_HOURS);
      const next = taken.filter(([a]) => a > from).reduce((m, [a]) => Math.min(m, a), CLOSING);
      const to = Math.min(next, from + hours * 60);
      book(r, office, resourceId, date, from, to, extra);
      from = to;
    }
  };

  const firstDay = addDays(opts.today, 1);
  const lockerDay = lockerFullDay(opts.today);
  for (const office of opts.offices) {
    const resources = opts.resources.filter((r) => r.organization_id === office.id);
    const full = fullDays(opts.today, office.id);

    // Full days: each lift taken from opening to closing by a few back-to-back jobs.
    for (const date of full) {
      for (const resource of resources) {
        let from = OPENING;
        let to = FIRST_SLOT + rng.int(1, 2) * 60;
        while (from < CLOSING) {
          book(rng, office, resource.id, date, from, to);
          from = to;
          to = Math.min(CLOSING, from + rng.int(1, 3) * 60);
        }
      }
    }

    // A full key locker: on the locker day's morning every compartment is taken by a
    // customer who leaves the car in the locker (8.00–9.00, one lift each).
    if (office.id === LOCKER_FULL_OFFICE_ID) {
      const compartments = office.locker_compartments ?? DEFAULT_LOCKER_COMPARTMENTS;
      for (const resource of resources.slice(0, compartments)) {
        bookFixed(rng, office, resource.id, lockerDay, FIRST_SLOT, FIRST_SLOT + 60, { usingKeyLocker: true });
      }
    }

    // Scattered bookings on the hourly grid over the next eight weeks.
    for (let i = 0; i < SCATTER_DAYS; i++) {
      const date = addDays(firstDay, i);
      if (!isWorkingDay(date) || full.includes(date)) continue;
      for (const resource of resources) scatter(rng, office, resource.id, date, SCATTER_START_CHANCE);
    }
  }

  if (opts.historyRng) planHistory(opts.historyRng);
  return bookings;

  /**
   * The past: every working day from yesterday back at least a year, and further until
   * there are MIN_TOTAL_BOOKINGS bookings, each lift's day scattered like the future's.
   * Office 1 has a returning customer whose latest visit was with Mekaanikko Sanna.
   */
  function planHistory(h: Random) {
    const office1 = opts.offices.find((o) => o.id === 1);
    if (office1) {
      const customer = { first_name: 'Ritva', last_name: 'Palaava', phone_number: RETURNING_CUSTOMER_PHONE, email: 'ritva.palaava@example.com' };
      const latest = lastWorkingDayOnOrBefore(addDays(opts.today, -14));
      const earlier = lastWorkingDayOnOrBefore(addDays(opts.today, -120));
      bookFixed(h, office1, RETURNING_CUSTOMER_RESOURCE_ID, latest, 10 * 60, 11 * 60, { customer });
      bookFixed(h, office1, RETURNING_CUSTOMER_RESOURCE_ID + 1, earlier, 9 * 60, 11 * 60, { customer });
    }
    const byOffice = opts.offices.map((office) => ({
      office,
      resources: opts.resources.filter((r) => r.organization_id === office.id),
    }));
    let date = opts.today;
    for (let back = 1; back <= HISTORY_MIN_DAYS || bookings.length < MIN_TOTAL_BOOKINGS; back++) {
      date = addDays(date, -1);
      if (!isWorkingDay(date)) continue;
      for (const { office, resources } of byOffice) {
        for (const resource of resources) {
          const processType = office.tire_change && h.chance(0.3) ? 'TIRE_CHANGE' : 'MAINTENANCE';
          scatter(h, office, resource.id, date, HISTORY_START_CHANCE, {
            processType,
            timeSelectionType: office.time_selection_type,
          });
        }
      }
    }
  }
}

/**
 * The instant of a Helsinki wall-clock time on a working day, fast: the day's UTC offset
 * is looked up once (at noon) and reused. Daylight saving changes at 3.00/4.00 on a
 * Sunday, never during a working day, so the offset holds from opening to closing.
 */
const noonCache = new Map<string, number>();
export function instantOf(date: string, minutes: number): Date {
  let noon = noonCache.get(date);
  if (noon === undefined) {
    noon = fromHelsinki(date, '12:00:00').getTime();
    noonCache.set(date, noon);
  }
  return new Date(noon + (minutes - 12 * 60) * 60000);
}

function lastWorkingDayOnOrBefore(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, -1);
  return d;
}
