/**
 * The vehicle register: documented demo plates plus thousands of generated cars with
 * Finnish plates, model years, fuels and factory tire sizes.
 */
import { REGISTER_NUMBER_PATTERN } from '@huolto/domain';
import {
  FUEL_NAMES,
  MAKE,
  MAKES,
  classificationOf,
  findMake,
  findModel,
  parseAxleTires,
  type AxleTires,
  type FuelCode,
  type MakeSpec,
  type ModelSpec,
} from './catalog.ts';
import type { Random } from './random.ts';

export interface SeedVehicle {
  register_number: string;
  make_id: number;
  make: string;
  model: string;
  model_year: number;
  classification_id: number;
  fuel: string;
  /** 'YYYY-MM-DD', first registration in Finland. */
  introduction_date: string;
  tires: AxleTires;
}

/** The plate the demo uses for "vehicle not found"; never generated (README). */
export const NOT_FOUND_PLATE = 'ZZZ-999';

interface DemoVehicle {
  register_number: string;
  make_id: number;
  model: string;
  model_year: number;
  fuel: FuelCode;
  introduction_date: string;
  tires: string;
  /** What the plate demonstrates. */
  purpose: string;
}

/** Plates named in the README, one for each interesting case. */
export const DEMO_VEHICLES: readonly DemoVehicle[] = [
  {
    register_number: 'ABC-123',
    make_id: MAKE.VOLKSWAGEN,
    model: 'Golf',
    model_year: 2019,
    fuel: 'B',
    introduction_date: '2019-04-12',
    tires: '205/55R16 91',
    purpose: 'passenger car; brand service at office 1 (Volkswagen dealer), maintenance packages by mileage',
  },
  {
    register_number: 'VAN-123',
    make_id: MAKE.VOLKSWAGEN,
    model: 'Transporter',
    model_year: 2020,
    fuel: 'D',
    introduction_date: '2020-02-21',
    tires: '215/65R16 106',
    purpose: 'van (classification 2): the example tire has the extra marking C',
  },
  {
    register_number: 'BMW-123',
    make_id: MAKE.BMW,
    model: '320i',
    model_year: 2020,
    fuel: 'B',
    introduction_date: '2020-05-08',
    tires: '225/45R18 95|255/40R18 99',
    purpose: 'BMW: redirect with license and mileage in thousands; different front and rear tires',
  },
  {
    register_number: 'KIA-123',
    make_id: MAKE.KIA,
    model: 'Ceed',
    model_year: 2021,
    fuel: 'B',
    introduction_date: '2021-03-15',
    tires: '205/55R16 91',
    purpose: 'Kia: redirect with vrm and mileage',
  },
  {
    register_number: 'TOY-123',
    make_id: MAKE.TOYOTA,
    model: 'Corolla',
    model_year: 2020,
    fuel: 'H',
    introduction_date: '2020-09-02',
    tires: '225/45R17 91',
    purpose: 'Toyota: brand service in Tampere',
  },
  {
    register_number: 'MIN-123',
    make_id: MAKE.MINI,
    model: 'Cooper',
    model_year: 2018,
    fuel: 'B',
    introduction_date: '2018-06-19',
    tires: '195/55R16 87',
    purpose: 'Mini: redirect like BMW',
  },
  {
    register_number: 'MIT-123',
    make_id: MAKE.MITSUBISHI,
    model: 'Outlander',
    model_year: 2019,
    fuel: 'P',
    introduction_date: '2019-08-27',
    tires: '225/55R18 98',
    purpose: 'Mitsubishi: redirect like Kia',
  },
  {
    register_number: 'VOL-123',
    make_id: MAKE.VOLVO,
    model: 'V60',
    model_year: 2017,
    fuel: 'D',
    introduction_date: '2017-01-30',
    tires: '215/55R17 98',
    purpose: 'Volvo: brand service in Turku',
  },
  {
    register_number: 'TES-123',
    make_id: MAKE.TESLA,
    model: 'Model 3',
    model_year: 2022,
    fuel: 'E',
    introduction_date: '2022-04-04',
    tires: '235/45R18 98',
    purpose: 'Tesla: a make without its own maintenance packages (generic ones apply)',
  },
  {
    register_number: 'A-1',
    make_id: MAKE.MERCEDES_BENZ,
    model: 'E 220 d',
    model_year: 2016,
    fuel: 'D',
    introduction_date: '2016-10-11',
    tires: '225/55R17 101',
    purpose: 'the shortest plate format (one letter, one digit)',
  },
];

function demoVehicle(d: DemoVehicle): SeedVehicle {
  const make = findMake(d.make_id);
  return {
    register_number: d.register_number,
    make_id: make.id,
    make: make.name,
    model: d.model,
    model_year: d.model_year,
    classification_id: classificationOf(findModel(make.id, d.model)),
    fuel: FUEL_NAMES[d.fuel],
    introduction_date: d.introduction_date,
    tires: parseAxleTires(d.tires),
  };
}

// Letters of ordinary Finnish plates (Å, Ä, Ö, Q and W are not issued in series).
const PLATE_LETTERS = 'ABCDEFGHIJKLMNOPRSTUVXYZ';

function randomPlate(rng: Random): string {
  let letters = '';
  for (let i = 0; i < 3; i++) letters += PLATE_LETTERS[rng.int(0, PLATE_LETTERS.length - 1)];
  // Mostly three digits; older series also have one or two.
  const digits = rng.weighted<[number, number]>([
    [[100, 999], 90],
    [[10, 99], 8],
    [[1, 9], 2],
  ]);
  return `${letters}-${rng.int(digits[0], digits[1])}`;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Generates `count` cars plus the demo vehicles. Model years run 2005–2025 within each
 * model's years on sale, and never past `today`'s year.
 */
export function generateVehicles(rng: Random, count: number, today: string): SeedVehicle[] {
  const todayYear = Number(today.slice(0, 4));
  const vehicles = DEMO_VEHICLES.map(demoVehicle);
  const used = new Set(vehicles.map((v) => v.register_number));
  const makeWeights = MAKES.map((m) => [m, m.weight] as const);

  while (vehicles.length < count + DEMO_VEHICLES.length) {
    const plate = randomPlate(rng);
    // The ZZZ series is kept free so that the not-found demo plate stays not found.
    if (used.has(plate) || plate.startsWith('ZZZ-') || !REGISTER_NUMBER_PATTERN.test(plate)) continue;

    const make: MakeSpec = rng.weighted(makeWeights);
    const model: ModelSpec = rng.pick(make.models);
    const first = Math.max(2005, model.years[0]);
    const last = Math.min(2025, model.years[1], todayYear);
    if (first > last) continue;
    const year = rng.int(first, last);
    const fuel = rng.weighted(Object.entries(model.fuels).map(([code, w]) => [code as FuelCode, w] as const));
    let introduction = `${year}-${pad2(rng.int(1, 12))}-${pad2(rng.int(1, 28))}`;
    if (introduction > today) introduction = today;

    used.add(plate);
    vehicles.push({
      register_number: plate,
      make_id: make.id,
      make: make.name,
      model: model.name,
      model_year: year,
      classification_id: classificationOf(model),
      fuel: FUEL_NAMES[fuel],
      introduction_date: introduction,
      tires: parseAxleTires(rng.pick(model.tires)),
    });
  }
  return vehicles;
}
