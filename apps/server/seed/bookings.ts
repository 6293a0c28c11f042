/**
 * Existing bookings, so that every rule of the calendar can be seen: whole days that are
 * full at every office, a full week at office 3, and a scatter of bookings elsewhere.
 * Dates are relative to the day the seed runs; nothing is booked in the past.
 */
import {
  addDays,
  fromHelsinki,
  isFinnishHoliday,
  isoWeekday,
  minutesToTime,
  startOfWeek,
  type BookingVehicle,
  type Customer,
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
}

/** The office whose whole week three weeks ahead is full (the calendar's auto-advance). */
export const FULL_WEEK_OFFICE_ID = 3;
/** How far ahead the scattered bookings reach, days (the calendar shows 8 weeks). */
const SCATTER_DAYS = 56;
/** Chance that a free hourly slot starts a booking; with 1–3 h lengths about 25 % is taken. */
const SCATTER_START_CHANCE = 0.2;

const OPENING = 7 * 60 + 30;
const CLOSING = 17 * 60;
const FIRST_SLOT = 8 * 60;

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

const FIRST_NAMES = [
  'Aino', 'Antti', 'Eero', 'Elina', 'Emilia', 'Heikki', 'Helmi', 'Jari', 'Johanna', 'Juha',
  'Jukka', 'Kaisa', 'Kalle', 'Katja', 'Laura', 'Lauri', 'Leena', 'Marja', 'Markku', 'Matti',
  'Mika', 'Minna', 'Niina', 'Olli', 'Paula', 'Pekka', 'Petri', 'Riikka', 'Sanna', 'Satu',
  'Seppo', 'Tiina', 'Timo', 'Tuomas', 'Ville', 'Väinö', 'Päivi', 'Sari', 'Jyrki', 'Outi',
];
const LAST_NAMES = [
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

/** Typical totals (cents) by booked hours: oil change or tire work, maintenance, bigger jobs. */
const TOTALS_BY_HOURS: Record<number, readonly number[]> = {
  1: [4990, 8990, 12990, 15990, 17990],
  2: [27990, 30790, 33990, 38990],
  3: [45990, 52990, 59990, 67590],
};
const LONG_JOB_TOTALS = [67590, 84990, 112990];

// No I, O, 0 or 1: a key is read out on the phone.
const KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function emailPart(name: string): string {
  return name
    .toLowerCase()
    .replace(/[äå]/g, 'a')
    .replace(/ö/g, 'o');
}

function randomCustomer(rng: Random, office: OfficeSpec): Customer {
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

function bookingVehicle(v: SeedVehicle): BookingVehicle {
  return {
    register_number: v.register_number,
    make: v.make,
    model: v.model,
    model_year: v.model_year,
    classification: { id: v.classification_id },
    tires: v.tires,
  };
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
  const book = (office: OfficeSpec, resourceId: number, date: string, from: number, to: number): void => {
    // Helsinki wall clock → instant; stays right across daylight-saving changes.
    const start = fromHelsinki(date, minutesToTime(from));
    const end = fromHelsinki(date, minutesToTime(to));
    const hours = Math.ceil((to - Math.max(from, FIRST_SLOT)) / 60);
    const vehicle = rng.pick(opts.vehicles);
    bookings.push({
      resourceId,
      during: `[${start.toISOString()},${end.toISOString()})`,
      row: {
        booking_key: bookingKey(),
        process_token: null,
        process_type: 'MAINTENANCE',
        organization_id: office.id,
        register_number: vehicle.register_number,
        status: 'CONFIRMED',
        start_at: start,
        end_at: end,
        time_selection_type: 'EXACT_TIME',
        customer: JSON.stringify(randomCustomer(rng, office)),
        vehicle: JSON.stringify(bookingVehicle(vehicle)),
        order_items: JSON.stringify([]),
        total_cents: rng.pick(TOTALS_BY_HOURS[hours] ?? LONG_JOB_TOTALS),
        snapshot: JSON.stringify({}),
      },
    });
  };

  const firstDay = addDays(opts.today, 1);
  for (const office of opts.offices) {
    const resources = opts.resources.filter((r) => r.organization_id === office.id);
    const full = fullDays(opts.today, office.id);

    // Full days: each lift taken from opening to closing by a few back-to-back jobs.
    for (const date of full) {
      for (const resource of resources) {
        let from = OPENING;
        let to = FIRST_SLOT + rng.int(1, 2) * 60;
        while (from < CLOSING) {
          book(office, resource.id, date, from, to);
          from = to;
          to = Math.min(CLOSING, from + rng.int(1, 3) * 60);
        }
      }
    }

    // Scattered bookings on the hourly grid over the next eight weeks.
    for (let i = 0; i < SCATTER_DAYS; i++) {
      const date = addDays(firstDay, i);
      if (!isWorkingDay(date) || full.includes(date)) continue;
      for (const resource of resources) {
        let from = FIRST_SLOT;
        while (from < CLOSING) {
          if (!rng.chance(SCATTER_START_CHANCE)) {
            from += 60;
            continue;
          }
          const hours = rng.weighted([
            [1, 70],
            [2, 25],
            [3, 5],
          ] as const);
          const to = Math.min(CLOSING, from + hours * 60);
          book(office, resource.id, date, from, to);
          from = to;
        }
      }
    }
  }
  return bookings;
}
