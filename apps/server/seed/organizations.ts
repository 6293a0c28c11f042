/**
 * The offices of the Laakkonen chain: where they are, which makes they are authorised
 * dealers for, and their lifts (resources). All fixed, not random, so that office and
 * resource ids mean the same thing in every seeded database.
 */
import type { Insertable } from 'kysely';
import type { Database } from '../src/db/types.ts';
import { DEFAULT_LOCKER_COMPARTMENTS } from '@huolto/domain';
import { MAKE } from './catalog.ts';

export interface OfficeSpec {
  id: number;
  /** The office's own code; by default officeCode() of its name. */
  code?: string;
  name: string;
  address: string;
  post_code: string;
  post_office: string;
  phone: string;
  email: string;
  latitude: number;
  longitude: number;
  time_selection_type: 'EXACT_TIME' | 'DAY_ONLY';
  tire_change: boolean;
  windshield: boolean;
  show_loan_calculator: boolean;
  /** Makes the office is an authorised brand dealer for. */
  dealerFor: readonly number[];
  /** Lifts with their mechanics; the capacity of the calendar. */
  resources: number;
  /** Key-locker compartments (default 4). */
  locker_compartments?: number;
  /** The office takes only leads (a wished date), no reserved times. */
  lead_only?: boolean;
  /** Customers may choose their mechanic. */
  customer_selects_resource?: boolean;
}

// Office e-mails use the reserved .example top-level domain so that nothing real is mailed.
export const OFFICES: readonly OfficeSpec[] = [
  {
    id: 1,
    name: 'Laakkonen Helsinki Konala',
    address: 'Ruosilantie 14',
    post_code: '00390',
    post_office: 'Helsinki',
    phone: '010 525 4100',
    email: 'konala.huolto@laakkonen.example',
    latitude: 60.2374,
    longitude: 24.8443,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: true,
    dealerFor: [MAKE.VOLKSWAGEN, MAKE.AUDI, MAKE.SKODA, MAKE.SEAT],
    resources: 5,
    customer_selects_resource: true,
  },
  {
    id: 2,
    name: 'Laakkonen Espoo Kilo',
    address: 'Kilonkartanontie 3',
    post_code: '02610',
    post_office: 'Espoo',
    phone: '010 525 4200',
    email: 'kilo.huolto@laakkonen.example',
    latitude: 60.2176,
    longitude: 24.7812,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: false,
    dealerFor: [MAKE.MERCEDES_BENZ],
    resources: 4,
  },
  {
    id: 3,
    name: 'Laakkonen Vantaa Tikkurila',
    address: 'Valimotie 9',
    post_code: '01510',
    post_office: 'Vantaa',
    phone: '010 525 4300',
    email: 'tikkurila.huolto@laakkonen.example',
    latitude: 60.2937,
    longitude: 25.0301,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [MAKE.KIA, MAKE.HYUNDAI],
    resources: 3,
  },
  {
    id: 4,
    name: 'Laakkonen Tampere Lakalaiva',
    address: 'Lakalaivankatu 12',
    post_code: '33840',
    post_office: 'Tampere',
    phone: '010 525 4400',
    email: 'lakalaiva.huolto@laakkonen.example',
    latitude: 61.4698,
    longitude: 23.7561,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: true,
    dealerFor: [MAKE.TOYOTA],
    resources: 5,
    customer_selects_resource: true,
  },
  {
    id: 5,
    name: 'Laakkonen Turku Itäharju',
    address: 'Vähäheikkiläntie 56',
    post_code: '20810',
    post_office: 'Turku',
    phone: '010 525 4500',
    email: 'turku.huolto@laakkonen.example',
    latitude: 60.4439,
    longitude: 22.2906,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: false,
    dealerFor: [MAKE.VOLVO],
    resources: 4,
  },
  {
    id: 6,
    name: 'Laakkonen Lahti Renkomäki',
    address: 'Ajokatu 42',
    post_code: '15550',
    post_office: 'Lahti',
    phone: '010 525 4600',
    email: 'lahti.huolto@laakkonen.example',
    latitude: 60.9632,
    longitude: 25.6905,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [MAKE.FORD, MAKE.MAZDA],
    resources: 3,
    locker_compartments: 2,
  },
  {
    id: 7,
    name: 'Laakkonen Jyväskylä Seppälä',
    address: 'Vasarakatu 21',
    post_code: '40320',
    post_office: 'Jyväskylä',
    phone: '010 525 4700',
    email: 'jyvaskyla.huolto@laakkonen.example',
    latitude: 62.2587,
    longitude: 25.7762,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: false,
    dealerFor: [MAKE.VOLKSWAGEN, MAKE.SKODA],
    resources: 4,
  },
  {
    id: 8,
    name: 'Laakkonen Kuopio Leväsentie',
    address: 'Leväsentie 23',
    post_code: '70780',
    post_office: 'Kuopio',
    phone: '010 525 4800',
    email: 'kuopio.huolto@laakkonen.example',
    latitude: 62.9083,
    longitude: 27.7178,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [MAKE.NISSAN, MAKE.RENAULT],
    resources: 3,
  },
  {
    id: 9,
    name: 'Laakkonen Oulu Limingantulli',
    address: 'Kauppalinnankuja 1',
    post_code: '90400',
    post_office: 'Oulu',
    phone: '010 525 4900',
    email: 'oulu.huolto@laakkonen.example',
    latitude: 64.9994,
    longitude: 25.4876,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: true,
    show_loan_calculator: true,
    dealerFor: [MAKE.BMW, MAKE.MINI],
    resources: 4,
  },
  {
    id: 10,
    name: 'Laakkonen Joensuu',
    address: 'Voimatie 5',
    post_code: '80100',
    post_office: 'Joensuu',
    phone: '010 525 5000',
    email: 'joensuu.huolto@laakkonen.example',
    latitude: 62.6104,
    longitude: 29.7285,
    time_selection_type: 'EXACT_TIME',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [],
    resources: 2,
    lead_only: true,
  },
  {
    id: 11,
    name: 'Laakkonen Mikkeli',
    address: 'Graanintie 7',
    post_code: '50190',
    post_office: 'Mikkeli',
    phone: '010 525 5100',
    email: 'mikkeli.huolto@laakkonen.example',
    latitude: 61.7019,
    longitude: 27.2463,
    time_selection_type: 'EXACT_TIME',
    tire_change: false,
    windshield: true,
    show_loan_calculator: false,
    dealerFor: [MAKE.PEUGEOT, MAKE.CITROEN, MAKE.OPEL],
    resources: 3,
  },
  {
    id: 12,
    name: 'Laakkonen Hämeenlinna',
    address: 'Parolantie 57',
    post_code: '13130',
    post_office: 'Hämeenlinna',
    phone: '010 525 5200',
    email: 'hameenlinna.huolto@laakkonen.example',
    latitude: 61.0063,
    longitude: 24.4427,
    time_selection_type: 'DAY_ONLY',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [MAKE.MITSUBISHI],
    resources: 2,
  },
  {
    id: 13,
    name: 'Laakkonen Pori',
    address: 'Tiilimäenkatu 2',
    post_code: '28130',
    post_office: 'Pori',
    phone: '010 525 5300',
    email: 'pori.huolto@laakkonen.example',
    latitude: 61.4723,
    longitude: 21.8081,
    time_selection_type: 'DAY_ONLY',
    tire_change: true,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [],
    resources: 2,
    locker_compartments: 2,
  },
  {
    id: 14,
    name: 'Laakkonen Vaasa',
    address: 'Runsorintie 10',
    post_code: '65380',
    post_office: 'Vaasa',
    phone: '010 525 5400',
    email: 'vaasa.huolto@laakkonen.example',
    latitude: 63.0773,
    longitude: 21.6435,
    time_selection_type: 'EXACT_TIME',
    tire_change: false,
    windshield: false,
    show_loan_calculator: false,
    dealerFor: [],
    resources: 3,
  },
];

export interface SeedResource {
  id: number;
  organization_id: number;
  name: string;
  /** A customer may choose this mechanic (offices with customer_selects_resource). */
  selectable: boolean;
  /** The mechanic's name shown to customers. */
  display_name: string;
}

/** Mechanics' first names, handed out to resources in order across the chain. */
const MECHANICS = [
  'Jari', 'Sanna', 'Pekka', 'Laura', 'Timo', 'Mika', 'Katja', 'Juha', 'Outi', 'Ville', 'Heikki', 'Riikka',
];

/** An office's own code: its name's last word without the chain's name, 'KONALA', 'JOENSUU'. */
export function officeCode(o: Pick<OfficeSpec, 'name'>): string {
  const last = o.name.split(' ').at(-1) ?? o.name;
  return last
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();
}

export function organizationRows(offices: readonly OfficeSpec[] = OFFICES): Insertable<Database['organization']>[] {
  return offices.map((o) => ({
    id: o.id,
    code: o.code ?? officeCode(o),
    name: o.name,
    address: o.address,
    post_code: o.post_code,
    post_office: o.post_office,
    phone: o.phone,
    email: o.email,
    latitude: o.latitude,
    longitude: o.longitude,
    time_selection_type: o.time_selection_type,
    // The chain's common hours (requirements §9) and an hourly grid from 8.00.
    opening_time: '07:30',
    closing_time: '17:00',
    first_slot_time: '08:00',
    slot_step_minutes: 60,
    tire_change: o.tire_change,
    windshield: o.windshield,
    show_loan_calculator: o.show_loan_calculator,
    active: true,
    locker_compartments: o.locker_compartments ?? DEFAULT_LOCKER_COMPARTMENTS,
    lead_only: o.lead_only ?? false,
    customer_selects_resource: o.customer_selects_resource ?? false,
  }));
}

export function organizationMakeRows(offices: readonly OfficeSpec[] = OFFICES): Insertable<Database['organization_make']>[] {
  return offices.flatMap((o) => o.dealerFor.map((makeId) => ({ organization_id: o.id, make_id: makeId })));
}

/**
 * Resources numbered 1… across the chain, in office order: office 1 has ids 1–5
 * (Mekaanikko Jari, Sanna, Pekka, Laura, Timo).
 */
export function resourceRows(offices: readonly OfficeSpec[] = OFFICES): SeedResource[] {
  const rows: SeedResource[] = [];
  for (const office of offices) {
    for (let n = 1; n <= office.resources; n++) {
      rows.push({
        id: rows.length + 1,
        organization_id: office.id,
        name: `Nosturi ${n}`,
        selectable: office.customer_selects_resource ?? false,
        display_name: `Mekaanikko ${MECHANICS[rows.length % MECHANICS.length]}`,
      });
    }
  }
  return rows;
}
